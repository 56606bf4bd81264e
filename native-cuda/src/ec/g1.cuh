// G1 of BLS12-381: y^2 = x^3 + 4 over Fp. Affine points are 24 words (x then y), XYZZ points 48.
#pragma once
#include "../ff/bls12_381.cuh"
#include "xyzz_t.cuh"

typedef affine_t<fp_t> g1_affine_t;
typedef xyzz_t<fp_t> g1_xyzz_t;

// Affine form of an XYZZ point, by one Fermat inversion: 1/ZZZ, and 1/ZZ = ZZ^2 / ZZZ^2.
__device__ __forceinline__ g1_affine_t g1_to_affine(const g1_xyzz_t& p) {
    if (p.is_identity()) return {fp_t::zero(), fp_t::zero()};
    fp_t izzz = p.ZZZ.pow(FP_PM2);
    fp_t izz = p.ZZ.sqr() * izzz.sqr();
    return {p.X * izz, p.Y * izzz};
}
