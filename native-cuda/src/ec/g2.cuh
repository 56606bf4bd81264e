// G2 of BLS12-381: y^2 = x^3 + 4(1 + u) over Fp2. Affine points are 48 words (x then y, each c0
// then c1: prover-core's 24 longs), XYZZ points 96. The XYZZ formulas of xyzz_t use a = 0 only,
// never b, so the same template serves both curves.
#pragma once
#include "../ff/fp2_t.cuh"
#include "xyzz_t.cuh"

typedef affine_t<fp2_t> g2_affine_t;
typedef xyzz_t<fp2_t> g2_xyzz_t;
