/*
 * The MSM's bucket accumulation on the CPU with AVX-512 IFMA, G1 and G2 (io.c2spark.core.msm.IfmaKernel).
 *
 * Java keeps the MSM's plan (window width, recoding, chunks, the windows' parallelism, the sum of
 * the windows' sums); this file does the parts that cost: adding every point of a chunk into one
 * window's buckets, the window's reduction to its sum (batched running sums of segments, then
 * their Jacobian combination), and the sums of the points selected by a bitmap (scalars of one).
 * It follows BucketAccumulator and LaneAffineBatch:
 * additions to distinct buckets are collected into a batch, their slope denominators inverted
 * together by Montgomery's trick, eight additions at a time in the lanes of fields_ifma.h; a point
 * whose bucket is already in the batch waits in a queue for the next one.
 *
 * Points and buckets are affine, x then y, each coordinate one (G1) or two (G2, c0 then c1) Fp
 * elements of 8 limbs of 52 bits (canonical, Montgomery form R = 2^416): 128 or 256 bytes per
 * point. The group-specific part is bucket_kernel.h, included once per group.
 */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include "fields_ifma.h"
#include "transpose_ifma.h"

/* x 2^384 (the shared layout) to x R, and x R to Fp56's x 2^392: Montgomery factors. */
static uint64_t FROM_SHARED[NLIMBS];
static uint64_t TO_FP56[NLIMBS];

/* A chunk of points in the kernel's form and their recoded scalars (5 little-endian 64-bit limbs each, Msm.recode). */
typedef struct {
    int elements;
    int capacity;
    uint64_t *points;
    uint8_t *identity;
    uint64_t *digits;
} chunk_t;

static void *aligned(size_t bytes) {
    size_t rounded = (bytes + 63) & ~(size_t) 63;
    return aligned_alloc(64, rounded == 0 ? 64 : rounded);
}

/* Coordinate offset (0: x, NLIMBS: y) of the eight points at rows[j] (NULL: zero) as lanes. */
IFMA_INLINE fe load_group(const uint64_t *const rows[8], int offset) {
    __m512i r[8];
    for (int j = 0; j < 8; j++) {
        r[j] = rows[j] == NULL ? _mm512_setzero_si512() : _mm512_load_si512(rows[j] + offset);
    }
    transpose8(r);
    fe v;
    for (int k = 0; k < NLIMBS; k++) {
        v.l[k] = r[k];
    }
    return v;
}

/* The lanes of v back into the rows of the points whose write bit is set. */
IFMA_INLINE void store_group(const fe *v, uint64_t *const rows[8], int offset, __mmask8 write) {
    __m512i r[8];
    for (int k = 0; k < NLIMBS; k++) {
        r[k] = v->l[k];
    }
    transpose8(r);
    for (int j = 0; j < 8; j++) {
        if (write >> j & 1) {
            _mm512_store_si512(rows[j] + offset, r[j]);
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

/* out = p - v for each of the canonical non-zero Fp elements at v (the curves have no point with y = 0). */
static void negate(const uint64_t *v, uint64_t *out, int elements) {
    for (int e = 0; e < elements; e++) {
        int64_t borrow = 0;
        int any = 0;
        for (int k = 0; k < NLIMBS; k++) {
            any |= v[e * NLIMBS + k] != 0;
        }
        for (int k = 0; k < NLIMBS; k++) {
            int64_t d = (int64_t) (any ? FP.p[k] : 0) - (int64_t) v[e * NLIMBS + k] + borrow;
            borrow = d >> LIMB_BITS;
            out[e * NLIMBS + k] = (uint64_t) d & LIMB_MASK;
        }
    }
}

#define FIELD fe
#define PARTS 1
#define K(name) CAT(name, _g1)
#define CANONICAL_DIFFERENCE fe_canonical_below_4p
#include "bucket_kernel.h"
#undef FIELD
#undef PARTS
#undef K
#undef CANONICAL_DIFFERENCE

#define FIELD fe2
#define PARTS 2
#define K(name) CAT(name, _g2)
#define CANONICAL_DIFFERENCE fe2_canonical
#include "bucket_kernel.h"
#undef FIELD
#undef PARTS
#undef K
#undef CANONICAL_DIFFERENCE

static void throw_state(JNIEnv *env, const char *message) {
    jclass c = (*env)->FindClass(env, "java/lang/IllegalStateException");
    if (c != NULL) {
        (*env)->ThrowNew(env, c, message);
    }
}

/* factors: 2^448 mod p and 2^392 mod p in 8 limbs each. */
JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_init(JNIEnv *env, jclass cls, jlongArray factors) {
    jni_limbs(env, factors, 0, FROM_SHARED);
    jni_limbs(env, factors, 1, TO_FP56);
}

/* A chunk of up to capacity points of the given Fp elements each (2: G1, 4: G2). */
JNIEXPORT jlong JNICALL Java_io_c2spark_core_msm_IfmaKernel_newChunk(JNIEnv *env, jclass cls, jint elements,
        jint capacity) {
    chunk_t *ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        return 0;
    }
    ch->elements = elements;
    ch->capacity = capacity;
    ch->points = aligned((size_t) capacity * elements * NLIMBS * sizeof(uint64_t));
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
 * Chunk slots from .. to - 1 from the shared layout's affine points first + from .. (6 64-bit
 * limbs per Fp element in Montgomery form R = 2^384, x then y; all zero = identity) and their
 * recoded scalars (digits, 5 longs per point of the chunk; null for accumulateSelected).
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_loadChunk(JNIEnv *env, jclass cls, jlong handle,
        jlongArray bases, jint first, jlongArray digits, jint from, jint to) {
    chunk_t *ch = (chunk_t *) (intptr_t) handle;
    int e = ch->elements;
    if (digits != NULL) {
        (*env)->GetLongArrayRegion(env, digits, 5 * from, 5 * (to - from), (jlong *) (ch->digits + 5 * (size_t) from));
    }
    uint64_t words[8 * 4 * 6];
    uint64_t limbs[8 * 4 * NLIMBS];
    for (int i = from; i < to; i += 8) {
        int lanes = to - i < 8 ? to - i : 8;
        (*env)->GetLongArrayRegion(env, bases, (jsize) (6 * e * ((size_t) first + i)), 6 * e * lanes, (jlong *) words);
        for (int j = 0; j < lanes; j++) {
            for (int q = 0; q < e; q++) {
                for (int k = 0; k < NLIMBS; k++) {
                    limbs[NLIMBS * (e * j + q) + k] = limb52(words + 6 * (e * j + q), 6, k);
                }
            }
        }
        uint64_t *out = ch->points + (size_t) i * e * NLIMBS;
        for (int q = 0; q < e; q++) {
            fe v = load_lanes(limbs + NLIMBS * q, (size_t) e * NLIMBS, lanes);
            fe m = converted(&v, FROM_SHARED);
            store_lanes(&m, out + NLIMBS * q, (size_t) e * NLIMBS, lanes);
        }
        for (int j = 0; j < lanes; j++) {
            uint64_t any = 0;
            for (int k = 0; k < 6 * e; k++) {
                any |= words[6 * e * j + k];
            }
            ch->identity[i + j] = any == 0;
        }
    }
}

/* One window's buckets (G1 for 2 elements per point, G2 for 4); 0 when the memory could not be had. */
JNIEXPORT jlong JNICALL Java_io_c2spark_core_msm_IfmaKernel_newWindow(JNIEnv *env, jclass cls, jint elements,
        jint buckets, jint batch, jint spread) {
    void *w = elements == 2 ? (void *) new_window_g1(buckets, batch, spread) : (void *) new_window_g2(buckets, batch, spread);
    return (jlong) (intptr_t) w;
}

JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_freeWindow(JNIEnv *env, jclass cls, jlong handle) {
    void *w = (void *) (intptr_t) handle;
    if (*(int *) w == 2) {
        free_window_g1(w);
    } else {
        free_window_g2(w);
    }
}

/* Window wi's digits (c bits) of the chunk's first count points into its buckets, every addition completed. */
JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_accumulate(JNIEnv *env, jclass cls, jlong window,
        jlong chunk, jint count, jint wi, jint c) {
    void *w = (void *) (intptr_t) window;
    const chunk_t *ch = (const chunk_t *) (intptr_t) chunk;
    if (*(int *) w != ch->elements) {
        throw_state(env, "IFMA kernel: a window and a chunk of different groups");
    } else if (ch->elements == 2) {
        accumulate_g1(w, ch, count, wi, c);
    } else {
        accumulate_g2(w, ch, count, wi, c);
    }
}

/* count (at most 8) Fp elements of the kernel's form, NLIMBS apart, to Fp56's working form (7 limbs of 56 bits, R' = 2^392) in out from offset on. */
IFMA static void export_elements(JNIEnv *env, const uint64_t *elements, int count, jlongArray out, jint offset) {
    fe v = load_lanes(elements, NLIMBS, count);
    fe m = converted(&v, TO_FP56);
    uint64_t cut[8 * NLIMBS];
    store_lanes(&m, cut, NLIMBS, count);
    jlong fp56[8 * 7];
    for (int j = 0; j < count; j++) {
        /* 8 limbs of 52 bits to 7 of 56: bits [56 k, 56 k + 56). */
        const uint64_t *l = cut + NLIMBS * j;
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
            fp56[7 * j + k] = (jlong) (v56 & ((1ULL << 56) - 1));
        }
    }
    (*env)->SetLongArrayRegion(env, out, offset, 7 * count, fp56);
}

/*
 * The window's sum (bucket_kernel.h's reduce, then combine), Jacobian X, Y, Z in Fp56's working
 * form, into out from offset on.
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_reduce(JNIEnv *env, jclass cls, jlong window,
        jint segments, jint m, jlongArray out, jint offset) {
    int e = *(int *) (intptr_t) window;
    size_t point_longs = (size_t) e * NLIMBS;
    uint64_t *sums = aligned(2 * (size_t) segments * point_longs * sizeof(uint64_t));
    uint8_t *flags = malloc(2 * (size_t) segments);
    if (sums == NULL || flags == NULL) {
        free(sums);
        free(flags);
        throw_state(env, "IFMA kernel: out of memory reducing buckets");
        return;
    }
    uint64_t *r = sums;
    uint64_t *t = sums + (size_t) segments * point_longs;
    uint64_t xyz[3 * 2 * NLIMBS];
    if (e == 2) {
        reduce_g1((window_t_g1 *) (intptr_t) window, segments, m, r, flags, t, flags + segments);
        jacobian_t_g1 s = combine_g1(r, flags, t, flags + segments, segments, m);
        store_jacobian_g1(&s, xyz);
    } else {
        reduce_g2((window_t_g2 *) (intptr_t) window, segments, m, r, flags, t, flags + segments);
        jacobian_t_g2 s = combine_g2(r, flags, t, flags + segments, segments, m);
        store_jacobian_g2(&s, xyz);
    }
    free(sums);
    free(flags);
    export_elements(env, xyz, 3 * e / 2, out, offset);
}

/* Adds the chunk's points from .. to - 1 whose bit first + i is set in bitmap into the window, each with digit 1. */
JNIEXPORT void JNICALL Java_io_c2spark_core_msm_IfmaKernel_accumulateSelected(JNIEnv *env, jclass cls, jlong window,
        jlong chunk, jlongArray bitmap, jint first, jint from, jint to) {
    void *w = (void *) (intptr_t) window;
    const chunk_t *ch = (const chunk_t *) (intptr_t) chunk;
    if (*(int *) w != ch->elements) {
        throw_state(env, "IFMA kernel: a window and a chunk of different groups");
        return;
    }
    /* The bitmap's words that cover the points, copied: the accumulation is long to hold an array pinned. */
    int word0 = (first + from) >> 6;
    int words = ((first + to + 63) >> 6) - word0;
    uint64_t *bits = malloc((size_t) (words > 0 ? words : 1) * sizeof(uint64_t));
    if (bits == NULL) {
        throw_state(env, "IFMA kernel: out of memory reading the bitmap");
        return;
    }
    (*env)->GetLongArrayRegion(env, bitmap, word0, words, (jlong *) bits);
    if (ch->elements == 2) {
        accumulate_selected_g1(w, ch, bits, word0, first, from, to);
    } else {
        accumulate_selected_g2(w, ch, bits, word0, first, from, to);
    }
    free(bits);
}
