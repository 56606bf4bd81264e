/*
 * The G1 MSM's bucket accumulation on the CPU with AVX-512 IFMA (io.c2spark.core.msm.IfmaKernel).
 *
 * Java keeps the MSM's plan (window width, recoding, chunks, the windows' parallelism and the
 * buckets' reduction); this file does the part that costs: adding every point of a chunk into one
 * window's buckets. It follows BucketAccumulator and LaneAffineBatch: additions to distinct
 * buckets are collected into a batch, their slope denominators inverted together by Montgomery's
 * trick, eight additions at a time in the lanes of fp_ifma.h; a point whose bucket is already in
 * the batch waits in a queue for the next one.
 *
 * Points and buckets are affine, x then y, each 8 limbs of 52 bits (canonical, Montgomery form
 * R = 2^416): 128 bytes, two cache lines, per point.
 */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include "fp_ifma.h"

fp_constants FP;
/* x R' (Fp56, R' = 2^392) or x 2^384 (the shared layout) to x R, and x R to x R': Montgomery factors. */
static uint64_t FROM_SHARED[NLIMBS];
static uint64_t TO_FP56[NLIMBS];

#define POINT_LONGS (2 * NLIMBS)

typedef struct {
    int capacity;
    uint64_t *points;
    uint8_t *identity;
    /* The recoded scalars, 5 little-endian 64-bit limbs each (Msm.recode). */
    uint64_t *digits;
} chunk_t;

typedef struct {
    int buckets;
    int batch;
    int spread;
    uint64_t *b;
    uint8_t *full;
    int32_t *stamp;
    int32_t epoch;
    int32_t *pend_bucket;
    int32_t *pend_point;
    uint8_t *pend_neg;
    int pending;
    int32_t *queue_point;
    int32_t *queue_digit;
    int queued;
    /* The batch's lanes, group by group: bucket x and y, point x, y_P -+ y_B, running products. */
    fe *xb;
    fe *yb;
    fe *xp;
    fe *dy;
    fe *prefix;
    /* Entries whose point has its bucket's x: doubled or emptied after the batch. */
    uint8_t *same_x;
} window_t;

static void *aligned(size_t bytes) {
    size_t rounded = (bytes + 63) & ~(size_t) 63;
    return aligned_alloc(64, rounded == 0 ? 64 : rounded);
}

IFMA fe fe_inverse(const fe *a) {
    fe table[16];
    table[0] = fe_broadcast(FP.one);
    table[1] = *a;
    for (int i = 2; i < 16; i++) {
        table[i] = fe_mul(&table[i - 1], a);
    }
    fe r = table[0];
    int started = 0;
    for (int nibble = 95; nibble >= 0; nibble--) {
        int e = (int) (FP.p_minus_2[nibble / 16] >> (4 * (nibble % 16))) & 15;
        if (started) {
            for (int s = 0; s < 4; s++) {
                r = fe_mul(&r, &r);
            }
        }
        if (e != 0) {
            r = started ? fe_mul(&r, &table[e]) : table[e];
            started = 1;
        }
    }
    return r;
}

/* Bits [52 k, 52 k + 52) of a little-endian number of n 64-bit words. */
static uint64_t limb52(const uint64_t *words, int n, int k) {
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

/* Eight coordinates of 52-bit limbs, lane j from limbs + j * stride (lanes past the given count zero). */
IFMA static fe load_lanes(const uint64_t *limbs, size_t stride, int lanes) {
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
IFMA static fe converted(const fe *v, const uint64_t factor[NLIMBS]) {
    fe f = fe_broadcast(factor);
    fe r = fe_mul(v, &f);
    fe_canonical(&r);
    return r;
}

IFMA static void store_lanes(const fe *v, uint64_t *out, size_t stride, int lanes) {
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

static int digit(const uint64_t *recoded, int i, int w, int c) {
    int bit = w * c;
    int limb = bit >> 6;
    int sh = bit & 63;
    const uint64_t *r = recoded + 5 * (size_t) i + limb;
    uint64_t v = r[0] >> sh;
    if (sh + c > 64 && limb < 4) {
        v |= r[1] << (64 - sh);
    }
    return (int) (v & ((1ULL << c) - 1)) - (1 << (c - 1));
}

/* out = p - y for canonical non-zero y, limb by limb (G1 has no point with y = 0). */
static void negate_y(const uint64_t *y, uint64_t *out) {
    int64_t borrow = 0;
    for (int k = 0; k < NLIMBS; k++) {
        int64_t v = (int64_t) FP.p[k] - (int64_t) y[k] + borrow;
        borrow = v >> LIMB_BITS;
        out[k] = (uint64_t) v & LIMB_MASK;
    }
}

static int equal_limbs(const uint64_t *a, const uint64_t *b) {
    for (int k = 0; k < NLIMBS; k++) {
        if (a[k] != b[k]) {
            return 0;
        }
    }
    return 1;
}

/* The affine point at xy doubled in place (lane 0 of the lanes; the rare case of P + P). */
IFMA static void double_point(uint64_t *xy) {
    fe x;
    fe y;
    for (int k = 0; k < NLIMBS; k++) {
        x.l[k] = _mm512_set1_epi64((long long) xy[k]);
        y.l[k] = _mm512_set1_epi64((long long) xy[NLIMBS + k]);
    }
    fe xx = fe_mul(&x, &x);
    fe_canonical(&xx);
    fe num = fe_add(&xx, &xx);
    num = fe_add(&num, &xx);
    fe den = fe_add(&y, &y);
    fe inv = fe_inverse(&den);
    fe lambda = fe_mul(&num, &inv);
    fe two_x = fe_add(&x, &x);
    fe x3 = fe_mul(&lambda, &lambda);
    x3 = fe_sub(&x3, &two_x);
    fe_canonical(&x3);
    fe u = fe_sub(&x, &x3);
    fe y3 = fe_mul(&lambda, &u);
    y3 = fe_sub(&y3, &y);
    fe_canonical(&y3);
    store_lanes(&x3, xy, 0, 1);
    store_lanes(&y3, xy + NLIMBS, 0, 1);
}

/* The eight rows (one coordinate each, 8 limbs) as lanes: an 8 x 8 transpose in three rounds of shuffles. */
IFMA_INLINE fe transpose(const __m512i r[8]) {
    const __m512i pairs_lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i pairs_hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    const __m512i halves_lo = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
    const __m512i halves_hi = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
    __m512i a[8];
    for (int j = 0; j < 8; j += 2) {
        a[j] = _mm512_unpacklo_epi64(r[j], r[j + 1]);
        a[j + 1] = _mm512_unpackhi_epi64(r[j], r[j + 1]);
    }
    /* a[2q] holds limbs 0 2 4 6 of rows 2q' and 2q'+1 interleaved, a[2q+1] limbs 1 3 5 7. */
    __m512i b[8];
    for (int q = 0; q < 2; q++) {
        for (int odd = 0; odd < 2; odd++) {
            __m512i x = a[4 * q + odd];
            __m512i y = a[4 * q + 2 + odd];
            b[4 * q + 2 * odd] = _mm512_permutex2var_epi64(x, pairs_lo, y);
            b[4 * q + 2 * odd + 1] = _mm512_permutex2var_epi64(x, pairs_hi, y);
        }
    }
    /* b[4q + 2 odd + h] holds, for rows 4q .. 4q + 3, limbs odd + 2h and odd + 2h + 4. */
    fe out;
    for (int odd = 0; odd < 2; odd++) {
        for (int h = 0; h < 2; h++) {
            __m512i x = b[2 * odd + h];
            __m512i y = b[4 + 2 * odd + h];
            out.l[odd + 2 * h] = _mm512_permutex2var_epi64(x, halves_lo, y);
            out.l[odd + 2 * h + 4] = _mm512_permutex2var_epi64(x, halves_hi, y);
        }
    }
    return out;
}

/* Coordinate offset (0: x, NLIMBS: y) of the eight points at rows[j] (NULL: zero) as lanes. */
IFMA_INLINE fe load_group(const uint64_t *const rows[8], int offset) {
    __m512i r[8];
    for (int j = 0; j < 8; j++) {
        r[j] = rows[j] == NULL ? _mm512_setzero_si512() : _mm512_load_si512(rows[j] + offset);
    }
    return transpose(r);
}

/* The lanes of v back into the rows of the points whose write bit is set. */
IFMA_INLINE void store_group(const fe *v, uint64_t *const rows[8], int offset, __mmask8 write) {
    fe r = transpose(v->l);
    for (int j = 0; j < 8; j++) {
        if (write >> j & 1) {
            _mm512_store_si512(rows[j] + offset, r.l[j]);
        }
    }
}

/* Rows of group g's buckets and points (NULL past n), and the lanes that hold additions. */
static __mmask8 group_rows(const window_t *w, const uint64_t *points, int g, int n, uint64_t *buckets[8],
        const uint64_t *pts[8]) {
    __mmask8 valid = 0;
    for (int j = 0; j < 8; j++) {
        int i = g * 8 + j;
        if (i < n) {
            buckets[j] = w->b + (size_t) w->pend_bucket[i] * POINT_LONGS;
            pts[j] = points + (size_t) w->pend_point[i] * POINT_LONGS;
            valid |= (__mmask8) (1 << j);
        } else {
            buckets[j] = NULL;
            pts[j] = NULL;
        }
    }
    return valid;
}

static void prefetch_group(const window_t *w, const uint64_t *points, int g, int n) {
    for (int i = g * 8; i < g * 8 + 8 && i < n; i++) {
        const char *b = (const char *) (w->b + (size_t) w->pend_bucket[i] * POINT_LONGS);
        const char *p = (const char *) (points + (size_t) w->pend_point[i] * POINT_LONGS);
        __builtin_prefetch(b);
        __builtin_prefetch(b + 64);
        __builtin_prefetch(p);
        __builtin_prefetch(p + 64);
    }
}

/* The pending additions: bucket pend_bucket[i] += (-1)^pend_neg[i] points[pend_point[i]]. */
IFMA static void run_batch(window_t *w, const uint64_t *points, int n) {
    if (n == 0) {
        return;
    }
    int groups = (n + 7) / 8;
    fe one = fe_broadcast(FP.one);
    fe zero;
    for (int k = 0; k < NLIMBS; k++) {
        zero.l[k] = _mm512_setzero_si512();
    }
    prefetch_group(w, points, 0, n);
    prefetch_group(w, points, 1, n);
    for (int g = 0; g < groups; g++) {
        if (g + 2 < groups) {
            prefetch_group(w, points, g + 2, n);
        }
        uint64_t *brows[8];
        const uint64_t *prows[8];
        __mmask8 valid = group_rows(w, points, g, n, brows, prows);
        __mmask8 neg = 0;
        for (int j = 0; j < 8 && g * 8 + j < n; j++) {
            neg |= (__mmask8) (w->pend_neg[g * 8 + j] << j);
        }
        fe xb = load_group((const uint64_t *const *) brows, 0);
        fe yb = load_group((const uint64_t *const *) brows, NLIMBS);
        fe xp = load_group(prows, 0);
        fe yp = load_group(prows, NLIMBS);
        __mmask8 same = fe_equal(&xb, &xp) & valid;
        for (int j = 0; j < 8; j++) {
            if (same >> j & 1) {
                w->same_x[g * 8 + j] = 1;
            }
        }
        /* Padding and same-x lanes get a harmless non-zero denominator, 1 - 0. */
        __mmask8 pad = (__mmask8) (~valid | same);
        xp = fe_blend(pad, &xp, &one);
        xb = fe_blend(pad, &xb, &zero);
        if (neg) {
            fe ny = fe_neg(&yp);
            yp = fe_blend(neg, &yp, &ny);
        }
        fe dx = fe_sub(&xp, &xb);
        w->xb[g] = xb;
        w->yb[g] = yb;
        w->xp[g] = xp;
        w->dy[g] = fe_sub(&yp, &yb);
        w->prefix[g] = g == 0 ? dx : fe_mul(&w->prefix[g - 1], &dx);
    }
    fe inv = fe_inverse(&w->prefix[groups - 1]);
    for (int g = groups - 1; g >= 0; g--) {
        fe dx = fe_sub(&w->xp[g], &w->xb[g]);
        fe den;
        if (g > 0) {
            den = fe_mul(&inv, &w->prefix[g - 1]);
            inv = fe_mul(&inv, &dx);
        } else {
            den = inv;
        }
        fe lambda = fe_mul(&w->dy[g], &den);
        fe s = fe_add(&w->xb[g], &w->xp[g]);
        fe x3 = fe_mul(&lambda, &lambda);
        x3 = fe_sub(&x3, &s);
        fe_canonical(&x3);
        fe u = fe_sub(&w->xb[g], &x3);
        fe y3 = fe_mul(&lambda, &u);
        y3 = fe_sub(&y3, &w->yb[g]);
        fe_canonical(&y3);
        uint64_t *brows[8];
        const uint64_t *prows[8];
        __mmask8 write = group_rows(w, points, g, n, brows, prows);
        for (int j = 0; j < 8 && g * 8 + j < n; j++) {
            if (w->same_x[g * 8 + j]) {
                write &= (__mmask8) ~(1 << j);
            }
        }
        store_group(&x3, brows, 0, write);
        store_group(&y3, brows, NLIMBS, write);
    }
    for (int i = 0; i < n; i++) {
        if (!w->same_x[i]) {
            continue;
        }
        w->same_x[i] = 0;
        uint64_t *bucket = w->b + (size_t) w->pend_bucket[i] * POINT_LONGS;
        const uint64_t *p = points + (size_t) w->pend_point[i] * POINT_LONGS;
        uint64_t y[NLIMBS];
        if (w->pend_neg[i]) {
            negate_y(p + NLIMBS, y);
        } else {
            memcpy(y, p + NLIMBS, sizeof y);
        }
        if (equal_limbs(y, bucket + NLIMBS)) {
            double_point(bucket);
        } else {
            w->full[w->pend_bucket[i]] = 0;
        }
    }
}

static int slot(const window_t *w, int point, int d) {
    int magnitude = d < 0 ? -d : d;
    return ((magnitude - 1) << w->spread) | (point & ((1 << w->spread) - 1));
}

static void copy_in(window_t *w, const uint64_t *points, int b, int point, int neg) {
    uint64_t *bucket = w->b + (size_t) b * POINT_LONGS;
    const uint64_t *p = points + (size_t) point * POINT_LONGS;
    memcpy(bucket, p, NLIMBS * sizeof(uint64_t));
    if (neg) {
        negate_y(p + NLIMBS, bucket + NLIMBS);
    } else {
        memcpy(bucket + NLIMBS, p + NLIMBS, NLIMBS * sizeof(uint64_t));
    }
    w->full[b] = 1;
}

static void flush(window_t *w, const uint64_t *points) {
    run_batch(w, points, w->pending);
    w->pending = 0;
    w->epoch++;
    int q = w->queued;
    w->queued = 0;
    for (int i = 0; i < q; i++) {
        int point = w->queue_point[i];
        int d = w->queue_digit[i];
        int b = slot(w, point, d);
        if (!w->full[b]) {
            copy_in(w, points, b, point, d < 0);
        } else if (w->stamp[b] == w->epoch || w->pending == w->batch) {
            w->queue_point[w->queued] = point;
            w->queue_digit[w->queued] = d;
            w->queued++;
        } else {
            w->stamp[b] = w->epoch;
            w->pend_bucket[w->pending] = b;
            w->pend_point[w->pending] = point;
            w->pend_neg[w->pending] = d < 0;
            w->pending++;
        }
    }
}

static void add(window_t *w, const uint64_t *points, int point, int d) {
    int b = slot(w, point, d);
    if (!w->full[b]) {
        copy_in(w, points, b, point, d < 0);
        return;
    }
    if (w->stamp[b] == w->epoch) {
        w->queue_point[w->queued] = point;
        w->queue_digit[w->queued] = d;
        if (++w->queued == w->batch) {
            flush(w, points);
        }
        return;
    }
    w->stamp[b] = w->epoch;
    /* The batch runs when it is full, thousands of additions later: the bucket is in cache by then. */
    const char *line = (const char *) (w->b + (size_t) b * POINT_LONGS);
    __builtin_prefetch(line);
    __builtin_prefetch(line + 64);
    w->pend_bucket[w->pending] = b;
    w->pend_point[w->pending] = point;
    w->pend_neg[w->pending] = d < 0;
    if (++w->pending == w->batch) {
        flush(w, points);
    }
}

static void throw_state(JNIEnv *env, const char *message) {
    jclass c = (*env)->FindClass(env, "java/lang/IllegalStateException");
    if (c != NULL) {
        (*env)->ThrowNew(env, c, message);
    }
}

JNIEXPORT jboolean JNICALL Java_io_c2spark_core_msm_IfmaKernel_cpuSupported(JNIEnv *env, jclass cls) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma")
            && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")
            && __builtin_cpu_supports("avx512bw");
}

/* constants: p, 2p, -p^-1 mod 2^52, R mod p, 2^448 mod p, 2^392 mod p (8 limbs each but the one), p - 2 in 6 words. */
JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_init(JNIEnv *env, jclass cls, jlongArray constants) {
    jlong c[5 * NLIMBS + 1 + 6];
    if ((*env)->GetArrayLength(env, constants) != (jsize) (sizeof c / sizeof c[0])) {
        throw_state(env, "IFMA kernel: wrong number of constants");
        return;
    }
    (*env)->GetLongArrayRegion(env, constants, 0, sizeof c / sizeof c[0], c);
    int o = 0;
    for (int k = 0; k < NLIMBS; k++) {
        FP.p[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < NLIMBS; k++) {
        FP.two_p[k] = (uint64_t) c[o++];
    }
    FP.pinv = (uint64_t) c[o++];
    for (int k = 0; k < NLIMBS; k++) {
        FP.one[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < NLIMBS; k++) {
        FROM_SHARED[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < NLIMBS; k++) {
        TO_FP56[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < 6; k++) {
        FP.p_minus_2[k] = (uint64_t) c[o++];
    }
}

JNIEXPORT jlong JNICALL Java_io_c2spark_core_msm_IfmaKernel_newChunk(JNIEnv *env, jclass cls, jint capacity) {
    chunk_t *ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        return 0;
    }
    ch->capacity = capacity;
    ch->points = aligned((size_t) capacity * POINT_LONGS * sizeof(uint64_t));
    ch->identity = calloc((size_t) capacity, 1);
    ch->digits = malloc((size_t) capacity * 5 * sizeof(uint64_t));
    if (ch->points == NULL || ch->identity == NULL || ch->digits == NULL) {
        free(ch->points);
        free(ch->identity);
        free(ch->digits);
        free(ch);
        return 0;
    }
    return (jlong) (intptr_t) ch;
}

JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_freeChunk(JNIEnv *env, jclass cls, jlong handle) {
    chunk_t *ch = (chunk_t *) (intptr_t) handle;
    free(ch->points);
    free(ch->identity);
    free(ch->digits);
    free(ch);
}

/*
 * Chunk slots from .. to - 1 from the shared layout's affine points first + from .. (12 longs each:
 * x then y, 6 64-bit limbs in Montgomery form R = 2^384; all zero = identity) and their recoded
 * scalars (digits, 5 longs per point of the chunk).
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_loadChunk(JNIEnv *env, jclass cls, jlong handle,
        jlongArray bases, jint first, jlongArray digits, jint from, jint to) {
    chunk_t *ch = (chunk_t *) (intptr_t) handle;
    (*env)->GetLongArrayRegion(env, digits, 5 * from, 5 * (to - from), (jlong *) (ch->digits + 5 * (size_t) from));
    uint64_t words[8 * 12];
    uint64_t limbs[8 * POINT_LONGS];
    for (int i = from; i < to; i += 8) {
        int lanes = to - i < 8 ? to - i : 8;
        (*env)->GetLongArrayRegion(env, bases, (jsize) (12 * ((size_t) first + i)), 12 * lanes, (jlong *) words);
        for (int j = 0; j < lanes; j++) {
            for (int k = 0; k < NLIMBS; k++) {
                limbs[POINT_LONGS * j + k] = limb52(words + 12 * j, 6, k);
                limbs[POINT_LONGS * j + NLIMBS + k] = limb52(words + 12 * j + 6, 6, k);
            }
        }
        fe xs = load_lanes(limbs, POINT_LONGS, lanes);
        fe ys = load_lanes(limbs + NLIMBS, POINT_LONGS, lanes);
        fe x = converted(&xs, FROM_SHARED);
        fe y = converted(&ys, FROM_SHARED);
        uint64_t *out = ch->points + (size_t) i * POINT_LONGS;
        store_lanes(&x, out, POINT_LONGS, lanes);
        store_lanes(&y, out + NLIMBS, POINT_LONGS, lanes);
        for (int j = 0; j < lanes; j++) {
            uint64_t any = 0;
            for (int k = 0; k < 12; k++) {
                any |= words[12 * j + k];
            }
            ch->identity[i + j] = any == 0;
        }
    }
}

JNIEXPORT jlong JNICALL Java_io_c2spark_core_msm_IfmaKernel_newWindow(JNIEnv *env, jclass cls, jint buckets,
        jint batch, jint spread) {
    window_t *w = calloc(1, sizeof *w);
    if (w == NULL) {
        return 0;
    }
    int groups = (batch + 7) / 8;
    w->buckets = buckets;
    w->batch = batch;
    w->spread = spread;
    w->epoch = 1;
    w->b = aligned((size_t) buckets * POINT_LONGS * sizeof(uint64_t));
    w->full = calloc((size_t) buckets, 1);
    w->stamp = calloc((size_t) buckets, sizeof(int32_t));
    w->pend_bucket = malloc((size_t) batch * sizeof(int32_t));
    w->pend_point = malloc((size_t) batch * sizeof(int32_t));
    w->pend_neg = malloc((size_t) batch);
    w->queue_point = malloc((size_t) batch * sizeof(int32_t));
    w->queue_digit = malloc((size_t) batch * sizeof(int32_t));
    w->xb = aligned((size_t) groups * sizeof(fe));
    w->yb = aligned((size_t) groups * sizeof(fe));
    w->xp = aligned((size_t) groups * sizeof(fe));
    w->dy = aligned((size_t) groups * sizeof(fe));
    w->prefix = aligned((size_t) groups * sizeof(fe));
    w->same_x = calloc((size_t) groups * 8, 1);
    return (jlong) (intptr_t) w;
}

JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_freeWindow(JNIEnv *env, jclass cls, jlong handle) {
    window_t *w = (window_t *) (intptr_t) handle;
    void *parts[] = {w->b, w->full, w->stamp, w->pend_bucket, w->pend_point, w->pend_neg, w->queue_point,
            w->queue_digit, w->xb, w->yb, w->xp, w->dy, w->prefix, w->same_x};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        free(parts[i]);
    }
    free(w);
}

/* Window w's digits (c bits) of the chunk's first count points into its buckets, every addition completed. */
JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_accumulate(JNIEnv *env, jclass cls, jlong window,
        jlong chunk, jint count, jint wi, jint c) {
    window_t *w = (window_t *) (intptr_t) window;
    chunk_t *ch = (chunk_t *) (intptr_t) chunk;
    for (int i = 0; i < count; i++) {
        if (ch->identity[i]) {
            continue;
        }
        int d = digit(ch->digits, i, wi, c);
        if (d != 0) {
            add(w, ch->points, i, d);
        }
    }
    while (w->pending > 0 || w->queued > 0) {
        flush(w, ch->points);
    }
}

/* The buckets in Fp56's working form (7 limbs of 56 bits, R' = 2^392; 14 longs each) and their full flags. */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_export(JNIEnv *env, jclass cls, jlong window,
        jlongArray out, jbooleanArray full) {
    window_t *w = (window_t *) (intptr_t) window;
    int n = w->buckets;
    jlong *fp56 = calloc((size_t) n * 14, sizeof(jlong));
    if (fp56 == NULL) {
        throw_state(env, "IFMA kernel: out of memory exporting buckets");
        return;
    }
    uint64_t cut[8 * NLIMBS];
    for (int i = 0; i < n; i += 8) {
        int lanes = n - i < 8 ? n - i : 8;
        for (int half = 0; half < 2; half++) {
            fe b = load_lanes(w->b + (size_t) i * POINT_LONGS + half * NLIMBS, POINT_LONGS, lanes);
            fe v = converted(&b, TO_FP56);
            store_lanes(&v, cut, NLIMBS, lanes);
            for (int j = 0; j < lanes; j++) {
                /* 8 limbs of 52 bits to 7 of 56: bits [56 k, 56 k + 56). */
                const uint64_t *l = cut + NLIMBS * j;
                jlong *o = fp56 + (size_t) (i + j) * 14 + 7 * half;
                for (int k = 0; k < 7; k++) {
                    int bit = 56 * k;
                    int a = bit / LIMB_BITS;
                    int s = bit % LIMB_BITS;
                    uint64_t v56 = l[a] >> s;
                    if (a + 1 < NLIMBS) {
                        v56 |= l[a + 1] << (LIMB_BITS - s);
                    }
                    if (s + 56 > 2 * LIMB_BITS && a + 2 < NLIMBS) {
                        v56 |= l[a + 2] << (2 * LIMB_BITS - s);
                    }
                    o[k] = (jlong) (v56 & ((1ULL << 56) - 1));
                }
            }
        }
    }
    (*env)->SetLongArrayRegion(env, out, 0, n * 14, fp56);
    (*env)->SetBooleanArrayRegion(env, full, 0, n, (const jboolean *) w->full);
    free(fp56);
}
