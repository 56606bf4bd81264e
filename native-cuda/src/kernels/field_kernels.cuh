// Element-wise kernels over flat arrays of field elements (grid-stride loops; outputs may alias inputs).
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"
#include "../ff/fp2_t.cuh"

template <class F>
__device__ __forceinline__ void binary_op_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count, int op) {
    for (uint64_t i = c2s_global_id64(); i < count; i += (uint64_t)gridDim.x * blockDim.x) {
        F x = F::load(a + i * F::n), y = F::load(b + i * F::n);
        F z = op == 0 ? x * y : op == 1 ? x + y : x - y;
        z.store(r + i * F::n);
    }
}

C2S_EXTERN void fr_mul_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fr_t>(a, b, r, count, 0); }
C2S_EXTERN void fr_add_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fr_t>(a, b, r, count, 1); }
C2S_EXTERN void fr_sub_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fr_t>(a, b, r, count, 2); }
C2S_EXTERN void fp_mul_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fp_t>(a, b, r, count, 0); }
C2S_EXTERN void fp_add_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fp_t>(a, b, r, count, 1); }
C2S_EXTERN void fp_sub_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) { binary_op_arrays<fp_t>(a, b, r, count, 2); }

C2S_EXTERN void fp2_mul_arrays(const uint32_t* a, const uint32_t* b, uint32_t* r, uint64_t count) {
    for (uint64_t i = c2s_global_id64(); i < count; i += (uint64_t)gridDim.x * blockDim.x) {
        (fp2_t::load(a + i * 24) * fp2_t::load(b + i * 24)).store(r + i * 24);
    }
}

// d[i] *= c for one constant element c (in device memory).
C2S_EXTERN void fr_scale(uint32_t* d, const uint32_t* c, uint64_t count) {
    fr_t k = fr_t::load(c);
    for (uint64_t i = c2s_global_id64(); i < count; i += (uint64_t)gridDim.x * blockDim.x) {
        (fr_t::load(d + i * 8) * k).store(d + i * 8);
    }
}

// out[j] = scale * base^(first + j) for j < count, given bases[b] = base^(2^b) for every bit b of
// first + count - 1. Used once per NTT domain for the twiddle and coset tables, and by parameter
// generation for the powers of tau, a chunk at a time.
C2S_EXTERN void fr_powers(uint32_t* out, const uint32_t* bases, const uint32_t* scale, uint64_t first, uint64_t count) {
    for (uint64_t j = c2s_global_id64(); j < count; j += (uint64_t)gridDim.x * blockDim.x) {
        fr_t acc = fr_t::load(scale);
        const uint64_t e = first + j;
        for (int b = 0; (e >> b) != 0; b++) {
            if ((e >> b) & 1) acc *= fr_t::load(bases + 8 * b);
        }
        acc.store(out + j * 8);
    }
}

// a[i] = (a[i] b[i] - c[i]) z_inv: the quotient's evaluations on the coset, where the vanishing
// polynomial Z is the constant g^n - 1, so dividing by Z is one multiplication by its inverse.
C2S_EXTERN void fr_quotient_on_coset(uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* z_inv, uint64_t count) {
    const fr_t zi = fr_t::load(z_inv);
    for (uint64_t i = c2s_global_id64(); i < count; i += (uint64_t)gridDim.x * blockDim.x) {
        ((fr_t::load(a + i * 8) * fr_t::load(b + i * 8) - fr_t::load(c + i * 8)) * zi).store(a + i * 8);
    }
}
