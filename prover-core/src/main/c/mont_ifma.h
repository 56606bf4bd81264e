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

/* a + 2p - b, b at most 2p: limb by limb with signed carries. */
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

/* a^(m-2) = a^-1 lane by lane (Fermat), by 4-bit windows of the exponent; a non-zero. */
static IFMA __attribute__((noinline, unused)) MONT M(inverse)(const MONT *a) {
    MONT table[16];
    table[0] = M(one)();
    table[1] = *a;
    for (int i = 2; i < 16; i++) {
        table[i] = M(mul)(&table[i - 1], a);
    }
    MONT r = table[0];
    int started = 0;
    for (int nibble = 95; nibble >= 0; nibble--) {
        int e = (int) (MC.m_minus_2[nibble / 16] >> (4 * (nibble % 16))) & 15;
        if (started) {
            for (int s = 0; s < 4; s++) {
                r = M(mul)(&r, &r);
            }
        }
        if (e != 0) {
            r = started ? M(mul)(&r, &table[e]) : table[e];
            started = 1;
        }
    }
    return r;
}
