/*
 * The fields of BLS12-381 in the lanes of AVX-512 registers with IFMA (mont_ifma.h):
 *   fe   Fp in 8 limbs of 52 bits, R = 2^416 (the MSM's coordinates);
 *   fr   Fr in 5 limbs of 52 bits, R = 2^260 (the NTT);
 *   fe2  Fp2 = Fp[u] / (u^2 + 1) as pairs of fe, the same bounds for each half.
 * The moduli's constants come from Java (IfmaKernel, IfmaNtt), computed there with BigInteger, so
 * that these files hold no number that could go stale.
 */
#ifndef C2SPARK_FIELDS_IFMA_H
#define C2SPARK_FIELDS_IFMA_H

#include <immintrin.h>
#include <stdint.h>

#define IFMA __attribute__((target("avx512f,avx512ifma,avx512vl,avx512dq,avx512bw")))
#define IFMA_INLINE static inline IFMA __attribute__((always_inline))
#define LIMB_BITS 52
#define LIMB_MASK ((1ULL << LIMB_BITS) - 1)
#define CAT(a, b) CAT_(a, b)
#define CAT_(a, b) a##b

/* A modulus m in limbs: m, 2m, 4m, -m^-1 mod 2^52, R mod m and R^3 mod m. */
typedef struct {
    uint64_t p[8];
    uint64_t two_p[8];
    uint64_t four_p[8];
    uint64_t pinv;
    uint64_t one[8];
    uint64_t r3[8];
} mont_constants;

/* Set once by IfmaLibrary.initFields (ifma_library.c) before any kernel runs. */
extern mont_constants FP;
extern mont_constants FR;

/* Bits [52 k, 52 k + 52) of a little-endian number of n 64-bit words. */
static inline uint64_t limb52(const uint64_t *words, int n, int k) {
    int bit = LIMB_BITS * k;
    int w = bit / 64;
    int s = bit % 64;
    if (w >= n) {
        return 0;
    }
    uint64_t v = words[w] >> s;
    if (s > 64 - LIMB_BITS && w + 1 < n) {
        v |= words[w + 1] << (64 - s);
    }
    return v & LIMB_MASK;
}

/* Words of the scalar inversion: enough for 8 limbs of 52 bits. */
#define GCD_WORDS 7

/* Limbs of 52 bits (limbs[k * stride]) to GCD_WORDS 64-bit words. */
static inline void words_from_limbs(const uint64_t *limbs, size_t stride, int n, uint64_t w[GCD_WORDS]) {
    for (int i = 0; i < GCD_WORDS; i++) {
        w[i] = 0;
    }
    for (int k = 0; k < n; k++) {
        int bit = LIMB_BITS * k;
        uint64_t v = limbs[k * stride];
        w[bit / 64] |= v << (bit % 64);
        if (bit % 64 > 64 - LIMB_BITS && bit / 64 + 1 < GCD_WORDS) {
            w[bit / 64 + 1] |= v >> (64 - bit % 64);
        }
    }
}

static inline int words_geq(const uint64_t *a, const uint64_t *b) {
    for (int i = GCD_WORDS - 1; i >= 0; i--) {
        if (a[i] != b[i]) {
            return a[i] > b[i];
        }
    }
    return 1;
}

/* a -= b (a >= b), or a += b; returns the carry. */
static inline uint64_t words_sub(uint64_t *a, const uint64_t *b) {
    uint64_t borrow = 0;
    for (int i = 0; i < GCD_WORDS; i++) {
        uint64_t d = a[i] - b[i] - borrow;
        borrow = (a[i] < b[i]) | ((a[i] == b[i]) & borrow);
        a[i] = d;
    }
    return borrow;
}

static inline uint64_t words_add(uint64_t *a, const uint64_t *b) {
    uint64_t carry = 0;
    for (int i = 0; i < GCD_WORDS; i++) {
        uint64_t s = a[i] + b[i] + carry;
        carry = (s < a[i]) | ((s == a[i]) & carry);
        a[i] = s;
    }
    return carry;
}

static inline void words_half(uint64_t *a) {
    for (int i = 0; i < GCD_WORDS - 1; i++) {
        a[i] = a[i] >> 1 | a[i + 1] << 63;
    }
    a[GCD_WORDS - 1] >>= 1;
}

static inline int words_is_one(const uint64_t *a) {
    uint64_t rest = a[0] ^ 1;
    for (int i = 1; i < GCD_WORDS; i++) {
        rest |= a[i];
    }
    return rest == 0;
}

/* x / 2 mod m for x below m (m odd, below 2^447). */
static inline void words_half_mod(uint64_t *x, const uint64_t *m) {
    if (x[0] & 1) {
        words_add(x, m);
    }
    words_half(x);
}

/* x - y mod m for x, y below m. */
static inline void words_sub_mod(uint64_t *x, const uint64_t *y, const uint64_t *m) {
    if (words_sub(x, y)) {
        words_add(x, m);
    }
}

/* a^-1 mod m for 0 < a < m, m odd: the binary extended Euclidean algorithm (not constant-time: the MSM's values are public). */
static inline void words_inverse(const uint64_t *a, const uint64_t *m, uint64_t *out) {
    uint64_t u[GCD_WORDS], v[GCD_WORDS], x1[GCD_WORDS] = {1}, x2[GCD_WORDS] = {0};
    for (int i = 0; i < GCD_WORDS; i++) {
        u[i] = a[i];
        v[i] = m[i];
    }
    while (!words_is_one(u) && !words_is_one(v)) {
        while (!(u[0] & 1)) {
            words_half(u);
            words_half_mod(x1, m);
        }
        while (!(v[0] & 1)) {
            words_half(v);
            words_half_mod(x2, m);
        }
        if (words_geq(u, v)) {
            words_sub(u, v);
            words_sub_mod(x1, x2, m);
        } else {
            words_sub(v, u);
            words_sub_mod(x2, x1, m);
        }
    }
    const uint64_t *r = words_is_one(u) ? x1 : x2;
    for (int i = 0; i < GCD_WORDS; i++) {
        out[i] = r[i];
    }
}

#define NLIMBS 8
#define FR_LIMBS 5

#define MONT fe
#define ML NLIMBS
#define MC FP
#define M(op) CAT(fe_, op)
#include "mont_ifma.h"
#undef MONT
#undef ML
#undef MC
#undef M

#define MONT fr
#define ML FR_LIMBS
#define MC FR
#define M(op) CAT(fr_, op)
#include "mont_ifma.h"
#undef MONT
#undef ML
#undef MC
#undef M

/* Eight Fp elements of 52-bit limbs, lane j from limbs + j * stride (lanes past the given count zero). */
IFMA_INLINE fe load_lanes(const uint64_t *limbs, size_t stride, int lanes) {
    uint64_t cut[NLIMBS][8] __attribute__((aligned(64)));
    for (int j = 0; j < 8; j++) {
        for (int k = 0; k < NLIMBS; k++) {
            cut[k][j] = j < lanes ? limbs[j * stride + k] : 0;
        }
    }
    fe v;
    for (int k = 0; k < NLIMBS; k++) {
        v.l[k] = _mm512_load_si512(cut[k]);
    }
    return v;
}

/* v times a Montgomery factor, canonical: a change of form. */
IFMA_INLINE fe converted(const fe *v, const uint64_t factor[NLIMBS]) {
    fe f = fe_broadcast(factor);
    fe r = fe_mul(v, &f);
    fe_canonical(&r);
    return r;
}

/* The first lanes of v to limbs + j * stride, lane j. */
IFMA_INLINE void store_lanes(const fe *v, uint64_t *out, size_t stride, int lanes) {
    uint64_t cut[NLIMBS][8] __attribute__((aligned(64)));
    for (int k = 0; k < NLIMBS; k++) {
        _mm512_store_si512(cut[k], v->l[k]);
    }
    for (int j = 0; j < lanes; j++) {
        for (int k = 0; k < NLIMBS; k++) {
            out[j * stride + k] = cut[k][j];
        }
    }
}

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
