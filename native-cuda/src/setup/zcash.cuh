// Affine points to their zcash uncompressed encodings (prover-core ZcashEncoding), in place, so that
// the host only copies the bytes out and writes them: bellperson's .params and .vk hold points so.
// An Fp element is 48 big-endian bytes of its canonical value; G1 is x || y (96 bytes), G2 is
// x.c1 || x.c0 || y.c1 || y.c0 (192). The point at infinity, all zero here, is the flag byte 0x40
// followed by zeros; no other point has a flag bit set (p < 2^381 leaves the top three bits zero).
//
// Read as little-endian words, the big-endian bytes of canonical words v[0..11] are word k =
// the byte swap of v[11 - k]: each thread reads its whole point before writing, so in place is safe.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "../ec/g2.cuh"

#define ZCASH_INFINITY_WORD 0x40u

__device__ __forceinline__ void zcash_store_fp(const fp_t& montgomery, uint32_t* out) {
    const fp_t x = montgomery.from_montgomery();
    uint4* q = reinterpret_cast<uint4*>(out);
#pragma unroll
    for (int i = 0; i < 3; i++) {
        q[i] = make_uint4(__byte_perm(x.v[11 - 4 * i], 0, 0x0123), __byte_perm(x.v[10 - 4 * i], 0, 0x0123),
                          __byte_perm(x.v[9 - 4 * i], 0, 0x0123), __byte_perm(x.v[8 - 4 * i], 0, 0x0123));
    }
}

__device__ __forceinline__ void zcash_store_infinity(uint32_t* out, int words) {
    uint4* q = reinterpret_cast<uint4*>(out);
    q[0] = make_uint4(ZCASH_INFINITY_WORD, 0, 0, 0);
    for (int i = 1; i < words / 4; i++) q[i] = make_uint4(0, 0, 0, 0);
}

// One coordinate in encoding order: an Fp element as it is, an Fp2 element c1 then c0.
__device__ __forceinline__ void zcash_store(const fp_t& a, uint32_t* out) { zcash_store_fp(a, out); }
__device__ __forceinline__ void zcash_store(const fp2_t& a, uint32_t* out) {
    zcash_store_fp(a.c1, out);
    zcash_store_fp(a.c0, out + fp_t::n);
}

// points: n affine points over F (Montgomery, x then y), replaced by their encodings.
template <class F>
__device__ __forceinline__ void zcash_encode(uint32_t* points, uint32_t n) {
    typedef affine_t<F> point_t;
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        uint32_t* p = points + (size_t)i * point_t::words;
        const point_t a = point_t::load(p);
        if (a.is_identity()) {
            zcash_store_infinity(p, point_t::words);
        } else {
            zcash_store(a.x, p);
            zcash_store(a.y, p + F::n);
        }
    }
}

// G1: 24 words a point, 96-byte encodings.
C2S_EXTERN void g1_zcash_encode(uint32_t* points, uint32_t n) { zcash_encode<fp_t>(points, n); }

// G2: 48 words a point (x.c0, x.c1, y.c0, y.c1), 192-byte encodings.
C2S_EXTERN void g2_zcash_encode(uint32_t* points, uint32_t n) { zcash_encode<fp2_t>(points, n); }
