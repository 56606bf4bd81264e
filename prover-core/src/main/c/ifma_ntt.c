/*
 * The radix-2 NTT over Fr with AVX-512 IFMA (io.c2spark.core.ntt.IfmaNtt): LaneNtt's transform
 * (same arguments, same results) in fields_ifma.h's fr lanes, 5 limbs of 52 bits, R = 2^260.
 *
 * A domain owns its twiddle table and its working copy, both in groups of eight elements (limb k
 * of lane j at 8 k + j, 40 longs a group). Java runs the passes, each over a range so that the
 * cores share it:
 *   copy_in   element s + t n/8 (the shared layout, times c g^e where asked) to lane rev3(t) of
 *             group rev(s): eight consecutive s of the eight streams t are eight vectors, one per
 *             lane of eight groups, so the three stages inside a group (half-lengths 1, 2, 4) are
 *             butterflies between whole vectors; an 8 x 8 transpose per limb then writes the
 *             eight groups;
 *   leaves    every stage of half-length 8 .. 2^12 inside a block of 2^10 groups (320 KiB, in the
 *             L2 cache);
 *   stage     one stage of half-length 2^13 or more over the whole array;
 *   copy_out  each element times c g^e where asked, canonical, to the shared layout, at index q
 *             or -q mod n.
 *
 * Bounds: every stored value is below 2r. A product w y with w canonical and y below 2r is below
 * r + 2 r^2 / R < 2r; x + t and x + 2r - t are below 4r and lose 2r where they reach it.
 */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include "fields_ifma.h"
#include "transpose_ifma.h"

#define GROUP_LONGS (8 * FR_LIMBS)
#define LEAF_LOG 10

typedef struct {
    int log_n;
    size_t n;
    /* Stage runs of half-length h >= 8 at element h: omega_{2h}^j for j below h. */
    fr *table;
    fr *work;
    /* omega_4 and omega_8, omega_8^2, omega_8^3 in every lane, for the stages inside a group. */
    fr omega4;
    fr omega8[3];
} ntt_t;

static uint32_t reverse_bits(uint32_t v, int bits) {
    uint32_t r = 0;
    for (int i = 0; i < bits; i++) {
        r = r << 1 | (v >> i & 1);
    }
    return r;
}

IFMA_INLINE fr fr_from_limbs(const jlong *limbs) {
    uint64_t l[FR_LIMBS];
    for (int k = 0; k < FR_LIMBS; k++) {
        l[k] = (uint64_t) limbs[k];
    }
    return fr_broadcast(l);
}

/* Eight consecutive shared-layout elements (4 words each) as lanes, re-cut into 52-bit limbs. */
IFMA_INLINE fr fr_load8(const uint64_t *words) {
    uint64_t cut[FR_LIMBS][8] __attribute__((aligned(64)));
    for (int j = 0; j < 8; j++) {
        for (int k = 0; k < FR_LIMBS; k++) {
            cut[k][j] = limb52(words + 4 * j, 4, k);
        }
    }
    fr v;
    for (int k = 0; k < FR_LIMBS; k++) {
        v.l[k] = _mm512_load_si512(cut[k]);
    }
    return v;
}

/* b^e[j] in lane j (b in every lane), by squaring and multiplying where the lane's bit is set. */
IFMA static fr fr_pow_lanes(const fr *b, const uint64_t e[8]) {
    uint64_t top = 0;
    for (int j = 0; j < 8; j++) {
        top |= e[j];
    }
    fr r = fr_one();
    __m512i ev = _mm512_loadu_si512(e);
    for (int bit = 63 - __builtin_clzll(top | 1); bit >= 0; bit--) {
        r = fr_mul(&r, &r);
        __mmask8 set = _mm512_test_epi64_mask(ev, _mm512_set1_epi64((long long) (1ULL << bit)));
        if (set) {
            fr m = fr_mul(&r, b);
            r = fr_blend(set, &r, &m);
        }
    }
    return r;
}

/* x + t and x + 2r - t, each less 2r where it reaches 2r (x, t below 2r). */
IFMA_INLINE void fr_butterfly(fr *x, fr *y, const fr *t) {
    fr s = fr_add(x, t);
    fr d = fr_sub(x, t);
    fr_subtract_if_fits(&s, FR.two_p);
    fr_subtract_if_fits(&d, FR.two_p);
    *x = s;
    *y = d;
}

static void free_domain(ntt_t *d) {
    free(d->table);
    free(d->work);
    free(d);
}

/* The domain of 2^logN elements (at least 2^6) with the n-th root of unity omega (5 limbs, R = 2^260); 0 without memory. */
IFMA JNIEXPORT jlong JNICALL Java_io_c2spark_core_ntt_IfmaNtt_newDomain(JNIEnv *env, jclass cls, jint log_n,
        jlongArray omega_limbs) {
    /* Aligned: the struct holds vectors. */
    ntt_t *d = aligned_alloc(64, (sizeof *d + 63) & ~(size_t) 63);
    if (d == NULL) {
        return 0;
    }
    memset(d, 0, sizeof *d);
    d->log_n = log_n;
    d->n = (size_t) 1 << log_n;
    size_t groups = d->n / 8;
    d->table = aligned_alloc(64, groups * sizeof(fr));
    d->work = aligned_alloc(64, groups * sizeof(fr));
    if (d->table == NULL || d->work == NULL) {
        free_domain(d);
        return 0;
    }
    jlong ol[FR_LIMBS];
    (*env)->GetLongArrayRegion(env, omega_limbs, 0, FR_LIMBS, ol);
    fr omega = fr_from_limbs(ol);
    /* The top run (h = n/2): lane j of group n/16 + q is omega^(8 q + j). */
    uint64_t first[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t eight[8] = {8, 8, 8, 8, 8, 8, 8, 8};
    fr v = fr_pow_lanes(&omega, first);
    fr step = fr_pow_lanes(&omega, eight);
    for (size_t q = 0; q < groups / 2; q++) {
        fr_canonical(&v);
        d->table[groups / 2 + q] = v;
        v = fr_mul(&v, &step);
    }
    /* Lower runs: omega_{2h}^j = omega^(j n / 2h), element n/2 + j n / 2h of the top run. */
    uint64_t *t = (uint64_t *) d->table;
    for (size_t h = d->n / 4; h >= 8; h /= 2) {
        size_t stride = d->n / (2 * h);
        for (size_t j = 0; j < h; j++) {
            size_t src = d->n / 2 + j * stride;
            size_t dst = h + j;
            for (int k = 0; k < FR_LIMBS; k++) {
                t[(dst / 8) * GROUP_LONGS + 8 * k + dst % 8] = t[(src / 8) * GROUP_LONGS + 8 * k + src % 8];
            }
        }
    }
    uint64_t quarter[8];
    for (int j = 0; j < 8; j++) {
        quarter[j] = d->n / 4;
    }
    d->omega4 = fr_pow_lanes(&omega, quarter);
    fr_canonical(&d->omega4);
    for (int k = 1; k <= 3; k++) {
        uint64_t e[8];
        for (int j = 0; j < 8; j++) {
            e[j] = k * (d->n / 8);
        }
        d->omega8[k - 1] = fr_pow_lanes(&omega, e);
        fr_canonical(&d->omega8[k - 1]);
    }
    return (jlong) (intptr_t) d;
}

JNIEXPORT void JNICALL Java_io_c2spark_core_ntt_IfmaNtt_freeDomain(JNIEnv *env, jclass cls, jlong handle) {
    free_domain((ntt_t *) (intptr_t) handle);
}

/*
 * Blocks [from, to) of eight consecutive s each: elements s + t n/8 of a (shared layout) times
 * factor g^e (factor = c 2^264 mod r as a plain number, g = g R mod r; g null for c alone), into
 * the working copy with the three in-group stages done.
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_ntt_IfmaNtt_copyIn(JNIEnv *env, jclass cls, jlong handle,
        jlongArray a, jlongArray factor_limbs, jlongArray g_limbs, jint from, jint to) {
    ntt_t *d = (ntt_t *) (intptr_t) handle;
    size_t stream = d->n / 8;
    int bits = d->log_n - 3;
    jlong fl[FR_LIMBS];
    (*env)->GetLongArrayRegion(env, factor_limbs, 0, FR_LIMBS, fl);
    fr c = fr_from_limbs(fl);
    fr f[8];
    fr step;
    int scaled = g_limbs != NULL;
    if (scaled) {
        jlong gl[FR_LIMBS];
        (*env)->GetLongArrayRegion(env, g_limbs, 0, FR_LIMBS, gl);
        fr g = fr_from_limbs(gl);
        for (int t = 0; t < 8; t++) {
            uint64_t e[8];
            for (int j = 0; j < 8; j++) {
                e[j] = 8 * (uint64_t) from + t * stream + j;
            }
            fr p = fr_pow_lanes(&g, e);
            f[t] = fr_mul(&c, &p);
        }
        uint64_t eight[8] = {8, 8, 8, 8, 8, 8, 8, 8};
        step = fr_pow_lanes(&g, eight);
    }
    const uint64_t *src = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
    if (src == NULL) {
        return;
    }
    static const int rev3[8] = {0, 4, 2, 6, 1, 5, 3, 7};
    for (int b = from; b < to; b++) {
        size_t s0 = 8 * (size_t) b;
        fr v[8];
        for (int t = 0; t < 8; t++) {
            fr x = fr_load8(src + 4 * (s0 + t * stream));
            v[rev3[t]] = fr_mul(&x, scaled ? &f[t] : &c);
            if (scaled) {
                f[t] = fr_mul(&f[t], &step);
            }
        }
        for (int j = 0; j < 8; j += 2) {
            fr_butterfly(&v[j], &v[j + 1], &v[j + 1]);
        }
        for (int j = 0; j < 8; j += 4) {
            fr_butterfly(&v[j], &v[j + 2], &v[j + 2]);
            fr t = fr_mul(&d->omega4, &v[j + 3]);
            fr_butterfly(&v[j + 1], &v[j + 3], &t);
        }
        fr_butterfly(&v[0], &v[4], &v[4]);
        for (int j = 1; j < 4; j++) {
            fr t = fr_mul(&d->omega8[j - 1], &v[j + 4]);
            fr_butterfly(&v[j], &v[j + 4], &t);
        }
        /* v[p] holds position p of the groups rev(s0 + i) in lane i: transpose, limb by limb. */
        fr g[8];
        for (int k = 0; k < FR_LIMBS; k++) {
            __m512i rows[8];
            for (int p = 0; p < 8; p++) {
                rows[p] = v[p].l[k];
            }
            transpose8(rows);
            for (int i = 0; i < 8; i++) {
                g[i].l[k] = rows[i];
            }
        }
        for (int i = 0; i < 8; i++) {
            d->work[reverse_bits((uint32_t) (s0 + i), bits)] = g[i];
        }
    }
    (*env)->ReleasePrimitiveArrayCritical(env, a, (void *) src, JNI_ABORT);
}

/* Butterflies j in [from, to) between groups b + j and b + j + half, the twiddles group half + j of the table. */
IFMA_INLINE void group_butterflies(ntt_t *d, size_t b, size_t half, size_t from, size_t to) {
    for (size_t j = from; j < to; j++) {
        fr *x = &d->work[b + j];
        fr *y = &d->work[b + j + half];
        fr t = fr_mul(&d->table[half + j], y);
        fr_butterfly(x, y, &t);
    }
}

/* Blocks [from, to) of 2^10 groups (the whole array where it is smaller): their stages of half-length 8 .. 2^12. */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_ntt_IfmaNtt_leaves(JNIEnv *env, jclass cls, jlong handle,
        jint from, jint to) {
    ntt_t *d = (ntt_t *) (intptr_t) handle;
    size_t groups = d->n / 8;
    size_t len = groups < ((size_t) 1 << LEAF_LOG) ? groups : (size_t) 1 << LEAF_LOG;
    for (size_t off = (size_t) from * len; off < (size_t) to * len; off += len) {
        for (size_t half = 1; half < len; half *= 2) {
            for (size_t b = off; b < off + len; b += 2 * half) {
                group_butterflies(d, b, half, 0, half);
            }
        }
    }
}

/* Butterflies [from, to) of the stage of half-length 2^logHalf groups, over the whole array. */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_ntt_IfmaNtt_stage(JNIEnv *env, jclass cls, jlong handle,
        jint log_half, jint from, jint to) {
    ntt_t *d = (ntt_t *) (intptr_t) handle;
    size_t half = (size_t) 1 << log_half;
    size_t j = (size_t) from;
    while (j < (size_t) to) {
        size_t block = j / half;
        size_t start = j % half;
        size_t end = half < start + ((size_t) to - j) ? half : start + ((size_t) to - j);
        group_butterflies(d, 2 * half * block, half, start, end);
        j += end - start;
    }
}

/*
 * Groups [from, to) of the working copy to a (shared layout): element q to index q, or -q mod n
 * where reversed, times factor g^e for that index e (factor = c 2^256 mod r as a plain number,
 * g = g R mod r; g null for c alone), canonical.
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_ntt_IfmaNtt_copyOut(JNIEnv *env, jclass cls, jlong handle,
        jlongArray a, jboolean reversed, jlongArray factor_limbs, jlongArray g_limbs, jint from, jint to) {
    ntt_t *d = (ntt_t *) (intptr_t) handle;
    size_t mask = d->n - 1;
    jlong fl[FR_LIMBS];
    (*env)->GetLongArrayRegion(env, factor_limbs, 0, FR_LIMBS, fl);
    fr c = fr_from_limbs(fl);
    int scaled = g_limbs != NULL;
    fr g;
    fr step;
    fr f = c;
    if (scaled) {
        jlong gl[FR_LIMBS];
        (*env)->GetLongArrayRegion(env, g_limbs, 0, FR_LIMBS, gl);
        g = fr_from_limbs(gl);
        uint64_t eight[8] = {8, 8, 8, 8, 8, 8, 8, 8};
        fr base = g;
        if (reversed) {
            fr_canonical(&base);
            base = fr_inverse(&base);
        }
        step = fr_pow_lanes(&base, eight);
    }
    uint64_t *dst = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
    if (dst == NULL) {
        return;
    }
    for (size_t gi = (size_t) from; gi < (size_t) to; gi++) {
        /* Group 0's first lane is index 0 of a reversed output, off the progression of the rest. */
        if (scaled && (gi == (size_t) from || (gi == 1 && reversed))) {
            uint64_t e[8];
            for (int j = 0; j < 8; j++) {
                size_t q = 8 * gi + j;
                e[j] = reversed ? (d->n - q) & mask : q;
            }
            fr p = fr_pow_lanes(&g, e);
            f = fr_mul(&c, &p);
        }
        fr y = fr_mul(&d->work[gi], &f);
        if (scaled) {
            f = fr_mul(&f, &step);
        }
        fr_canonical(&y);
        uint64_t l[FR_LIMBS][8] __attribute__((aligned(64)));
        for (int k = 0; k < FR_LIMBS; k++) {
            _mm512_store_si512(l[k], y.l[k]);
        }
        for (int j = 0; j < 8; j++) {
            size_t q = 8 * gi + j;
            uint64_t *o = dst + 4 * (reversed ? (d->n - q) & mask : q);
            o[0] = l[0][j] | l[1][j] << 52;
            o[1] = l[1][j] >> 12 | l[2][j] << 40;
            o[2] = l[2][j] >> 24 | l[3][j] << 28;
            o[3] = l[3][j] >> 36 | l[4][j] << 16;
        }
    }
    (*env)->ReleasePrimitiveArrayCritical(env, a, dst, 0);
}
