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
#include <jni.h>
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

/* Bit length of a. */
static inline int words_bits(const uint64_t *a) {
    for (int i = GCD_WORDS - 1; i >= 0; i--) {
        if (a[i] != 0) {
            return 64 * i + 64 - __builtin_clzll(a[i]);
        }
    }
    return 0;
}

/* The 64 bits of a from bit pos on. */
static inline uint64_t words_bits_at(const uint64_t *a, int pos) {
    int w = pos / 64;
    int s = pos % 64;
    uint64_t v = w < GCD_WORDS ? a[w] >> s : 0;
    if (s != 0 && w + 1 < GCD_WORDS) {
        v |= a[w + 1] << (64 - s);
    }
    return v;
}

/* t = a f + b g in two's complement over GCD_WORDS + 1 words. */
static inline void words_combine(const uint64_t *a, int64_t f, const uint64_t *b, int64_t g, uint64_t *t) {
    __int128 acc = 0;
    for (int i = 0; i < GCD_WORDS; i++) {
        acc += (__int128) a[i] * f + (__int128) b[i] * g;
        t[i] = (uint64_t) acc;
        acc >>= 64;
    }
    t[GCD_WORDS] = (uint64_t) acc;
}

/* t / 2^s (0 < s < 64) over GCD_WORDS + 1 words, rounding down. */
static inline void words_shift_right(uint64_t *t, int s) {
    for (int i = 0; i < GCD_WORDS; i++) {
        t[i] = t[i] >> s | t[i + 1] << (64 - s);
    }
    t[GCD_WORDS] = (uint64_t) ((int64_t) t[GCD_WORDS] >> s);
}

/* t = -t over GCD_WORDS + 1 words. */
static inline void words_negate(uint64_t *t) {
    uint64_t carry = 1;
    for (int i = 0; i <= GCD_WORDS; i++) {
        uint64_t v = ~t[i] + carry;
        carry = carry & (v == 0);
        t[i] = v;
    }
}

/* t += m k over GCD_WORDS + 1 words, for k >= 0 or k = -1. */
static inline void words_add_multiple(uint64_t *t, const uint64_t *m, int64_t k) {
    __int128 acc = 0;
    for (int i = 0; i < GCD_WORDS; i++) {
        acc += (__int128) t[i] + (__int128) m[i] * k;
        t[i] = (uint64_t) acc;
        acc >>= 64;
    }
    t[GCD_WORDS] += (uint64_t) acc;
}

static inline int words_negative(const uint64_t *t) {
    return (int64_t) t[GCD_WORDS] < 0;
}

/* Whether t (non-negative, GCD_WORDS + 1 words) is at least m (GCD_WORDS words). */
static inline int words_at_least(const uint64_t *t, const uint64_t *m) {
    if (t[GCD_WORDS] != 0) {
        return 1;
    }
    for (int i = GCD_WORDS - 1; i >= 0; i--) {
        if (t[i] != m[i]) {
            return t[i] > m[i];
        }
    }
    return 1;
}

/* Steps of the binary GCD per pass over the full numbers: the update factors stay within 2^30. */
#define GCD_STEPS 30

/*
 * (u f + v g) / 2^GCD_STEPS mod m into out, for u, v in [0, m): the division as Montgomery's, by
 * adding the multiple of m that clears the low bits (minv = -m^-1 mod 2^64).
 */
static inline void words_combine_mod(const uint64_t *u, int64_t f, const uint64_t *v, int64_t g, const uint64_t *m,
        uint64_t minv, uint64_t *out) {
    uint64_t t[GCD_WORDS + 1];
    words_combine(u, f, v, g, t);
    words_add_multiple(t, m, (int64_t) ((t[0] * minv) & ((1ULL << GCD_STEPS) - 1)));
    words_shift_right(t, GCD_STEPS);
    while (words_negative(t)) {
        words_add_multiple(t, m, 1);
    }
    while (words_at_least(t, m)) {
        words_add_multiple(t, m, -1);
    }
    for (int i = 0; i < GCD_WORDS; i++) {
        out[i] = t[i];
    }
}

/*
 * a^-1 mod m for 0 < a < m, m odd, by Pornin's optimised binary GCD ("Optimized Binary GCD for
 * Modular Inversion", 2020): each pass runs GCD_STEPS steps of the binary GCD on 64-bit
 * approximations of a and b (their low 30 and top 32 bits), collecting the steps as factors, then
 * applies the factors to the full numbers and to the Bezout coefficients, u and v with a = u y and
 * b = v y mod m throughout; it ends at a = 0, b = gcd = 1, y^-1 = v. About 26 passes for Fp, where
 * the plain binary algorithm takes one pass over the full numbers per step (several times slower).
 * Not constant-time: the MSM's values are public.
 */
static inline void words_inverse(const uint64_t *y, const uint64_t *m, uint64_t *out) {
    uint64_t a[GCD_WORDS], b[GCD_WORDS], u[GCD_WORDS] = {1}, v[GCD_WORDS] = {0};
    uint64_t minv = 1;
    for (int i = 0; i < 6; i++) {
        minv *= 2 - m[0] * minv;
    }
    minv = -minv;
    for (int i = 0; i < GCD_WORDS; i++) {
        a[i] = y[i];
        b[i] = m[i];
    }
    for (;;) {
        int la = words_bits(a);
        if (la == 0) {
            break;
        }
        int lb = words_bits(b);
        int n = la > lb ? la : lb;
        if (n < 2 * GCD_STEPS + 2) {
            n = 2 * GCD_STEPS + 2;
        }
        uint64_t low = (1ULL << GCD_STEPS) - 1;
        uint64_t xa = (a[0] & low) | (words_bits_at(a, n - GCD_STEPS - 2) << GCD_STEPS);
        uint64_t xb = (b[0] & low) | (words_bits_at(b, n - GCD_STEPS - 2) << GCD_STEPS);
        int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        /* Branch-free: the steps' branches are coin flips. */
        for (int j = 0; j < GCD_STEPS; j++) {
            uint64_t odd = -(xa & 1);
            uint64_t swap = odd & -(uint64_t) (xa < xb);
            uint64_t dx = (xa ^ xb) & swap;
            xa ^= dx;
            xb ^= dx;
            int64_t df = (f0 ^ f1) & (int64_t) swap;
            f0 ^= df;
            f1 ^= df;
            int64_t dg = (g0 ^ g1) & (int64_t) swap;
            g0 ^= dg;
            g1 ^= dg;
            xa -= xb & odd;
            f0 -= f1 & (int64_t) odd;
            g0 -= g1 & (int64_t) odd;
            xa >>= 1;
            f1 *= 2;
            g1 *= 2;
        }
        uint64_t ta[GCD_WORDS + 1], tb[GCD_WORDS + 1];
        words_combine(a, f0, b, g0, ta);
        words_combine(a, f1, b, g1, tb);
        words_shift_right(ta, GCD_STEPS);
        words_shift_right(tb, GCD_STEPS);
        if (words_negative(ta)) {
            words_negate(ta);
            f0 = -f0;
            g0 = -g0;
        }
        if (words_negative(tb)) {
            words_negate(tb);
            f1 = -f1;
            g1 = -g1;
        }
        uint64_t nu[GCD_WORDS];
        words_combine_mod(u, f0, v, g0, m, minv, nu);
        words_combine_mod(u, f1, v, g1, m, minv, v);
        for (int i = 0; i < GCD_WORDS; i++) {
            a[i] = ta[i];
            b[i] = tb[i];
            u[i] = nu[i];
        }
    }
    for (int i = 0; i < GCD_WORDS; i++) {
        out[i] = v[i];
    }
}

#define NLIMBS 8

/* Constant k of a Java array of 8-limb constants, as the kernels' init calls pass them, into dst. */
static inline void jni_limbs(JNIEnv *env, jlongArray constants, int k, uint64_t dst[NLIMBS]) {
    (*env)->GetLongArrayRegion(env, constants, k * NLIMBS, NLIMBS, (jlong *) dst);
}

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
