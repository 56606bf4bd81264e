// Fp2 = Fp[u] / (u^2 + 1), stored c0 then c1 as in prover-core's Fp2 (12 longs).
#pragma once
#include "bls12_381.cuh"

struct fp2_t {
    fp_t c0, c1;

    __device__ __forceinline__ static fp2_t load(const uint32_t* p) { return {fp_t::load(p), fp_t::load(p + 12)}; }
    __device__ __forceinline__ void store(uint32_t* p) const { c0.store(p); c1.store(p + 12); }

    __device__ __forceinline__ friend fp2_t operator+(const fp2_t& a, const fp2_t& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
    __device__ __forceinline__ friend fp2_t operator-(const fp2_t& a, const fp2_t& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }

    // Karatsuba: three Fp products.
    __device__ __forceinline__ friend fp2_t operator*(const fp2_t& a, const fp2_t& b) {
        fp_t v0 = a.c0 * b.c0;
        fp_t v1 = a.c1 * b.c1;
        fp_t s = (a.c0 + a.c1) * (b.c0 + b.c1);
        return {v0 - v1, s - v0 - v1};
    }
};
