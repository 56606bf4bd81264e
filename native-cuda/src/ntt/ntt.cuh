// Radix-2 decimation-in-time NTT over Fr, in place, natural order in and out: one bit-reversal
// permutation, then passes that each run up to NTT_LG_TILE - lg_low stages in shared memory.
//
// A pass starting at stage t covers the index bits [t, t + s). A block holds 2^lg_low consecutive
// values of the bits below t (so global loads are 2^lg_low elements, 32 bytes each, contiguous)
// times the 2^s values of the stage bits; the remaining bits pick the block. Stage k pairs indices
// i0 and i0 + 2^k with twiddle w_{2^(k+1)}^(i0 mod 2^k) = tw[(i0 mod 2^k) << (lg_n - 1 - k)], where
// tw[j] = w_n^j for j < n/2 (the forward or the inverse root). The pass plan is made on the host
// (gpu-executor NttPlan), which also checks that the passes cover every stage exactly once.
//
// Measured on the H200 (2026-12-02, second round; docs/benchmarks.md), 2^24 forward: the previous
// kernel (one butterfly per thread per stage, a barrier per stage, 512 threads) spent 1.21 ms in the
// element-wise bit reversal and 5.5 ms in its 3 passes; the tiled reversal takes 0.32 ms and the
// passes below, 4 elements per thread, 4.57 ms. ncu on a pass: the FMA-heavy pipe (the IMADs) is
// active 78% of the cycles and "math pipe throttle" is the first stall reason, so the passes are
// bound by the multiplication's multiply-adds, not by memory or barriers. Sixth session: with the
// Fr product's reduction fused (ff/mont_t.cuh m0), four blocks per SM and NttPlan's 9-stage first
// pass, 2^24 in 4.29 ms (passes 3.98) and 2^27 in 38.1 ms.
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"

#define NTT_LG_TILE 10
// 2^10 elements of 32 bytes: 32 KiB of shared memory per block, under the 48 KiB static limit.
static_assert((1 << NTT_LG_TILE) * 32 <= 48 * 1024, "NTT tile exceeds static shared memory");
// Elements per thread of ntt_pass_reg4: 2^2, so 2 stages in registers between shared-memory
// exchanges. 2^3 (128 registers, so 4 warps per scheduler) was slower, 5.15 against 4.92 ms at
// 2^24 (same plan); ncu put a third of an 8-element variant's stall cycles on instruction fetch.
#define NTT_LG_REG 2

// Element-wise reversal, for sizes below the tiled kernel's 2^8.
C2S_EXTERN void ntt_bit_reverse(uint32_t* d, uint32_t lg_n) {
    const uint64_t n = 1ull << lg_n;
    for (uint64_t i = c2s_global_id64(); i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t j = __brevll(i) >> (64 - lg_n);
        if (i < j) {
            fr_t a = fr_t::load(d + i * 8), b = fr_t::load(d + j * 8);
            a.store(d + j * 8);
            b.store(d + i * 8);
        }
    }
}

// Bit reversal by tiles, lg_n >= 2 NTT_LG_REV: index [a][m][b] (a and b NTT_LG_REV bits each) goes to
// [rev b][rev m][rev a]. Block m (one per middle value, those with m > rev m return at once) loads
// the tiles of m and rev m, 2^NTT_LG_REV runs of 2^NTT_LG_REV consecutive elements each, into shared
// memory and writes each into the other's place transposed. Every global access is a 512-byte run;
// the element-wise kernel's scattered 32-byte swaps took 3.8x longer (1.21 against 0.32 ms at 2^24,
// 9.7 against 2.5 ms at 2^27).
#define NTT_LG_REV 4
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
    // New [a][m][b] = old [rev b][rev m][rev a], stored in the other tile at row rev a, column rev b.
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
// 256-thread tile runs 32 warps per SM instead of 24 (register-bound at 3 blocks); the 2^10 tiles'
// passes got 2-4% faster, 2^27 38.96 -> 38.12 ms, 2^24 4.33 -> 4.29 ms (H200, 2026-12-02, sixth
// session). Smaller tiles are bound by shared memory (7 blocks of 32 KiB) either way.
C2S_EXTERN void __launch_bounds__(1 << (NTT_LG_TILE - NTT_LG_REG), 4)
ntt_pass_reg4(uint32_t* d, uint32_t lg_n, uint32_t t, uint32_t s, uint32_t lg_low, const uint32_t* tw) {
    constexpr int LG_R = NTT_LG_REG, R = 1 << LG_R;
    __shared__ uint32_t xs[8][1 << NTT_LG_TILE];
    const uint32_t L = s + lg_low;
    const uint32_t tid = threadIdx.x;
    const uint32_t low_groups_lg = t - lg_low;
    const uint32_t low_group = blockIdx.x & ((1u << low_groups_lg) - 1);
    const uint32_t high = blockIdx.x >> low_groups_lg;
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
                if (e >> L == 0) r[j] = fr_t::load(d + (uint64_t)global_index(e) * 8);
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
                if (e >> L == 0) r[j].store(d + (uint64_t)global_index(e) * 8);
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
