// A prime field in Montgomery form, written once as a template over its constants (the modulus,
// R^2 mod p, -p^-1 mod 2^32, R mod p). Limbs are 32-bit words, little-endian; N words make the
// same bytes as prover-core's N/2 little-endian u64 limbs, and R = 2^(32N) equals prover-core's
// 2^(64 * limbs), so an element's Montgomery bytes are identical on both sides.
//
// Multiplication is CIOS over 32-bit words with PTX carry chains, each row split in two
// independent halves. Every value stays fully reduced (< p) after every operation, so equal
// elements have equal bytes.
#pragma once
#include <cstdint>

// -p^-1 mod 2^32 for the moduli with p = 1 mod 2^32, kept in memory on purpose: see mont_t::m0.
static __device__ __constant__ const uint32_t MONT_M0_ALL_ONES = 0xffffffffu;

template <int N, const uint32_t (&P)[N], uint32_t M0, const uint32_t (&RR)[N], const uint32_t (&ONE)[N]>
struct mont_t {
    static_assert(N % 4 == 0, "loads and stores move 4 words at a time");
    static constexpr int n = N;
    uint32_t v[N];

    __device__ __forceinline__ static mont_t zero() {
        mont_t r;
#pragma unroll
        for (int i = 0; i < N; i++) r.v[i] = 0;
        return r;
    }
    __device__ __forceinline__ static mont_t one() {
        mont_t r;
#pragma unroll
        for (int i = 0; i < N; i++) r.v[i] = ONE[i];
        return r;
    }

    __device__ __forceinline__ bool is_zero() const {
        uint32_t acc = 0;
#pragma unroll
        for (int i = 0; i < N; i++) acc |= v[i];
        return acc == 0;
    }
    __device__ __forceinline__ bool operator==(const mont_t& b) const {
        uint32_t acc = 0;
#pragma unroll
        for (int i = 0; i < N; i++) acc |= v[i] ^ b.v[i];
        return acc == 0;
    }
    __device__ __forceinline__ bool operator!=(const mont_t& b) const { return !(*this == b); }

    // One element as 16-byte vector accesses: N is a multiple of 4 and arrays are 16-byte aligned.
    __device__ __forceinline__ static mont_t load(const uint32_t* p) {
        mont_t r;
        const uint4* q = reinterpret_cast<const uint4*>(p);
#pragma unroll
        for (int i = 0; i < N / 4; i++) {
            uint4 t = q[i];
            r.v[4 * i] = t.x; r.v[4 * i + 1] = t.y; r.v[4 * i + 2] = t.z; r.v[4 * i + 3] = t.w;
        }
        return r;
    }
    __device__ __forceinline__ void store(uint32_t* p) const {
        uint4* q = reinterpret_cast<uint4*>(p);
#pragma unroll
        for (int i = 0; i < N / 4; i++) q[i] = make_uint4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
    }

    // r = a - p when a >= p, else a (a < 2p).
    __device__ __forceinline__ void reduce_once() {
        uint32_t t[N], borrow;
        asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(t[0]) : "r"(v[0]), "r"(P[0]));
#pragma unroll
        for (int i = 1; i < N; i++) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(t[i]) : "r"(v[i]), "r"(P[i]));
        asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow));
        // borrow is 0xffffffff when a < p: keep a.
#pragma unroll
        for (int i = 0; i < N; i++) v[i] = borrow ? v[i] : t[i];
    }

    __device__ __forceinline__ friend mont_t operator+(const mont_t& a, const mont_t& b) {
        mont_t r;
        asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(a.v[0]), "r"(b.v[0]));
#pragma unroll
        for (int i = 1; i < N; i++) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(a.v[i]), "r"(b.v[i]));
        // Both moduli leave the top bit of the top word free (p < 2^(32N-1)), so a + b cannot carry out.
        r.reduce_once();
        return r;
    }

    __device__ __forceinline__ friend mont_t operator-(const mont_t& a, const mont_t& b) {
        mont_t r;
        uint32_t borrow;
        asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(a.v[0]), "r"(b.v[0]));
#pragma unroll
        for (int i = 1; i < N; i++) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(a.v[i]), "r"(b.v[i]));
        asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow));
        uint32_t m[N];
#pragma unroll
        for (int i = 0; i < N; i++) m[i] = P[i] & borrow;
        asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(r.v[0]) : "r"(m[0]));
#pragma unroll
        for (int i = 1; i < N; i++) asm volatile("addc.cc.u32 %0, %0, %1;" : "+r"(r.v[i]) : "r"(m[i]));
        return r;
    }

    __device__ __forceinline__ mont_t operator-() const { return zero() - *this; }
    __device__ __forceinline__ mont_t dbl() const { return *this + *this; }

    // CIOS with the running sum t split over two accumulators, t = x + y. A row a * bi is added as
    // its even-indexed products (a_j bi for even j fill words j and j + 1: an N-word number with
    // no overlaps) into one accumulator at words [0, N), and its odd-indexed products (words 1 to N)
    // into the other at [1, N]; the same for m * p. Each half is one carry chain of N multiply-adds,
    // and the two halves of a row do not depend on each other, so ptxas runs them side by side (the
    // carry lives in predicate registers in SASS) instead of one chain of 2N. Word 0 of t, from
    // which m is computed, is merged first; its carry enters the odd chain of m * p at word 1
    // (mul.lo between them leaves the carry flag alone). t stays below 2p, so each accumulator does
    // too and the top words only collect chain carries.
    // The accumulators swap roles every row: after the division by the word, the odd accumulator's
    // words (1, 2), (3, 4) ... sit at (0, 1), (2, 3) ..., where the next row's even products go, and
    // the even one's at (1, 2) ..., where the odd products go. So each word pair that a product's low
    // and high halves update stays one register pair (IMAD.WIDE writes an aligned pair). With fixed
    // roles the pairs would shift by one word every row and ptxas would re-pair them with moves
    // issued on the multiply pipe (IMAD.MOV.U32 in native-cuda/probe's SASS), which the mixed
    // additions of the MSM pay for; the probe measures their rate.
    __device__ __forceinline__ friend mont_t operator*(const mont_t& a, const mont_t& b) {
        static_assert(N % 2 == 0, "the even/odd split pairs words and rows");
        uint32_t x[N + 2], y[N + 2];
#pragma unroll
        for (int i = 0; i <= N + 1; i++) x[i] = y[i] = 0;
#pragma unroll
        for (int i = 0; i < N; i += 2) {
            row(x, y, a.v, b.v[i]);
            row(y, x, a.v, b.v[i + 1]);
        }
        return merged(x, y);
    }

    // a b - c d = a b + (p - c) d with one reduction per row for both products: the rows of the two
    // products go into the same pair of accumulators before the row's reduction, so the pair pays
    // the N reductions once (for Fp 432 word products instead of two multiplications' 576); the mixed
    // addition's Y3 is such a pair. Bound: with a, p - c < p and b_i, d_i, m < 2^32, a running sum below 3p
    // stays below 3p after the next row, (3p + (2^32 - 1) 3p) / 2^32; with 3p < 2^(32N), which Fp has
    // and Fr (p > 2^254) has not, the accumulators keep their words and two conditional subtractions
    // reduce the result.
    __device__ __forceinline__ static mont_t mul_sub(const mont_t& a, const mont_t& b, const mont_t& c, const mont_t& d) {
        static_assert(P[N - 1] < 0x55555555u, "mul_sub needs 3p < 2^(32N)");
        const mont_t nc = -c;
        uint32_t x[N + 2], y[N + 2];
#pragma unroll
        for (int i = 0; i <= N + 1; i++) x[i] = y[i] = 0;
#pragma unroll
        for (int i = 0; i < N; i += 2) {
            row_pair(x, y, a.v, b.v[i], nc.v, d.v[i]);
            row_pair(y, x, a.v, b.v[i + 1], nc.v, d.v[i + 1]);
        }
        mont_t r = merged(x, y);
        r.reduce_once();
        return r;
    }

private:
    // One row of mul_sub: (t + a bi + c di + m p) / 2^32, the even and odd products of both rows
    // into e and o as in row().
    __device__ __forceinline__ static void row_pair(uint32_t (&e)[N + 2], uint32_t (&o)[N + 2], const uint32_t* a, uint32_t bi,
                                                    const uint32_t* c, uint32_t di) {
        chain(e, a, bi, 0);
        chain(o, a, bi, 1);
        chain(e, c, di, 0);
        chain(o, c, di, 1);
        reduce_row(e, o);
    }

    // The two accumulators' sum (below 2p after the last row), reduced: the product.
    __device__ __forceinline__ static mont_t merged(const uint32_t (&x)[N + 2], const uint32_t (&y)[N + 2]) {
        mont_t r;
        asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r.v[0]) : "r"(x[0]), "r"(y[0]));
#pragma unroll
        for (int i = 1; i < N; i++) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r.v[i]) : "r"(x[i]), "r"(y[i]));
        r.reduce_once();
        return r;
    }

    // Fr only (p = 1 mod 2^32, so M0 = 2^32 - 1 and p_0 = 1), here and in reduce_row's w0_one:
    // with M0 an immediate ptxas sees m = -t_0, rewrites every product m p_j and leaves each one
    // split in two multiply-pipe instructions (IMAD.X plus IMAD.HI.U32.X) where the a b_i products
    // and all of Fp's are one IMAD.WIDE.U32(.X). Read from constant memory through a volatile load
    // (a uniform register, loaded once per kernel) the multiplier is opaque and the products fuse:
    // one Fr product issues about a quarter fewer multiply-pipe instructions, a few fewer again with
    // m p_0 = m added instead of multiplied (chain's w0_one). Fp keeps M0 as an immediate and its code.
    __device__ __forceinline__ static uint32_t m0() {
        if constexpr (M0 == 0xffffffffu) return *(volatile const uint32_t*)&MONT_M0_ALL_ONES;
        else return M0;
    }

    // One row: (t + a bi + m p) / 2^32 with t = e + o, e taking the even products and o the odd.
    __device__ __forceinline__ static void row(uint32_t (&e)[N + 2], uint32_t (&o)[N + 2], const uint32_t* a, uint32_t bi) {
        chain(e, a, bi, 0);
        chain(o, a, bi, 1);
        reduce_row(e, o);
    }

    // The reduction half of a row of the multiplication or the squaring: t = e + o becomes
    // (t + m p) / 2^32, with m chosen so that word 0 vanishes.
    __device__ __forceinline__ static void reduce_row(uint32_t (&e)[N + 2], uint32_t (&o)[N + 2]) {
        uint32_t m;
        asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(e[0]) : "r"(o[0]));
        asm volatile("mul.lo.u32 %0, %1, %2;" : "=r"(m) : "r"(e[0]), "r"(m0()));
        chain(o, P, m, 1, true);
        chain(e, P, m, 0, false, M0 == 0xffffffffu);
        // e[0] is now 0 and o[0] merged: divide by the word.
#pragma unroll
        for (int j = 0; j <= N; j++) {
            e[j] = e[j + 1];
            o[j] = o[j + 1];
        }
        e[N + 1] = 0;
        o[N + 1] = 0;
    }

    // x[j, j + 1] += w[j] s for j = first, first + 2, ... below N: one carry chain of multiply-adds,
    // its carry out into the word above the last product (x[N] from an even first, x[N + 1] from an
    // odd one); nothing when first >= N. first 0 takes a row's even-indexed products, first 1 its
    // odd ones. With carry_in the chain starts from the carry flag the previous instruction left;
    // with w0_one (first 0 and w[0] = 1: p = 1 mod 2^32 in the reduction) the first product is s
    // itself, an addition.
    __device__ __forceinline__ static void chain(uint32_t (&x)[N + 2], const uint32_t* w, uint32_t s, int first,
                                                 bool carry_in = false, bool w0_one = false) {
        if (first >= N) return;
        if (w0_one) {
            asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(x[first]) : "r"(s));
            asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(x[first + 1]));
        } else if (carry_in) {
            asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(x[first]) : "r"(w[first]), "r"(s));
            asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(x[first + 1]) : "r"(w[first]), "r"(s));
        } else {
            asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(x[first]) : "r"(w[first]), "r"(s));
            asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(x[first + 1]) : "r"(w[first]), "r"(s));
        }
        int j = first + 2;
#pragma unroll
        for (; j < N; j += 2) {
            asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(x[j]) : "r"(w[j]), "r"(s));
            asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(x[j + 1]) : "r"(w[j]), "r"(s));
        }
        asm volatile("addc.u32 %0, %0, 0;" : "+r"(x[j]));
    }

public:
    // The dedicated squaring needs 3p <= 2^(32N) (see square()): Fp has it, Fr (p > 2^254) does
    // not, and squares only in inversions, so it keeps the multiplication.
    __device__ __forceinline__ mont_t sqr() const {
        if constexpr (P[N - 1] < 0x55555555u) return square(*this);
        else return *this * *this;
    }

private:
    // a^2 as CIOS over the rows a_i D_i, where a^2 = sum over i of a_i 2^(32i) D_i with
    // D_i = a_i 2^(32i) + 2 (sum over j > i of a_j 2^(32j)): each cross product a_i a_j is taken
    // once, already doubled, so the rows hold N(N+1)/2 products against N^2 for a * a (for Fp
    // 78 + 144 reduction products instead of 144 + 144). D_i's words are a_i at i, a_{i+1} << 1
    // at i + 1 and the words of 2a above (a < 2^(32N-1), so 2a loses no bit). The rows, the
    // reduction and the accumulators that swap roles are those of operator*, so the register
    // pairs stay aligned; the result is the same fully reduced a^2 / R mod p.
    // Bound: after i rows the running sum is (L (2a - L) + M p) / 2^(32i) < 2a + p < 3p, L the
    // low i words of a and M < 2^(32i) the reduction multiples so far; with 3p <= 2^(32N) each
    // accumulator fits N + 1 words before the division, as the even chains' last carry needs.
    __device__ __forceinline__ static mont_t square(const mont_t& a) {
        uint32_t x[N + 2], y[N + 2], a2[N];
#pragma unroll
        for (int i = 0; i <= N + 1; i++) x[i] = y[i] = 0;
        a2[0] = a.v[0] << 1;
#pragma unroll
        for (int j = 1; j < N; j++) a2[j] = __funnelshift_l(a.v[j - 1], a.v[j], 1);
#pragma unroll
        for (int i = 0; i < N; i += 2) {
            square_row(x, y, a.v, a2, i);
            square_row(y, x, a.v, a2, i + 1);
        }
        return merged(x, y);
    }

    // Row i of the squaring: (t + a_i D_i + m p) / 2^32 with t = e + o, e taking the products at
    // even word indices and o those at odd ones, as row() does for a * b_i.
    __device__ __forceinline__ static void square_row(uint32_t (&e)[N + 2], uint32_t (&o)[N + 2], const uint32_t* a,
                                                      const uint32_t* a2, int i) {
        uint32_t d[N];
#pragma unroll
        for (int j = 0; j < N; j++) d[j] = j == i ? a[i] : j == i + 1 ? a2[j] & ~1u : a2[j];
        chain(i % 2 == 0 ? e : o, d, a[i], i);
        chain(i % 2 == 0 ? o : e, d, a[i], i + 1);
        reduce_row(e, o);
    }

public:
    __device__ __forceinline__ mont_t& operator*=(const mont_t& b) { return *this = *this * b; }
    __device__ __forceinline__ mont_t& operator+=(const mont_t& b) { return *this = *this + b; }
    __device__ __forceinline__ mont_t& operator-=(const mont_t& b) { return *this = *this - b; }

    // Montgomery form to canonical words: multiply by 1.
    __device__ __forceinline__ mont_t from_montgomery() const {
        mont_t unit = zero();
        unit.v[0] = 1;
        return *this * unit;
    }
    __device__ __forceinline__ mont_t to_montgomery() const {
        mont_t rr;
#pragma unroll
        for (int i = 0; i < N; i++) rr.v[i] = RR[i];
        return *this * rr;
    }

    // this^e for an exponent given as N little-endian words, square-and-multiply from the top bit.
    __device__ mont_t pow(const uint32_t* e) const {
        mont_t r = one();
        for (int i = N - 1; i >= 0; i--) {
            for (int b = 31; b >= 0; b--) {
                r = r.sqr();
                if ((e[i] >> b) & 1) r *= *this;
            }
        }
        return r;
    }
};
