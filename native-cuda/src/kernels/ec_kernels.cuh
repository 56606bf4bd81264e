// Curve kernels other than the MSM steps: sums of groups of XYZZ points, the bitmap batch addition
// and conversion of one XYZZ sum to Jacobian (G1 and G2, one template each). Fixed-base
// multiplication is in msm/fixed_base.cuh.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "../ec/g2.cuh"

// out[g] = sum of in[g * group .. min(count, (g + 1) * group)), XYZZ in and out.
template <class X>
__device__ __forceinline__ void xyzz_sum_groups_impl(const uint32_t* in, uint32_t count, uint32_t group, uint32_t* out) {
    const uint32_t groups = (count + group - 1) / group;
    for (uint32_t g = c2s_global_id(); g < groups; g += gridDim.x * blockDim.x) {
        X acc = X::identity();
        const uint32_t end = min(count, (g + 1) * group);
        for (uint32_t i = g * group; i < end; i++) acc.add(X::load(in + (size_t)i * X::words));
        acc.store(out + (size_t)g * X::words);
    }
}

// Bitmap batch addition. The bitmap is 32-bit words, bit i of word i / 32 (the bytes of
// prover-core's 64-bit bitmap words). A warp takes a tile of 32 x BATCH_WORDS_PER_LANE words at a
// time, counts its set bits (a warp scan of popcounts), and gives each lane an equal share of
// them: lane l sums the set bits of ranks [l s / 32, (l + 1) s / 32) of the tile's s, walking them
// with __ffs. So every lane of a warp makes the same number of mixed additions, within one, and
// an addition is paid per set bit, not per point (walking the bits in place, each warp paid one
// for almost every point, since some lane almost always had its bit set). Lane l of tile t writes
// partials[32 t + l] (the identity when its share is empty).
#define BATCH_WORDS_PER_LANE 8
#define BATCH_TILE_WORDS (32 * BATCH_WORDS_PER_LANE)

// Word idx of the bitmap of n bits, bits at and past n cleared (0 past the last word).
__device__ __forceinline__ uint32_t batch_bitmap_word(const uint32_t* bitmap, uint64_t idx, uint64_t n) {
    const uint64_t words = (n + 31) >> 5;
    if (idx >= words) return 0;
    uint32_t w = bitmap[idx];
    if (idx == words - 1 && (n & 31) != 0) w &= (1u << (n & 31)) - 1;
    return w;
}

template <class A, class X>
__device__ __forceinline__ void batch_add_bitmap_impl(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t* partials) {
    const uint32_t lane = threadIdx.x & 31;
    const uint64_t tiles = (n + 32ull * BATCH_TILE_WORDS - 1) / (32ull * BATCH_TILE_WORDS);
    const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) >> 5;
    // t is the same for the whole warp (blockDim.x is a multiple of 32), so the shuffles see every lane.
    for (uint64_t t = c2s_global_id64() >> 5; t < tiles; t += warps) {
        const uint64_t first = t * BATCH_TILE_WORDS;
        uint32_t count = 0;
#pragma unroll
        for (int k = 0; k < BATCH_WORDS_PER_LANE; k++) {
            count += __popc(batch_bitmap_word(bitmap, first + lane * BATCH_WORDS_PER_LANE + k, n));
        }
        const uint32_t incl = c2s_warp_inclusive_sum(count);
        const uint32_t total = __shfl_sync(0xffffffffu, incl, 31);
        const uint32_t lo = lane * total / 32, hi = (lane + 1) * total / 32;
        // owner: the first lane whose inclusive count exceeds lo, i.e. whose words hold rank lo.
        uint32_t owner = 0;
#pragma unroll
        for (uint32_t step = 16; step > 0; step >>= 1) {
            if (__shfl_sync(0xffffffffu, incl, owner + step - 1) <= lo) owner += step;
        }
        const uint32_t before = __shfl_sync(0xffffffffu, incl - count, owner & 31);
        X acc = X::identity();
        if (lo < hi) {
            uint64_t w = first + owner * BATCH_WORDS_PER_LANE;
            uint32_t bits = batch_bitmap_word(bitmap, w, n);
            uint32_t skip = lo - before;
            while ((uint32_t)__popc(bits) <= skip) {
                skip -= __popc(bits);
                bits = batch_bitmap_word(bitmap, ++w, n);
            }
            for (; skip > 0; skip--) bits &= bits - 1;
            for (uint32_t k = lo; k < hi; k++) {
                while (bits == 0) bits = batch_bitmap_word(bitmap, ++w, n);
                const uint64_t i = (w << 5) + (__ffs(bits) - 1);
                bits &= bits - 1;
                acc.add_hot(A::load(points + i * A::words));
            }
        }
        acc.store(partials + (t * 32 + lane) * X::words);
    }
}

C2S_EXTERN void xyzz_sum_groups(const uint32_t* in, uint32_t count, uint32_t group, uint32_t* out) {
    xyzz_sum_groups_impl<g1_xyzz_t>(in, count, group, out);
}
C2S_EXTERN void g2_xyzz_sum_groups(const uint32_t* in, uint32_t count, uint32_t group, uint32_t* out) {
    xyzz_sum_groups_impl<g2_xyzz_t>(in, count, group, out);
}

C2S_EXTERN void xyzz_to_jacobian(const uint32_t* in, uint32_t* out_jacobian) {
    if (c2s_global_id() == 0) g1_xyzz_t::load(in).store_jacobian(out_jacobian);
}
C2S_EXTERN void g2_xyzz_to_jacobian(const uint32_t* in, uint32_t* out_jacobian) {
    if (c2s_global_id() == 0) g2_xyzz_t::load(in).store_jacobian(out_jacobian);
}

C2S_EXTERN void C2S_HOT_BOUNDS g1_batch_add_bitmap(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t* partials) {
    batch_add_bitmap_impl<g1_affine_t, g1_xyzz_t>(points, bitmap, n, partials);
}
C2S_EXTERN void g2_batch_add_bitmap(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t* partials) {
    batch_add_bitmap_impl<g2_affine_t, g2_xyzz_t>(points, bitmap, n, partials);
}
