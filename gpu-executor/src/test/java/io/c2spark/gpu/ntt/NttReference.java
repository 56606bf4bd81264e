package io.c2spark.gpu.ntt;

import io.c2spark.core.field.Fr;

/**
 * Textbook O(n log n) radix-2 NTT on prover-core's Fr, recursive-free: bit reversal, then
 * log n butterfly stages with twiddles w^(n / 2^(s+1) * j). Checked against the O(n^2) DFT in
 * NttReferenceTest, then used as the oracle for the GPU transform.
 */
final class NttReference {
    private NttReference() {
    }

    /** In place: a[i] (4 longs each, n = 2^lgN) becomes sum_j a[j] w^(ij). */
    static void transform(long[] a, int lgN, long[] w) {
        int n = 1 << lgN;
        for (int i = 0; i < n; i++) {
            int j = Integer.reverse(i) >>> (32 - lgN);
            if (lgN > 0 && i < j) {
                for (int l = 0; l < 4; l++) {
                    long t = a[4 * i + l];
                    a[4 * i + l] = a[4 * j + l];
                    a[4 * j + l] = t;
                }
            }
        }
        long[] wm = new long[4];
        long[] tw = new long[4];
        long[] t = new long[4];
        for (int len = 2; len <= n; len <<= 1) {
            // wm = w^(n / len), a primitive len-th root.
            System.arraycopy(w, 0, wm, 0, 4);
            for (int k = len; k < n; k <<= 1) {
                Fr.sqr(wm, 0, wm, 0);
            }
            for (int start = 0; start < n; start += len) {
                tw = Fr.of(1);
                for (int j = 0; j < len / 2; j++) {
                    int u = 4 * (start + j), v = 4 * (start + j + len / 2);
                    Fr.mul(a, v, tw, 0, t, 0);
                    Fr.sub(a, u, t, 0, a, v);
                    Fr.add(a, u, t, 0, a, u);
                    Fr.mul(tw, 0, wm, 0, tw, 0);
                }
            }
        }
    }

    static void forward(long[] a, FrDomain d) {
        transform(a, d.lgN, d.omega);
    }

    static void inverse(long[] a, FrDomain d) {
        transform(a, d.lgN, d.omegaInv);
        scaleByPowers(a, d.sizeInv, Fr.of(1), 1 << d.lgN);
    }

    static void cosetForward(long[] a, FrDomain d) {
        scaleByPowers(a, Fr.of(1), d.generator, 1 << d.lgN);
        forward(a, d);
    }

    static void cosetInverse(long[] a, FrDomain d) {
        inverse(a, d);
        scaleByPowers(a, Fr.of(1), d.generatorInv, 1 << d.lgN);
    }

    /** a[i] *= c * g^i. */
    static void scaleByPowers(long[] a, long[] c, long[] g, int n) {
        long[] p = c.clone();
        for (int i = 0; i < n; i++) {
            Fr.mul(a, 4 * i, p, 0, a, 4 * i);
            Fr.mul(p, 0, g, 0, p, 0);
        }
    }

    /** sum_j a[j] x^j: Horner's rule over chunks in parallel, chunk c weighted by x^(c * CHUNK). */
    static long[] evaluate(long[] a, int n, long[] x) {
        final int chunk = 1 << 16;
        int chunks = (n + chunk - 1) / chunk;
        long[] partial = new long[4 * chunks];
        java.util.stream.IntStream.range(0, chunks).parallel().forEach(c -> {
            long[] acc = new long[4];
            for (int j = Math.min(n, (c + 1) * chunk) - 1; j >= c * chunk; j--) {
                Fr.mul(acc, 0, x, 0, acc, 0);
                Fr.add(acc, 0, a, 4 * j, acc, 0);
            }
            long[] w = new long[4];
            Fr.pow(x, 0, new long[] {(long) c * chunk, 0, 0, 0}, w, 0);
            Fr.mul(acc, 0, w, 0, partial, 4 * c);
        });
        long[] sum = new long[4];
        for (int c = 0; c < chunks; c++) {
            Fr.add(sum, 0, partial, 4 * c, sum, 0);
        }
        return sum;
    }
}
