// Curve kernels other than the MSM steps: sums of groups of XYZZ points, the bitmap batch addition
// and conversion of one XYZZ sum to Jacobian (G1 and G2, one template each), and G1 fixed-base
// scalar multiplication.
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

// partials[t] = sum of the affine points i in [t * chunk, (t + 1) * chunk) whose bit i is set in
// bitmap (32-bit words, bit i of word i / 32: the bytes of prover-core's 64-bit bitmap words).
template <class A, class X>
__device__ __forceinline__ void batch_add_bitmap_impl(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t chunk,
                                                      uint32_t* partials) {
    const uint64_t chunks = (n + chunk - 1) / chunk;
    for (uint64_t t = c2s_global_id64(); t < chunks; t += (uint64_t)gridDim.x * blockDim.x) {
        X acc = X::identity();
        const uint64_t end = min(n, (t + 1) * chunk);
        for (uint64_t i = t * chunk; i < end; i++) {
            if ((bitmap[i >> 5] >> (i & 31)) & 1) acc.add(A::load(points + i * A::words));
        }
        acc.store(partials + t * X::words);
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

C2S_EXTERN void g1_batch_add_bitmap(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t chunk, uint32_t* partials) {
    batch_add_bitmap_impl<g1_affine_t, g1_xyzz_t>(points, bitmap, n, chunk, partials);
}
C2S_EXTERN void g2_batch_add_bitmap(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t chunk, uint32_t* partials) {
    batch_add_bitmap_impl<g2_affine_t, g2_xyzz_t>(points, bitmap, n, chunk, partials);
}

// out[i] = scalar_i * base (affine, identity for a zero scalar), scalars in Montgomery form.
// Plain double-and-add over 255 bits and one inversion per point.
C2S_EXTERN void g1_fixed_base_mul(const uint32_t* base, const uint32_t* scalars, uint32_t n, uint32_t* out) {
    const g1_affine_t g = g1_affine_t::load(base);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        g1_xyzz_t acc = g1_xyzz_t::identity();
        for (int bit = 254; bit >= 0; bit--) {
            acc = acc.dbl();
            if ((k.v[bit >> 5] >> (bit & 31)) & 1) acc.add(g);
        }
        g1_to_affine(acc).store(out + (size_t)i * 24);
    }
}
