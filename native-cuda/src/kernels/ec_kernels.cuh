// G1 kernels other than the MSM steps: sums of groups of XYZZ points, the bitmap batch addition,
// conversion of one XYZZ sum to Jacobian, and fixed-base scalar multiplication.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"

// out[g] = sum of in[g * group .. min(count, (g + 1) * group)), XYZZ in and out.
C2S_EXTERN void xyzz_sum_groups(const uint32_t* in, uint32_t count, uint32_t group, uint32_t* out) {
    const uint32_t groups = (count + group - 1) / group;
    for (uint32_t g = c2s_global_id(); g < groups; g += gridDim.x * blockDim.x) {
        g1_xyzz_t acc = g1_xyzz_t::identity();
        const uint32_t end = min(count, (g + 1) * group);
        for (uint32_t i = g * group; i < end; i++) acc.add(g1_xyzz_t::load(in + (size_t)i * g1_xyzz_t::words));
        acc.store(out + (size_t)g * g1_xyzz_t::words);
    }
}

C2S_EXTERN void xyzz_to_jacobian(const uint32_t* in, uint32_t* out_jacobian) {
    if (c2s_global_id() == 0) g1_xyzz_t::load(in).store_jacobian(out_jacobian);
}

// partials[t] = sum of the affine points i in [t * chunk, (t + 1) * chunk) whose bit i is set in
// bitmap (32-bit words, bit i of word i / 32).
C2S_EXTERN void g1_batch_add_bitmap(const uint32_t* points, const uint32_t* bitmap, uint64_t n, uint32_t chunk, uint32_t* partials) {
    const uint64_t chunks = (n + chunk - 1) / chunk;
    for (uint64_t t = c2s_global_id64(); t < chunks; t += (uint64_t)gridDim.x * blockDim.x) {
        g1_xyzz_t acc = g1_xyzz_t::identity();
        const uint64_t end = min(n, (t + 1) * chunk);
        for (uint64_t i = t * chunk; i < end; i++) {
            if ((bitmap[i >> 5] >> (i & 31)) & 1) acc.add(g1_affine_t::load(points + i * 24));
        }
        acc.store(partials + t * g1_xyzz_t::words);
    }
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
