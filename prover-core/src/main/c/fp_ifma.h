/*
 * Fp of BLS12-381 on eight elements at a time, one per 64-bit lane of an AVX-512 register, with
 * the IFMA instructions (vpmadd52luq / vpmadd52huq: the low and high 52 bits of a 52 x 52-bit
 * product added to a 64-bit lane in one instruction).
 *
 * Form: 8 limbs of 52 bits, Montgomery radix R = 2^416. An fe holds limb k of all eight lanes in
 * l[k]. Limbs are always normalised (below 2^52: IFMA reads only the low 52 bits of its factors).
 *
 * Bounds: fe_mul's result is below p + a b / R, under 2p for factors below 2^395;
 * fe_sub(a, b) = a + 2p - b needs b <= 2p and gives a value below a + 2p; fe_canonical brings
 * a value below 8p to [0, p).
 *
 * Fp2 = Fp[u] / (u^2 + 1) as pairs (fe2), the same bounds for each half.
 *
 * The modulus-dependent constants come from the caller (fp_ifma_init), computed in Java with
 * BigInteger, so that this file holds no number that could go stale.
 */
#ifndef C2SPARK_FP_IFMA_H
#define C2SPARK_FP_IFMA_H

#include <immintrin.h>
#include <stdint.h>

#define IFMA __attribute__((target("avx512f,avx512ifma,avx512vl,avx512dq,avx512bw")))
#define IFMA_INLINE static inline IFMA __attribute__((always_inline))
#define NLIMBS 8
#define LIMB_BITS 52
#define LIMB_MASK ((1ULL << LIMB_BITS) - 1)

typedef struct {
    __m512i l[NLIMBS];
} fe;

/* p, 2p, 4p, -p^-1 mod 2^52, R mod p, and the exponent p - 2 as six 64-bit words. */
typedef struct {
    uint64_t p[NLIMBS];
    uint64_t two_p[NLIMBS];
    uint64_t four_p[NLIMBS];
    uint64_t pinv;
    uint64_t one[NLIMBS];
    uint64_t p_minus_2[6];
} fp_constants;

extern fp_constants FP;

IFMA_INLINE fe fe_broadcast(const uint64_t limbs[NLIMBS]) {
    fe r;
    for (int k = 0; k < NLIMBS; k++) {
        r.l[k] = _mm512_set1_epi64((long long) limbs[k]);
    }
    return r;
}

IFMA_INLINE fe fe_mul(const fe *a, const fe *b) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i pinv = _mm512_set1_epi64((long long) FP.pinv);
    __m512i t[NLIMBS + 1];
#pragma GCC unroll 9
    for (int j = 0; j <= NLIMBS; j++) {
        t[j] = zero;
    }
#pragma GCC unroll 8
    for (int i = 0; i < NLIMBS; i++) {
        __m512i ai = a->l[i];
#pragma GCC unroll 8
        for (int j = 0; j < NLIMBS; j++) {
            t[j] = _mm512_madd52lo_epu64(t[j], ai, b->l[j]);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], ai, b->l[j]);
        }
        __m512i m = _mm512_madd52lo_epu64(zero, t[0], pinv);
#pragma GCC unroll 8
        for (int j = 0; j < NLIMBS; j++) {
            __m512i pj = _mm512_set1_epi64((long long) FP.p[j]);
            t[j] = _mm512_madd52lo_epu64(t[j], m, pj);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], m, pj);
        }
        /* t[0] is now a multiple of 2^52: its carry moves up, and the columns shift down a limb. */
        t[1] = _mm512_add_epi64(t[1], _mm512_srli_epi64(t[0], LIMB_BITS));
#pragma GCC unroll 8
        for (int j = 0; j < NLIMBS; j++) {
            t[j] = t[j + 1];
        }
        t[NLIMBS] = zero;
    }
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    fe r;
    __m512i c = zero;
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        __m512i v = _mm512_add_epi64(t[k], c);
        c = _mm512_srli_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

IFMA_INLINE fe fe_add(const fe *a, const fe *b) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    fe r;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        __m512i v = _mm512_add_epi64(_mm512_add_epi64(a->l[k], b->l[k]), c);
        c = _mm512_srli_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

/* a + 2p - b, b at most 2p: limb by limb with signed carries. */
IFMA_INLINE fe fe_sub(const fe *a, const fe *b) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    fe r;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        __m512i v = _mm512_add_epi64(a->l[k], _mm512_set1_epi64((long long) FP.two_p[k]));
        v = _mm512_add_epi64(_mm512_sub_epi64(v, b->l[k]), c);
        c = _mm512_srai_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

/* a - m where that is not negative, else a; m is p or 2p in limbs. */
IFMA_INLINE void fe_subtract_if_fits(fe *a, const uint64_t m[NLIMBS]) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    fe d;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        __m512i v = _mm512_add_epi64(_mm512_sub_epi64(a->l[k], _mm512_set1_epi64((long long) m[k])), c);
        c = _mm512_srai_epi64(v, LIMB_BITS);
        d.l[k] = _mm512_and_si512(v, mask);
    }
    __mmask8 fits = _mm512_cmpge_epi64_mask(c, _mm512_setzero_si512());
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        a->l[k] = _mm512_mask_blend_epi64(fits, a->l[k], d.l[k]);
    }
}

/* A value below 8p to [0, p). */
IFMA_INLINE void fe_canonical(fe *a) {
    fe_subtract_if_fits(a, FP.four_p);
    fe_subtract_if_fits(a, FP.two_p);
    fe_subtract_if_fits(a, FP.p);
}

/* -a for canonical a, canonical. */
IFMA_INLINE fe fe_neg(const fe *a) {
    fe z;
    for (int k = 0; k < NLIMBS; k++) {
        z.l[k] = _mm512_setzero_si512();
    }
    fe r = fe_sub(&z, a);
    fe_canonical(&r);
    return r;
}

/* The lanes where a and b (canonical) are equal. */
IFMA_INLINE __mmask8 fe_equal(const fe *a, const fe *b) {
    __mmask8 eq = 0xff;
#pragma GCC unroll 8
    for (int k = 0; k < NLIMBS; k++) {
        eq &= _mm512_cmpeq_epi64_mask(a->l[k], b->l[k]);
    }
    return eq;
}

IFMA_INLINE fe fe_blend(__mmask8 take_b, const fe *a, const fe *b) {
    fe r;
    for (int k = 0; k < NLIMBS; k++) {
        r.l[k] = _mm512_mask_blend_epi64(take_b, a->l[k], b->l[k]);
    }
    return r;
}

IFMA_INLINE fe fe_zero(void) {
    fe r;
    for (int k = 0; k < NLIMBS; k++) {
        r.l[k] = _mm512_setzero_si512();
    }
    return r;
}

IFMA_INLINE fe fe_one(void) {
    return fe_broadcast(FP.one);
}

/* a^(p-2) = a^-1 lane by lane (Fermat), by 4-bit windows of the exponent; a non-zero. */
IFMA fe fe_inverse(const fe *a);

typedef struct {
    fe c0;
    fe c1;
} fe2;

/* Karatsuba: a0 b0 - a1 b1 + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u; c0 below 4p, c1 below 6p. */
IFMA_INLINE fe2 fe2_mul(const fe2 *a, const fe2 *b) {
    fe t0 = fe_mul(&a->c0, &b->c0);
    fe t1 = fe_mul(&a->c1, &b->c1);
    fe sa = fe_add(&a->c0, &a->c1);
    fe sb = fe_add(&b->c0, &b->c1);
    fe t2 = fe_mul(&sa, &sb);
    fe2 r;
    r.c0 = fe_sub(&t0, &t1);
    t2 = fe_sub(&t2, &t0);
    r.c1 = fe_sub(&t2, &t1);
    return r;
}

IFMA_INLINE fe2 fe2_add(const fe2 *a, const fe2 *b) {
    fe2 r = {fe_add(&a->c0, &b->c0), fe_add(&a->c1, &b->c1)};
    return r;
}

IFMA_INLINE fe2 fe2_sub(const fe2 *a, const fe2 *b) {
    fe2 r = {fe_sub(&a->c0, &b->c0), fe_sub(&a->c1, &b->c1)};
    return r;
}

IFMA_INLINE void fe2_canonical(fe2 *a) {
    fe_canonical(&a->c0);
    fe_canonical(&a->c1);
}

IFMA_INLINE fe2 fe2_neg(const fe2 *a) {
    fe2 r = {fe_neg(&a->c0), fe_neg(&a->c1)};
    return r;
}

IFMA_INLINE __mmask8 fe2_equal(const fe2 *a, const fe2 *b) {
    return fe_equal(&a->c0, &b->c0) & fe_equal(&a->c1, &b->c1);
}

IFMA_INLINE fe2 fe2_blend(__mmask8 take_b, const fe2 *a, const fe2 *b) {
    fe2 r = {fe_blend(take_b, &a->c0, &b->c0), fe_blend(take_b, &a->c1, &b->c1)};
    return r;
}

IFMA_INLINE fe2 fe2_zero(void) {
    fe2 r = {fe_zero(), fe_zero()};
    return r;
}

IFMA_INLINE fe2 fe2_one(void) {
    fe2 r = {fe_broadcast(FP.one), fe_zero()};
    return r;
}

/* (a0 - a1 u) / (a0^2 + a1^2); a non-zero. */
IFMA_INLINE fe2 fe2_inverse(const fe2 *a) {
    fe n0 = fe_mul(&a->c0, &a->c0);
    fe n1 = fe_mul(&a->c1, &a->c1);
    fe norm = fe_add(&n0, &n1);
    fe_canonical(&norm);
    fe inv = fe_inverse(&norm);
    fe2 r;
    r.c0 = fe_mul(&a->c0, &inv);
    fe b = fe_mul(&a->c1, &inv);
    fe_canonical(&b);
    r.c1 = fe_neg(&b);
    return r;
}

#endif
