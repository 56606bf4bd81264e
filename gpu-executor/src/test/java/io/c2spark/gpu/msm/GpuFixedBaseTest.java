package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G1;
import io.c2spark.core.field.Fr;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * Table-based fixed-base multiplication equals prover-core's G1.mul for every scalar and the
 * BigInteger reference for a sample, at several windows, with the edge scalars first: 0, 1, 2,
 * r - 1, r - 2, digits at the carry boundary, zeros inside the runs made affine together.
 */
@Tag("gpu")
class GpuFixedBaseTest {
    static long[] scalars(int n, int c, long seed) {
        long[] s = TestData.randomFr(n, seed);
        BigInteger r = Fr.MODULUS;
        BigInteger half = BigInteger.ONE.shiftLeft(c - 1), full = BigInteger.ONE.shiftLeft(c);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, r.subtract(BigInteger.ONE),
            r.subtract(BigInteger.TWO), half, half.add(BigInteger.ONE), full.subtract(BigInteger.ONE), full,
            // Every window at the boundary: digits of 2^(c-1) and 2^(c-1) + 1 (which carries) in each window.
            sumOfWindows(c, half).mod(r), sumOfWindows(c, half.add(BigInteger.ONE)).mod(r),
            BigInteger.ONE.shiftLeft(254), r.shiftRight(1)};
        for (int i = 0; i < edges.length; i++) {
            System.arraycopy(Fr.of(edges[i]), 0, s, 4 * i, 4);
        }
        // Zeros scattered through later runs of the affine conversion.
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int k = 0; k < n / 50; k++) {
            System.arraycopy(new long[4], 0, s, 4 * (edges.length + rnd.nextInt(n - edges.length)), 4);
        }
        return s;
    }

    static BigInteger sumOfWindows(int c, BigInteger digit) {
        BigInteger v = BigInteger.ZERO;
        for (int w = 0; w * c < 255; w++) {
            v = v.add(digit.shiftLeft(w * c));
        }
        return v;
    }

    /** prover-core's affine k G for every scalar. */
    static long[] cpu(long[] s) {
        int n = s.length / 4;
        long[] out = new long[12 * n];
        long[] g = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, g, 0);
        IntStream.range(0, n).parallel().forEach(i -> {
            long[] t = new long[G1.JACOBIAN];
            G1.LAW.mul(g, 0, s, 4 * i, t, 0);
            G1.LAW.toAffine(t, 0, out, 12 * i);
        });
        return out;
    }

    @Test
    void tableMultiplicationEqualsReference() {
        GpuDevice d = GpuTestDevice.get();
        int n = 3001;
        for (int c : new int[] {8, 13, FixedBaseTable.DEFAULT_WINDOW}) {
            long[] s = scalars(n, c, TestData.SEED + c);
            long[] want = cpu(s);
            try (GpuStream st = d.newStream(); DeviceBuffer ds = d.allocate(32L * n); DeviceBuffer out = d.allocate(96L * n);
                 FixedBaseTable t = new FixedBaseTable(Curve.G1, d, G1TestPoints.G_AFFINE, c, st)) {
                assertEquals(96L * FixedBaseTable.windows(c) << (c - 1), t.bytes());
                ds.upload(s);
                out.fill32(0x5a5a5a5a, st);
                t.enqueue(ds, n, out, st);
                st.synchronize();
                long[] got = out.downloadLongs(0, 12 * n);
                for (int i = 0; i < n; i++) {
                    assertArrayEquals(java.util.Arrays.copyOfRange(want, 12 * i, 12 * i + 12),
                            java.util.Arrays.copyOfRange(got, 12 * i, 12 * i + 12),
                            "c = " + c + ", scalar " + i + " = " + Fr.toBigInteger(s, 4 * i) + " (seed " + TestData.SEED + ")");
                }
                SplittableRandom rnd = new SplittableRandom(TestData.SEED);
                for (int k = 0; k < 20; k++) {
                    int i = k < 12 ? k : rnd.nextInt(n);
                    BigInteger[] ref = G1Reference.mul(G1Reference.G, Fr.toBigInteger(s, 4 * i));
                    assertArrayEquals(G1Reference.toLimbs(ref), java.util.Arrays.copyOfRange(got, 12 * i, 12 * i + 12),
                            "BigInteger reference, c = " + c + ", scalar " + i);
                }
            }
        }
    }

    @Test
    void naiveKernelAgreesWithTheTable() {
        GpuDevice d = GpuTestDevice.get();
        int n = 1000;
        long[] s = scalars(n, FixedBaseTable.DEFAULT_WINDOW, TestData.SEED + 1);
        try (GpuStream st = d.newStream(); DeviceBuffer ds = d.allocate(32L * n); DeviceBuffer a = d.allocate(96L * n);
             DeviceBuffer b = d.allocate(96L * n)) {
            ds.upload(s);
            G1Kernels k = new G1Kernels(d);
            k.fixedBaseMul(G1TestPoints.G_AFFINE, ds, n, a, st);
            k.fixedBaseMulNaive(G1TestPoints.G_AFFINE, ds, n, b, st);
            assertArrayEquals(b.downloadLongs(0, 12 * n), a.downloadLongs(0, 12 * n), "seed " + TestData.SEED);
        }
    }
}
