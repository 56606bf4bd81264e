// G1 of BLS12-381: y^2 = x^3 + 4 over Fp. Affine points are 24 words (x then y), XYZZ points 48.
#pragma once
#include "../ff/bls12_381.cuh"
#include "xyzz_t.cuh"

typedef affine_t<fp_t> g1_affine_t;
typedef xyzz_t<fp_t> g1_xyzz_t;

