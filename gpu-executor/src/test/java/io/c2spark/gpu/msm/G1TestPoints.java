package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * Points with known discrete logs: P_i = s_i G made on the GPU by fixed-base multiplication, a
 * sample of them checked against {@link G1Reference}. Then sum k_i P_i = (sum k_i s_i) G, so an
 * MSM or a batch sum of any size is checked with Fr arithmetic and one reference multiplication.
 */
final class G1TestPoints {
    static final long[] G_AFFINE = G1Reference.toLimbs(G1Reference.G);

    private G1TestPoints() {
    }

    /** Affine points s_i G on the device (96 bytes each); checks `samples` random ones and index 0.. on the CPU. */
    static DeviceBuffer make(GpuDevice d, long[] logs, int samples, long seed) {
        int n = logs.length / 4;
        DeviceBuffer out = d.allocate(96L * n);
        try (GpuStream s = d.newStream(); DeviceBuffer ds = d.allocate(32L * n)) {
            ds.upload(logs);
            new G1Kernels(d).fixedBaseMul(G_AFFINE, ds, n, out, s);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int k = 0; k < samples; k++) {
            int i = k < 4 ? Math.min(k, n - 1) : rnd.nextInt(n);
            BigInteger[] want = G1Reference.mul(G1Reference.G, Fr.toBigInteger(logs, 4 * i));
            assertArrayEquals(G1Reference.toLimbs(want), out.downloadLongs(96L * i, 12), "fixed-base point " + i);
        }
        return out;
    }

    /** sum_i k_i s_(i mod m) in Fr (Montgomery), the discrete log of the MSM of k over tiled points. */
    static long[] dotTiled(long[] k, long[] s) {
        int n = k.length / 4, m = s.length / 4;
        int chunks = Math.max(1, Math.min(1024, n / 4096));
        long[] partial = new long[4 * chunks];
        IntStream.range(0, chunks).parallel().forEach(c -> {
            long[] t = new long[4];
            for (int i = (int) ((long) n * c / chunks); i < (int) ((long) n * (c + 1) / chunks); i++) {
                Fr.mul(k, 4 * i, s, 4 * (i % m), t, 0);
                Fr.add(partial, 4 * c, t, 0, partial, 4 * c);
            }
        });
        long[] sum = new long[4];
        for (int c = 0; c < chunks; c++) {
            Fr.add(sum, 0, partial, 4 * c, sum, 0);
        }
        return sum;
    }

    /** The affine limbs of (log) G. */
    static long[] expected(long[] logMont) {
        return G1Reference.toLimbs(G1Reference.mul(G1Reference.G, Fr.toBigInteger(logMont, 0)));
    }
}
