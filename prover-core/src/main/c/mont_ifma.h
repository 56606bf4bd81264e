/*
 * Montgomery arithmetic on eight field elements at a time, one per 64-bit lane of an AVX-512
 * register, with the IFMA instructions (vpmadd52luq / vpmadd52huq: the low and high 52 bits of a
 * 52 x 52-bit product added to a 64-bit lane in one instruction). Included by fields_ifma.h once
 * per field, with
 *   MONT    the lane type (struct of ML vectors: limb k of all eight lanes in l[k])
 *   ML      limbs of 52 bits per element; the Montgomery radix is R = 2^(52 ML)
 *   MC      the field's mont_constants
 *   M(op)   the field's name for operation op.
 * Limbs are always normalised (below 2^52: IFMA reads only the low 52 bits of its factors).
 *
 * Bounds (m the modulus): M(mul)'s result is below m + a b / R; M(sub)(a, b) = a + 2m - b needs
 * b <= 2m and gives a value below a + 2m; M(canonical) brings a value below 8m to [0, m).
 */

typedef struct {
    __m512i l[ML];
} MONT;

IFMA_INLINE MONT M(broadcast)(const uint64_t limbs[ML]) {
    MONT r;
    for (int k = 0; k < ML; k++) {
        r.l[k] = _mm512_set1_epi64((long long) limbs[k]);
    }
    return r;
}

IFMA_INLINE MONT M(mul)(const MONT *a, const MONT *b) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i pinv = _mm512_set1_epi64((long long) MC.pinv);
    __m512i t[ML + 1];
#pragma GCC unroll 9
    for (int j = 0; j <= ML; j++) {
        t[j] = zero;
    }
#pragma GCC unroll 8
    for (int i = 0; i < ML; i++) {
        __m512i ai = a->l[i];
#pragma GCC unroll 8
        for (int j = 0; j < ML; j++) {
            t[j] = _mm512_madd52lo_epu64(t[j], ai, b->l[j]);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], ai, b->l[j]);
        }
        __m512i m = _mm512_madd52lo_epu64(zero, t[0], pinv);
#pragma GCC unroll 8
        for (int j = 0; j < ML; j++) {
            __m512i pj = _mm512_set1_epi64((long long) MC.p[j]);
            t[j] = _mm512_madd52lo_epu64(t[j], m, pj);
            t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], m, pj);
        }
        /* t[0] is now a multiple of 2^52: its carry moves up, and the columns shift down a limb. */
        t[1] = _mm512_add_epi64(t[1], _mm512_srli_epi64(t[0], LIMB_BITS));
#pragma GCC unroll 8
        for (int j = 0; j < ML; j++) {
            t[j] = t[j + 1];
        }
        t[ML] = zero;
    }
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    MONT r;
    __m512i c = zero;
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        __m512i v = _mm512_add_epi64(t[k], c);
        c = _mm512_srli_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

/* a + b, not reduced. Its carry loop has the shape of mul's tail and sub's; each stays written out
 * with its own operation folded into the loop, being the IFMA MSM's innermost arithmetic. */
IFMA_INLINE MONT M(add)(const MONT *a, const MONT *b) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    MONT r;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        __m512i v = _mm512_add_epi64(_mm512_add_epi64(a->l[k], b->l[k]), c);
        c = _mm512_srli_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

/* a + 2p - b, b at most 2p: limb by limb with signed carries (written out like add's loop). */
IFMA_INLINE MONT M(sub)(const MONT *a, const MONT *b) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    MONT r;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        __m512i v = _mm512_add_epi64(a->l[k], _mm512_set1_epi64((long long) MC.two_p[k]));
        v = _mm512_add_epi64(_mm512_sub_epi64(v, b->l[k]), c);
        c = _mm512_srai_epi64(v, LIMB_BITS);
        r.l[k] = _mm512_and_si512(v, mask);
    }
    return r;
}

/* a - m where that is not negative, else a; m is p or 2p in limbs. */
IFMA_INLINE void M(subtract_if_fits)(MONT *a, const uint64_t m[ML]) {
    const __m512i mask = _mm512_set1_epi64((long long) LIMB_MASK);
    MONT d;
    __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        __m512i v = _mm512_add_epi64(_mm512_sub_epi64(a->l[k], _mm512_set1_epi64((long long) m[k])), c);
        c = _mm512_srai_epi64(v, LIMB_BITS);
        d.l[k] = _mm512_and_si512(v, mask);
    }
    __mmask8 fits = _mm512_cmpge_epi64_mask(c, _mm512_setzero_si512());
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        a->l[k] = _mm512_mask_blend_epi64(fits, a->l[k], d.l[k]);
    }
}

/* A value below 8p to [0, p). */
IFMA_INLINE void M(canonical)(MONT *a) {
    M(subtract_if_fits)(a, MC.four_p);
    M(subtract_if_fits)(a, MC.two_p);
    M(subtract_if_fits)(a, MC.p);
}

/* A value below 4p (a product, less a value of at most 2p) to [0, p): one step fewer. */
IFMA_INLINE void M(canonical_below_4p)(MONT *a) {
    M(subtract_if_fits)(a, MC.two_p);
    M(subtract_if_fits)(a, MC.p);
}

/* -a for canonical a, canonical. */
IFMA_INLINE MONT M(neg)(const MONT *a) {
    MONT z;
    for (int k = 0; k < ML; k++) {
        z.l[k] = _mm512_setzero_si512();
    }
    MONT r = M(sub)(&z, a);
    M(canonical)(&r);
    return r;
}

/* The lanes where a and b (canonical) are equal. */
IFMA_INLINE __mmask8 M(equal)(const MONT *a, const MONT *b) {
    __mmask8 eq = 0xff;
#pragma GCC unroll 8
    for (int k = 0; k < ML; k++) {
        eq &= _mm512_cmpeq_epi64_mask(a->l[k], b->l[k]);
    }
    return eq;
}

IFMA_INLINE MONT M(blend)(__mmask8 take_b, const MONT *a, const MONT *b) {
    MONT r;
    for (int k = 0; k < ML; k++) {
        r.l[k] = _mm512_mask_blend_epi64(take_b, a->l[k], b->l[k]);
    }
    return r;
}

IFMA_INLINE MONT M(zero)(void) {
    MONT r;
    for (int k = 0; k < ML; k++) {
        r.l[k] = _mm512_setzero_si512();
    }
    return r;
}

IFMA_INLINE MONT M(one)(void) {
    return M(broadcast)(MC.one);
}

/* Lane j of v moved to lane j + s (s > 0) or j - s (s < 0); lanes left empty take one. */
IFMA_INLINE MONT M(shift_lanes)(const MONT *v, int s) {
    long long idx[8];
    __mmask8 fill = 0;
    for (int j = 0; j < 8; j++) {
        int from = j - s;
        idx[j] = from < 0 ? 0 : from > 7 ? 7 : from;
        fill |= (__mmask8) ((from < 0 || from > 7) << j);
    }
    __m512i index = _mm512_loadu_si512(idx);
    MONT one = M(one)();
    MONT r;
    for (int k = 0; k < ML; k++) {
        r.l[k] = _mm512_mask_blend_epi64(fill, _mm512_permutexvar_epi64(index, v->l[k]), one.l[k]);
    }
    return r;
}

/*
 * a^-1 lane by lane, every lane non-zero: Montgomery's trick across the lanes (prefix and suffix
 * products in three shifted products each), one inversion of the lanes' product by the binary
 * extended Euclidean algorithm on 64-bit words, then a_j^-1 = (a_0 .. a_(j-1)) (a_(j+1) .. a_7) / P.
 * About 9 lane products and a few microseconds, against about 480 products by Fermat.
 */
static IFMA __attribute__((noinline, unused)) MONT M(inverse)(const MONT *a) {
    MONT prefix = *a;
    MONT suffix = *a;
    for (int s = 1; s < 8; s <<= 1) {
        MONT up = M(shift_lanes)(&prefix, s);
        MONT down = M(shift_lanes)(&suffix, -s);
        prefix = M(mul)(&prefix, &up);
        suffix = M(mul)(&suffix, &down);
    }
    MONT total = prefix;
    M(canonical)(&total);
    uint64_t lanes[ML][8] __attribute__((aligned(64)));
    for (int k = 0; k < ML; k++) {
        _mm512_store_si512(lanes[k], total.l[k]);
    }
    /* The product P R (Montgomery form) is inverted as a number, (P R)^-1; times R^3 / R it is P^-1 R. */
    uint64_t value[GCD_WORDS];
    uint64_t modulus[GCD_WORDS];
    uint64_t inverse[GCD_WORDS];
    words_from_limbs(&lanes[0][7], 8, ML, value);
    words_from_limbs(MC.p, 1, ML, modulus);
    words_inverse(value, modulus, inverse);
    uint64_t limbs[ML];
    for (int k = 0; k < ML; k++) {
        limbs[k] = limb52(inverse, GCD_WORDS, k);
    }
    MONT t = M(broadcast)(limbs);
    MONT r3 = M(broadcast)(MC.r3);
    t = M(mul)(&t, &r3);
    MONT before = M(shift_lanes)(&prefix, 1);
    MONT after = M(shift_lanes)(&suffix, -1);
    MONT r = M(mul)(&before, &after);
    return M(mul)(&r, &t);
}
