// Radix-2 decimation-in-time NTT over Fr, natural order in and out: passes that each run up to
// NTT_LG_TILE - lg_low stages in shared memory. Two ways to permute the input:
//   - with a scratch buffer (the fast way), the first pass reads its input at bit-reversed indices
//     (so no separate permutation) and writes the scratch buffer, the middle ones work in place
//     there and the last writes back;
//   - in place, one bit-reversal kernel (ntt_bit_reverse_tiled) permutes the data first, and every
//     pass works in place, the first reading in order.
// A one-pass transform (one block) works in place either way: every load precedes a barrier that
// precedes every store.
//
// A pass starting at stage t covers the index bits [t, t + s). A block holds 2^lg_low consecutive
// values of the bits below t (so global loads are 2^lg_low elements, 32 bytes each, contiguous)
// times the 2^s values of the stage bits; the remaining bits pick the block. Stage k pairs indices
// i0 and i0 + 2^k with twiddle w_{2^(k+1)}^(i0 mod 2^k) = tw[(i0 mod 2^k) << (lg_n - 1 - k)], where
// tw[j] = w_n^j for j < n/2 (the forward or the inverse root). The pass plan is made on the host
// (gpu-executor NttPlan), which also checks that the passes cover every stage exactly once.
//
// The passes are bound by the multiplication's multiply-adds, not by memory or barriers: ncu finds
// the FMA-heavy pipe (the IMADs) busy most cycles and "math pipe throttle" the first stall reason.
// Reading the input permuted in the first pass costs that pass less than a separate reversal
// kernel costs the transform. The timings are in docs/benchmarks.md.
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"

#define NTT_LG_TILE 10
// 2^10 elements of 32 bytes: 32 KiB of shared memory per block, under the 48 KiB static limit.
static_assert((1 << NTT_LG_TILE) * 32 <= 48 * 1024, "NTT tile exceeds static shared memory");
// Elements per thread of ntt_pass_reg4: 2^2, so 2 stages in registers between shared-memory
// exchanges. 2^3 is slower: 128 registers leave 4 warps per scheduler, and ncu put a third of an
// 8-element variant's stall cycles on instruction fetch.
#define NTT_LG_REG 2
static_assert(NTT_LG_REG == 2, "ntt_pass_reg4's stage-1 butterflies name their four registers");

// Bit reversal in place by tiles, lg_n >= 2 NTT_LG_REV (only transforms of several passes need
// it, and those start above one tile of 2^NTT_LG_TILE): index [a][m][b] (a and b NTT_LG_REV bits
// each) goes to [rev b][rev m][rev a]. Block m (one per middle value; those with m > rev m return at
// once) loads the tiles of m and rev m, 2^NTT_LG_REV runs of 2^NTT_LG_REV consecutive elements each,
// into shared memory and writes each into the other's place transposed, so every global access is a
// 512-byte run instead of a scattered 32-byte swap.
#define NTT_LG_REV 4
static_assert(2 * NTT_LG_REV <= NTT_LG_TILE, "a transform of several passes is at least one reversal tile");
C2S_EXTERN void __launch_bounds__(1 << (2 * NTT_LG_REV)) ntt_bit_reverse_tiled(uint32_t* d, uint32_t lg_n) {
    constexpr uint32_t S = 1u << NTT_LG_REV;
    // Rows padded by one word: the transposed read then spreads a warp over the banks.
    constexpr uint32_t ROW = S + 1;
    __shared__ uint32_t ta[8][S * ROW], tb[8][S * ROW];
    const uint32_t lg_m = lg_n - 2 * NTT_LG_REV;
    const uint32_t m = blockIdx.x;
    const uint32_t mr = lg_m == 0 ? 0 : __brev(m) >> (32 - lg_m);
    if (m > mr) return;
    const uint32_t a = threadIdx.x >> NTT_LG_REV, b = threadIdx.x & (S - 1);
    auto offset = [&](uint32_t hi, uint32_t mid, uint32_t lo) -> uint64_t {
        return (((uint64_t)hi << (lg_m + NTT_LG_REV)) | ((uint64_t)mid << NTT_LG_REV) | lo) * 8;
    };
    const fr_t x = fr_t::load(d + offset(a, m, b));
    const fr_t y = fr_t::load(d + offset(a, mr, b));
#pragma unroll
    for (int w = 0; w < 8; w++) {
        ta[w][b * ROW + a] = x.v[w];
        tb[w][b * ROW + a] = y.v[w];
    }
    __syncthreads();
    // New [a][m][b] = old [rev b][rev m][rev a], held in the other tile at row rev a, column rev b.
    const uint32_t ra = __brev(a) >> (32 - NTT_LG_REV), rb = __brev(b) >> (32 - NTT_LG_REV);
    fr_t u, v;
#pragma unroll
    for (int w = 0; w < 8; w++) {
        u.v[w] = tb[w][ra * ROW + rb];
        v.v[w] = ta[w][ra * ROW + rb];
    }
    u.store(d + offset(a, m, b));
    v.store(d + offset(a, mr, b));
}

// One pass, 2^(s + lg_low - NTT_LG_REG) threads (at least 1). Each thread holds R = 2^NTT_LG_REG
// elements of the tile whose indices differ in the tile bits [p, p + NTT_LG_REG), does those stages
// in registers (R/2 independent butterflies per stage), then exchanges through shared memory: one
// barrier per NTT_LG_REG stages. The first group reads global memory directly and the last writes
// it. A group that would pass the tile's top bit starts lower (p = L - NTT_LG_REG) and skips the
// stages already done. Shared memory is word-major (word w of element e at xs[w][e]): a warp's
// accesses to consecutive elements fall on consecutive banks.
// Four blocks per SM: ptxas then keeps to 64 registers (72 without; 24 bytes of spills), so a
// 256-thread tile runs 32 warps per SM instead of 24 (register-bound at 3 blocks), which the 2^10
// tiles' passes gain from. Smaller tiles are bound by shared memory (7 blocks of 32 KiB) either way.
// PERMUTE: the first pass (t = 0) reads its input at bit-reversed indices (ntt_pass_reg4, with a
// scratch buffer), or in order after a reversal kernel (ntt_pass_reg4_in_place). A template
// argument, not a kernel parameter, so that the in-place variant leaves ntt_pass_reg4's code (its
// PTX) as it is. In place costs the reversal kernel's time.
template <bool PERMUTE>
__device__ __forceinline__ void ntt_pass_reg4_impl(const uint32_t* in, uint32_t* out, uint32_t lg_n, uint32_t t, uint32_t s,
                                                   uint32_t lg_low, const uint32_t* tw) {
    constexpr int LG_R = NTT_LG_REG, R = 1 << LG_R;
    __shared__ uint32_t xs[8][1 << NTT_LG_TILE];
    const uint32_t L = s + lg_low;
    const uint32_t tid = threadIdx.x;
    const uint32_t low_groups_lg = t - lg_low;
    const uint32_t low_group = blockIdx.x & ((1u << low_groups_lg) - 1);
    // With PERMUTE, the first pass (t = 0, so lg_low = 0) reads element e of tile h at the bit
    // reversal of its index h 2^s + e, rev(e) 2^(lg_n - s) + rev(h): one 32-byte element every
    // 2^(lg_n - s). Block b takes the tile h with rev(h) = b, so that the blocks running together
    // read neighbouring elements of each such row (block b on tile b reads them far apart, slower).
    const bool permute = PERMUTE && t == 0;
    const uint32_t high = !permute ? blockIdx.x >> low_groups_lg : lg_n == s ? 0 : __brev(blockIdx.x) >> (32 - (lg_n - s));
    const uint32_t low_mask = (1u << lg_low) - 1;
    // Indices fit 32 bits: NttPlan allows sizes up to 2^31.
    auto global_index = [&](uint32_t e) -> uint32_t {
        return (low_group << lg_low) + (e & low_mask) + ((e >> lg_low) << t) + (high << (t + s));
    };
    fr_t r[R];
    uint32_t q = lg_low;  // the next stage, as a tile bit
    for (bool first = true;; first = false) {
        const uint32_t p = L >= LG_R ? min(q, L - LG_R) : 0;
        const uint32_t base = ((tid >> p) << (p + LG_R)) | (tid & ((1u << p) - 1));
        const uint32_t end = min(p + LG_R, L);
        // Element j of this thread is tile element base | j << p; tiles under R elements (lg_n
        // below NTT_LG_REG) leave the top registers unused.
        if (first) {
#pragma unroll
            for (int j = 0; j < R; j++) {
                const uint32_t e = base | (j << p);
                const uint32_t i = global_index(e);
                if (e >> L == 0) r[j] = fr_t::load(in + (uint64_t)(permute ? __brev(i) >> (32 - lg_n) : i) * 8);
            }
        } else {
#pragma unroll
            for (int j = 0; j < R; j++) {
                const uint32_t e = base | (j << p);
#pragma unroll
                for (int w = 0; w < 8; w++) r[j].v[w] = xs[w][e];
            }
        }
#pragma unroll
        for (int c = 0; c < LG_R; c++) {
            const uint32_t b = p + c;
            if (b < q || b >= end) continue;
            const uint32_t k = t + b - lg_low;  // the global stage
            if (k == 0) {
                // Stage 0: every twiddle is 1.
#pragma unroll
                for (int j0 = 0; j0 < R; j0++) {
                    if (j0 & (1 << c)) continue;
                    const int j1 = j0 | (1 << c);
                    const fr_t x = r[j0], y = r[j1];
                    r[j0] = x + y;
                    r[j1] = x - y;
                }
                continue;
            }
            if (k == 1 && t == 0) {
                // Stage 1 in the first pass: its first register group (p = 0, c = 1, base a multiple
                // of R), so j0 = 0 has twiddle w_4^0 = 1 and j0 = 1 has w_4 = tw[n / 4]. Half of the
                // stage's multiplications, 1 / (2 (lg_n - 1)) of the transform's (1/46 at 2^24), are by one
                // and skipped. Written for R = 4.
                const fr_t w4 = fr_t::load(tw + ((uint64_t)1 << (lg_n - 2)) * 8);
                const fr_t x0 = r[0], y0 = r[2], x1 = r[1], y1 = r[3] * w4;
                r[0] = x0 + y0;
                r[2] = x0 - y0;
                r[1] = x1 + y1;
                r[3] = x1 - y1;
                continue;
            }
            // The butterflies of stage c pair j0 and j0 | 2^c; the twiddle exponent is the global
            // index of j0 mod 2^k, so it depends on the bits of j below c only: 2^c twiddles.
            fr_t w[R / 2];
#pragma unroll
            for (int lowj = 0; lowj < (1 << c); lowj++) {
                const uint32_t m = global_index(base | (lowj << p)) & ((1u << k) - 1);
                w[lowj] = fr_t::load(tw + (uint64_t)(m << (lg_n - 1 - k)) * 8);
            }
#pragma unroll
            for (int j0 = 0; j0 < R; j0++) {
                if (j0 & (1 << c)) continue;
                const int j1 = j0 | (1 << c);
                const fr_t x = r[j0];
                const fr_t y = r[j1] * w[j0 & ((1 << c) - 1)];
                r[j0] = x + y;
                r[j1] = x - y;
            }
        }
        if (end >= L) {
#pragma unroll
            for (int j = 0; j < R; j++) {
                const uint32_t e = base | (j << p);
                if (e >> L == 0) r[j].store(out + (uint64_t)global_index(e) * 8);
            }
            return;
        }
        // Only this thread's own elements are read and written in a group: one barrier suffices.
#pragma unroll
        for (int j = 0; j < R; j++) {
            const uint32_t e = base | (j << p);
#pragma unroll
            for (int w = 0; w < 8; w++) xs[w][e] = r[j].v[w];
        }
        __syncthreads();
        q = end;
    }
}

C2S_EXTERN void __launch_bounds__(1 << (NTT_LG_TILE - NTT_LG_REG), 4)
ntt_pass_reg4(const uint32_t* in, uint32_t* out, uint32_t lg_n, uint32_t t, uint32_t s, uint32_t lg_low, const uint32_t* tw) {
    ntt_pass_reg4_impl<true>(in, out, lg_n, t, s, lg_low, tw);
}
C2S_EXTERN void __launch_bounds__(1 << (NTT_LG_TILE - NTT_LG_REG), 4)
ntt_pass_reg4_in_place(uint32_t* d, uint32_t lg_n, uint32_t t, uint32_t s, uint32_t lg_low, const uint32_t* tw) {
    ntt_pass_reg4_impl<false>(d, d, lg_n, t, s, lg_low, tw);
}
