// A prime field in Montgomery form, written once as a template over its constants (the modulus,
// R^2 mod p, -p^-1 mod 2^32, R mod p). Limbs are 32-bit words, little-endian; N words make the
// same bytes as prover-core's N/2 little-endian u64 limbs, and R = 2^(32N) equals prover-core's
// 2^(64 * limbs), so an element's Montgomery bytes are identical on both sides.
//
// Multiplication is CIOS over 32-bit words with PTX carry chains. Every value stays fully
// reduced (< p) after every operation, so equal elements have equal bytes.
#pragma once
#include <cstdint>

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

    // CIOS: t (N+1 words) stays below 2p < 2^(32N) between rounds, so one spare word suffices.
    __device__ __forceinline__ friend mont_t operator*(const mont_t& a, const mont_t& b) {
        uint32_t t[N + 1];
#pragma unroll
        for (int i = 0; i <= N; i++) t[i] = 0;
#pragma unroll
        for (int i = 0; i < N; i++) {
            const uint32_t bi = b.v[i];
            // t += a * bi: low halves into t[j], high halves into t[j + 1].
            asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[0]) : "r"(a.v[0]), "r"(bi));
#pragma unroll
            for (int j = 1; j < N; j++) asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[j]) : "r"(a.v[j]), "r"(bi));
            asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[N]));
            asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[1]) : "r"(a.v[0]), "r"(bi));
#pragma unroll
            for (int j = 1; j < N - 1; j++) asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[j + 1]) : "r"(a.v[j]), "r"(bi));
            asm volatile("madc.hi.u32 %0, %1, %2, %0;" : "+r"(t[N]) : "r"(a.v[N - 1]), "r"(bi));
            // t += m * p, which clears t[0]; then shift down one word.
            const uint32_t m = t[0] * M0;
            asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[0]) : "r"(m), "r"(P[0]));
#pragma unroll
            for (int j = 1; j < N; j++) asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[j]) : "r"(m), "r"(P[j]));
            asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[N]));
            asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[1]) : "r"(m), "r"(P[0]));
#pragma unroll
            for (int j = 1; j < N - 1; j++) asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[j + 1]) : "r"(m), "r"(P[j]));
            asm volatile("madc.hi.u32 %0, %1, %2, %0;" : "+r"(t[N]) : "r"(m), "r"(P[N - 1]));
#pragma unroll
            for (int j = 0; j < N; j++) t[j] = t[j + 1];
            t[N] = 0;
        }
        mont_t r;
#pragma unroll
        for (int i = 0; i < N; i++) r.v[i] = t[i];
        r.reduce_once();
        return r;
    }

    __device__ __forceinline__ mont_t sqr() const { return *this * *this; }

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
