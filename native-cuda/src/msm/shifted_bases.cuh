// Shifted bases for the G1 MSM (pippenger.cuh, "Shifted bases"): copy j of the points holds
// 2^(j c) P_i, affine, made from copy j - 1 by c doublings per point. The host (gpu-executor
// G1ShiftedBases) launches, per copy and per chunk of points:
//   g1_msm_shift_bases        one thread per point: 2^c P in XYZZ, X and Y into the next copy,
//                             ZZ and ZZZ into a scratch buffer
//   g1_xyzz_to_affine_batch   (fixed_base.cuh) the next copy made affine in place, one field
//                             inversion per run of points (Montgomery's trick)
// An identity (all zero) stays the identity: XYZZ identity through the doublings, written back as
// (0, 0) by the affine conversion.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "fixed_base.cuh"

C2S_EXTERN void g1_msm_shift_bases(const uint32_t* prev, uint32_t n, uint32_t c, uint32_t* xy, uint32_t* zz) {
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const g1_affine_t p = g1_affine_t::load(prev + (size_t)i * 24);
        g1_xyzz_t acc = g1_xyzz_t::identity();
        if (!p.is_identity()) {
            acc = g1_xyzz_t::dbl_affine(p);
            for (uint32_t k = 1; k < c; k++) acc = acc.dbl();
        }
        acc.X.store(xy + (size_t)i * 24);
        acc.Y.store(xy + (size_t)i * 24 + 12);
        acc.ZZ.store(zz + (size_t)i * 24);
        acc.ZZZ.store(zz + (size_t)i * 24 + 12);
    }
}
