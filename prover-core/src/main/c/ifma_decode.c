/*
 * Parameter files' uncompressed G1 and G2 points (Zcash's encoding) decoded eight at a time with
 * AVX-512 IFMA (io.c2spark.core.curve.IfmaDecoder): LaneDecoder's common case, no flag set, every
 * coordinate below p and the point on the curve, checked in the fe lanes of fields_ifma.h.
 * Anything else is left undecoded for ZcashEncoding, which decodes it or names what is wrong.
 *
 * Per coordinate: 48 big-endian bytes to six 64-bit words, checked below p, re-cut into 52-bit
 * limbs and taken to x R (R = 2^416) by one product with 2^832 mod p; the curve equation
 * y^2 = x^3 + b is checked there; the coordinate goes out as the shared layout's x 2^384 by one
 * product with 2^384 mod p.
 */
#include <jni.h>
#include <string.h>
#include "fields_ifma.h"

#define FP_BYTES 48

static uint64_t P_WORDS[6];
static uint64_t TO_R[NLIMBS];
static uint64_t TO_SHARED[NLIMBS];
static uint64_t B_R[NLIMBS];

/* 48 big-endian bytes to six little-endian words; whether the value is below p. */
static int read_coordinate(const uint8_t *in, uint64_t w[6]) {
    for (int i = 0; i < 6; i++) {
        uint64_t v = 0;
        for (int b = 0; b < 8; b++) {
            v = v << 8 | in[FP_BYTES - 8 * (i + 1) + b];
        }
        w[i] = v;
    }
    for (int i = 5; i >= 0; i--) {
        if (w[i] != P_WORDS[i]) {
            return w[i] < P_WORDS[i];
        }
    }
    return 0;
}

/* Eight coordinates (six words each, lanes past the ok ones zero) to x R, canonical. */
IFMA static fe to_montgomery(const uint64_t words[8][6]) {
    uint64_t limbs[8 * NLIMBS];
    for (int j = 0; j < 8; j++) {
        for (int k = 0; k < NLIMBS; k++) {
            limbs[NLIMBS * j + k] = limb52(words[j], 6, k);
        }
    }
    fe v = load_lanes(limbs, NLIMBS, 8);
    return converted(&v, TO_R);
}

/* Lane j of x R, as the shared layout's x 2^384 (six words), into out + stride j for the lanes in mask. */
IFMA static void store_shared(const fe *x, jlong *out, size_t stride, __mmask8 mask) {
    fe v = converted(x, TO_SHARED);
    uint64_t limbs[8 * NLIMBS];
    store_lanes(&v, limbs, NLIMBS, 8);
    for (int j = 0; j < 8; j++) {
        if (mask >> j & 1) {
            uint64_t w[GCD_WORDS];
            words_from_limbs(limbs + NLIMBS * j, 1, NLIMBS, w);
            memcpy(out + stride * j, w, 6 * sizeof(uint64_t));
        }
    }
}

/* factors: 2^832, 2^384 and 4 R mod p in 8 limbs each. */
JNIEXPORT void JNICALL Java_io_c2spark_core_curve_IfmaDecoder_init(JNIEnv *env, jclass cls, jlongArray factors) {
    jni_limbs(env, factors, 0, TO_R);
    jni_limbs(env, factors, 1, TO_SHARED);
    jni_limbs(env, factors, 2, B_R);
    uint64_t p[GCD_WORDS];
    words_from_limbs(FP.p, 1, NLIMBS, p);
    memcpy(P_WORDS, p, sizeof P_WORDS);
}

/*
 * The count encodings at in[io] (96 bytes each for G1, 192 for G2: x.c1, x.c0, y.c1, y.c0) into
 * affine points at out[oo] (12 or 24 longs each, the shared layout; G2 as x.c0, x.c1, y.c0,
 * y.c1); decoded[k] tells whether point k was.
 */
IFMA JNIEXPORT void JNICALL Java_io_c2spark_core_curve_IfmaDecoder_decode(JNIEnv *env, jclass cls, jboolean g2,
        jbyteArray in_array, jint io, jint count, jlongArray out_array, jint oo, jbooleanArray decoded_array) {
    int parts = g2 ? 2 : 1;
    int len = 2 * parts * FP_BYTES;
    size_t point_longs = 2 * parts * 6;
    uint8_t *in = (*env)->GetPrimitiveArrayCritical(env, in_array, NULL);
    jlong *out = (*env)->GetPrimitiveArrayCritical(env, out_array, NULL);
    jboolean *decoded = (*env)->GetPrimitiveArrayCritical(env, decoded_array, NULL);
    if (in == NULL || out == NULL || decoded == NULL) {
        if (decoded != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, decoded_array, decoded, 0);
        }
        if (out != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, out_array, out, 0);
        }
        if (in != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, in_array, in, JNI_ABORT);
        }
        return;
    }
    fe b = fe_broadcast(B_R);
    for (int first = 0; first < count; first += 8) {
        int k = count - first < 8 ? count - first : 8;
        /* Coordinates in order x.c0, x.c1, y.c0, y.c1 (G1: x, y). */
        uint64_t words[4][8][6];
        memset(words, 0, sizeof words);
        __mmask8 ok = 0;
        for (int t = 0; t < k; t++) {
            const uint8_t *p = in + io + (size_t) (first + t) * len;
            int good = (p[0] & 0xE0) == 0;
            for (int q = 0; q < 2 * parts && good; q++) {
                /* In the encoding each Fp2 element is c1 then c0. */
                int at = g2 ? (q ^ 1) : q;
                good = read_coordinate(p + at * FP_BYTES, words[q][t]);
            }
            if (good) {
                ok |= (__mmask8) (1 << t);
            } else {
                memset(words[0][t], 0, sizeof words[0][t]);
                memset(words[1][t], 0, sizeof words[1][t]);
                memset(words[2][t], 0, sizeof words[2][t]);
                memset(words[3][t], 0, sizeof words[3][t]);
            }
        }
        __mmask8 on_curve;
        fe c[4];
        for (int q = 0; q < 2 * parts; q++) {
            c[q] = to_montgomery((const uint64_t(*)[6]) words[q]);
        }
        if (g2) {
            fe2 x = {c[0], c[1]};
            fe2 y = {c[2], c[3]};
            fe2 x2 = fe2_mul(&x, &x);
            fe2 rhs = fe2_mul(&x2, &x);
            fe2 b2 = {b, b};
            rhs = fe2_add(&rhs, &b2);
            fe2 lhs = fe2_mul(&y, &y);
            fe2_canonical(&rhs);
            fe2_canonical(&lhs);
            on_curve = fe2_equal(&lhs, &rhs);
        } else {
            fe x2 = fe_mul(&c[0], &c[0]);
            fe rhs = fe_mul(&x2, &c[0]);
            rhs = fe_add(&rhs, &b);
            fe lhs = fe_mul(&c[1], &c[1]);
            fe_canonical(&rhs);
            fe_canonical(&lhs);
            on_curve = fe_equal(&lhs, &rhs);
        }
        __mmask8 good = ok & on_curve;
        for (int t = 0; t < k; t++) {
            decoded[first + t] = (jboolean) (good >> t & 1);
        }
        jlong *o = out + oo + (size_t) first * point_longs;
        for (int q = 0; q < 2 * parts; q++) {
            store_shared(&c[q], o + 6 * q, point_longs, good);
        }
    }
    (*env)->ReleasePrimitiveArrayCritical(env, decoded_array, decoded, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, out_array, out, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in_array, in, JNI_ABORT);
}
