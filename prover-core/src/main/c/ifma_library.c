/* What the IFMA kernels share (io.c2spark.core.field.IfmaLibrary): the CPU check and the fields' constants. */
#include <jni.h>
#include "fields_ifma.h"

mont_constants FP;
mont_constants FR;

JNIEXPORT jboolean JNICALL Java_io_c2spark_core_field_IfmaLibrary_cpuSupported(JNIEnv *env, jclass cls) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma")
            && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")
            && __builtin_cpu_supports("avx512bw");
}

static void read_constants(mont_constants *m, int limbs, const int64_t *c) {
    int o = 0;
    for (int k = 0; k < limbs; k++) {
        m->p[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < limbs; k++) {
        m->two_p[k] = (uint64_t) c[o++];
    }
    uint64_t carry = 0;
    for (int k = 0; k < limbs; k++) {
        uint64_t v = (m->two_p[k] << 1) + carry;
        carry = v >> LIMB_BITS;
        m->four_p[k] = v & LIMB_MASK;
    }
    m->pinv = (uint64_t) c[o++];
    for (int k = 0; k < limbs; k++) {
        m->one[k] = (uint64_t) c[o++];
    }
    for (int k = 0; k < limbs; k++) {
        m->r3[k] = (uint64_t) c[o++];
    }
}

/* IfmaLibrary.montgomeryConstants of p in 8 limbs and of r in 5, read once before any kernel runs. */
JNIEXPORT void JNICALL Java_io_c2spark_core_field_IfmaLibrary_initFields(JNIEnv *env, jclass cls, jlongArray fp,
        jlongArray fr) {
    jlong c[4 * NLIMBS + 1];
    (*env)->GetLongArrayRegion(env, fp, 0, 4 * NLIMBS + 1, c);
    read_constants(&FP, NLIMBS, (const int64_t *) c);
    (*env)->GetLongArrayRegion(env, fr, 0, 4 * FR_LIMBS + 1, c);
    read_constants(&FR, FR_LIMBS, (const int64_t *) c);
}
