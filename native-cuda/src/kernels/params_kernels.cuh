// Parameter points as a .params file holds them, made into the device's points: bellperson's
// uncompressed zcash encodings (G1 96 bytes: x, y; G2 192 bytes: x.c1, x.c0, y.c1, y.c0; each
// coordinate 48 bytes big-endian, flags in the top three bits of the first byte: 0x80 compressed,
// 0x40 infinity, 0x20 larger y) decoded in place into the affine Montgomery layout of ec/ (G1 x
// then y, G2 x.c0, x.c1, y.c0, y.c1, 32-bit words little-endian). An encoding and its point have
// the same size, so a chunk uploaded where its points are to live is decoded where it lies.
//
// Every point is checked as prover-core's ZcashEncoding checks a trusted file's (all but the
// subgroup): no compression flag, not the point at infinity (no query holds it), no larger-y flag,
// every coordinate below p, and y^2 = x^3 + b. A refused point is written as zeros, and the first
// one (the lowest index) is recorded in *flag as ((2^40 - 1 - index) << 8) | reason by atomicMax,
// so that a zeroed flag means none and the host reads the index and the reason from one word.
// Indices are the point's place in its query (first + i), below 2^40.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "../ec/g2.cuh"

// Reasons, as gpu-executor's ParamsDecoding names them. Coordinate k is in encoding order (G1: x,
// y; G2: x.c1, x.c0, y.c1, y.c0).
#define PARAMS_BAD_COMPRESSED 1u
#define PARAMS_BAD_INFINITY 2u
#define PARAMS_BAD_LARGER_Y 3u
#define PARAMS_BAD_COORDINATE 4u  // + k: coordinate k is not below p
#define PARAMS_BAD_CURVE 8u

__device__ __forceinline__ void params_refuse(unsigned long long* flag, uint64_t index, uint32_t reason) {
    atomicMax(flag, ((0xFFFFFFFFFFull - index) << 8) | reason);
}

// The 48 big-endian bytes at words[0 .. 12) (as loaded: byte 4j + b in bits 8b of word j) as the
// canonical 12 little-endian words of the number.
__device__ __forceinline__ void params_be48(const uint32_t* words, uint32_t* out) {
#pragma unroll
    for (int j = 0; j < 12; j++) out[j] = __byte_perm(words[11 - j], 0, 0x0123);
}

__device__ __forceinline__ bool params_below_p(const uint32_t* v) {
    // v - p borrows out exactly when v < p.
    uint32_t borrow = 0;
#pragma unroll
    for (int j = 0; j < 12; j++) {
        const uint64_t d = (uint64_t)v[j] - FP_P[j] - borrow;
        borrow = (uint32_t)(d >> 63);
    }
    return borrow != 0;
}

// Reads the coordinates of one encoding (coords Fp elements) from raw words, checking the flags and
// the ranges; the Montgomery forms go to out in encoding order. Returns 0 or the reason.
template <int COORDS>
__device__ __forceinline__ uint32_t params_read(uint32_t (&raw)[12 * COORDS], fp_t (&out)[COORDS]) {
    const uint32_t flags = raw[0] & 0xE0u;
    if (flags & 0x80u) return PARAMS_BAD_COMPRESSED;
    if (flags & 0x40u) return PARAMS_BAD_INFINITY;
    if (flags & 0x20u) return PARAMS_BAD_LARGER_Y;
    raw[0] &= ~0xE0u;
#pragma unroll
    for (int k = 0; k < COORDS; k++) {
        params_be48(raw + 12 * k, out[k].v);
        if (!params_below_p(out[k].v)) return PARAMS_BAD_COORDINATE + k;
        out[k] = out[k].to_montgomery();
    }
    return 0;
}

template <int WORDS>
__device__ __forceinline__ void params_load(const uint32_t* p, uint32_t (&raw)[WORDS]) {
    const uint4* q = reinterpret_cast<const uint4*>(p);
#pragma unroll
    for (int i = 0; i < WORDS / 4; i++) {
        const uint4 t = q[i];
        raw[4 * i] = t.x; raw[4 * i + 1] = t.y; raw[4 * i + 2] = t.z; raw[4 * i + 3] = t.w;
    }
}

template <int WORDS>
__device__ __forceinline__ void params_zero(uint32_t* p) {
    uint4* q = reinterpret_cast<uint4*>(p);
#pragma unroll
    for (int i = 0; i < WORDS / 4; i++) q[i] = make_uint4(0, 0, 0, 0);
}

// A coordinate from the Fp elements params_read gives in encoding order (Fp2: c1 then c0).
__device__ __forceinline__ void params_field(const fp_t* c, fp_t& out) { out = c[0]; }
__device__ __forceinline__ void params_field(const fp_t* c, fp2_t& out) { out = {c[1], c[0]}; }

// b of y^2 = x^3 + b: 4 for G1, 4 (1 + u) for G2.
__device__ __forceinline__ void params_curve_b(fp_t& b) { b = fp_t::one().dbl().dbl(); }
__device__ __forceinline__ void params_curve_b(fp2_t& b) {
    params_curve_b(b.c0);
    b.c1 = b.c0;
}

// n encodings of points over F at points (96 or 192 bytes apart, 16-byte aligned), the points
// first .. first + n - 1 of their query, decoded in place.
template <class F>
__device__ __forceinline__ void decode_zcash(uint32_t* points, uint64_t n, uint64_t first, unsigned long long* flag) {
    typedef affine_t<F> point_t;
    constexpr int coords = point_t::words / fp_t::n;
    F b;
    params_curve_b(b);
    for (uint64_t i = c2s_global_id64(); i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t* p = points + i * point_t::words;
        uint32_t raw[point_t::words];
        params_load(p, raw);
        fp_t c[coords];
        uint32_t bad = params_read<coords>(raw, c);
        F x, y;
        params_field(c, x);
        params_field(c + coords / 2, y);
        if (bad == 0 && y.sqr() != x.sqr() * x + b) bad = PARAMS_BAD_CURVE;
        if (bad != 0) {
            params_refuse(flag, first + i, bad);
            params_zero<point_t::words>(p);
            continue;
        }
        point_t{x, y}.store(p);
    }
}

C2S_EXTERN void g1_decode_zcash(uint32_t* points, uint64_t n, uint64_t first, unsigned long long* flag) {
    decode_zcash<fp_t>(points, n, first, flag);
}

C2S_EXTERN void g2_decode_zcash(uint32_t* points, uint64_t n, uint64_t first, unsigned long long* flag) {
    decode_zcash<fp2_t>(points, n, first, flag);
}

// dst[k] = src[index[k] - src_first] for k < n, points of words 32-bit words (a multiple of 4):
// the tail bases picked out of a query (or a chunk of it starting at point src_first).
C2S_EXTERN void gather_points(const uint32_t* src, uint64_t src_first, const uint32_t* index, uint32_t n, uint32_t words,
                              uint32_t* dst) {
    const uint32_t vectors = words / 4;
    const uint64_t total = (uint64_t)n * vectors;
    const uint4* s = reinterpret_cast<const uint4*>(src);
    uint4* d = reinterpret_cast<uint4*>(dst);
    for (uint64_t t = c2s_global_id64(); t < total; t += (uint64_t)gridDim.x * blockDim.x) {
        const uint64_t k = t / vectors, j = t % vectors;
        d[t] = s[(index[k] - src_first) * vectors + j];
    }
}
