package io.c2spark.gpu.r1cs;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.c2spark.gpu.GpuBench;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/** {@link GpuBench}'s row of this package: the sparse matrix-vector product. */
public final class SpmvBench {
    private final GpuBench bench;
    private final GpuDevice d;

    public SpmvBench(GpuBench bench, GpuDevice d) {
        this.bench = bench;
        this.d = d;
    }

    /** Synthetic rows shaped like a 32GiB partition's A (309.4M terms over 130.3M rows, 98.7% bits). */
    public void spmv(GpuStream s, int lg) {
        int rows = 1 << lg;
        SplittableRandom rnd = new SplittableRandom(TestData.SEED + lg);
        int[] starts = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            starts[r + 1] = starts[r] + (r % 5 < 2 ? 3 : 2);
        }
        int nnz = starts[rows];
        int tails = Math.max(1, rows / 64);
        int inputs = 8;
        int[] codes = new int[nnz];
        int[] coeffs = new int[nnz];
        for (int p = 0; p < nnz; p++) {
            int u = rnd.nextInt(1000);
            codes[p] = u < 987 ? R1csDeviceShape.KIND_BIT << 30 | rnd.nextInt(rows)
                    : u < 997 ? rnd.nextInt(tails) : R1csDeviceShape.KIND_INPUT << 30 | rnd.nextInt(inputs);
            coeffs[p] = rnd.nextInt(64);
        }
        long[] table = TestData.randomFr(64, TestData.SEED + 1);
        long[] in = TestData.randomFr(inputs, TestData.SEED + 2);
        long[] tail = TestData.randomFr(tails, TestData.SEED + 3);
        long[] bits = new long[rows / 64 + 1];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = rnd.nextLong();
        }
        int[][] one = {starts, codes, coeffs};
        try (R1csDeviceShape shape = new R1csDeviceShape(d, rows, table, new int[][][] {one, one, one});
             DeviceBuffer din = GpuR1csTest.upload(d, in); DeviceBuffer dbits = GpuR1csTest.upload(d, bits);
             DeviceBuffer dtail = GpuR1csTest.upload(d, tail); DeviceBuffer out = d.allocate(32L * rows)) {
            double ms = bench.time(s, 5, st -> shape.enqueueProduct(R1csDeviceShape.Matrix.A, din.pointer(), dbits.pointer(),
                    dtail.pointer(), out, st));
            s.synchronize();
            boolean ok = true;
            long[] t = new long[4];
            for (int k = 0; k < 2000 && ok; k++) {
                int r = k < 1000 ? k : rnd.nextInt(rows);
                long[] want = new long[4];
                for (int p = starts[r]; p < starts[r + 1]; p++) {
                    int kind = codes[p] >>> 30, index = codes[p] & R1csDeviceShape.MAX_INDEX;
                    if (kind == R1csDeviceShape.KIND_BIT) {
                        if ((bits[index >>> 6] >>> (index & 63) & 1) != 0) {
                            io.c2spark.core.field.Fr.add(want, 0, table, 4 * coeffs[p], want, 0);
                        }
                    } else {
                        io.c2spark.core.field.Fr.mul(table, 4 * coeffs[p], kind == R1csDeviceShape.KIND_INPUT ? in : tail,
                                4 * index, t, 0);
                        io.c2spark.core.field.Fr.add(want, 0, t, 0, want, 0);
                    }
                }
                ok = Arrays.equals(want, out.downloadLongs(32L * r, 4));
            }
            // Streamed: row starts, codes and coefficient indices (4 bytes each), the output (32 per row).
            double bytes = 4.0 * (rows + 2.0 * nnz) + 32.0 * rows;
            bench.row("spmv (A-like, 2.5/row)", "2^" + lg, ms, String.format("%.0f GB/s streamed", bytes / ms / 1e6),
                    (ok ? "2000 rows equal to CPU" : "NOT EQUAL TO CPU") + String.format("; %.1f Mterm", nnz / 1e6));
        }
    }
}
