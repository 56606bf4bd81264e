package io.c2spark.gpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.c2spark.gpu.field.FieldKernels;
import io.c2spark.gpu.msm.FixedBaseTable;
import io.c2spark.gpu.msm.MsmBench;
import io.c2spark.gpu.msm.MsmPlan;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.ntt.NttPlan;
import io.c2spark.gpu.r1cs.GpuR1csTest;
import io.c2spark.gpu.r1cs.SpmvBench;
import io.c2spark.gpu.runtime.Cuda;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * Timings on the device (CUDA events, median of several runs after a warm-up), each result checked
 * against the reference before it is reported. Prints a table and writes bench.csv to the folder
 * given as the first argument. Sizes: -Dc2spark.bench.msm=20,22,24,26 etc. (empty or 0 skips a
 * family: ntt, msm, batch, spmv, quotient, g2msm, g2batch, fixedBase); -Dc2spark.bench.msmWindows=8,16
 * runs every G1 and G2 MSM size with each of those windows, -Dc2spark.bench.msmCopies=1,99 every G1
 * MSM with each of those numbers of copies of the points (shifted bases, at most the windows and at
 * most -Dc2spark.bench.msmTableBytes of them, 80e9 unless set; 1 is the plain method, the window
 * then the rule's for the copies unless msmWindows is set), -Dc2spark.bench.fixedBaseWindows=16,20
 * every fixed-base size with each of those tables; -Dc2spark.bench.batchDensities=1,2,16 runs the
 * G1 batch addition with each bit set with probability 1, 1/2, 1/16; -Dc2spark.bench.msmFirstParts=1,99
 * runs every G1 and G2 MSM with each of those numbers of the upload's parts in the first batch (the
 * parts or more: one batch; 0, the default, the plan's own {@link MsmPlan#firstBatchParts}).
 */
public final class GpuBench {
    private final GpuDevice d;
    private final List<String> rows = new ArrayList<>();

    private GpuBench(GpuDevice d) {
        this.d = d;
    }

    public interface Body {
        void run(GpuStream s);
    }

    /** Median milliseconds of `reps` runs of body, each bracketed by events on s, after one warm-up. */
    public double time(GpuStream s, int reps, Body body) {
        body.run(s);
        s.synchronize();
        double[] ms = new double[reps];
        try (GpuEvent a = new GpuEvent(d); GpuEvent b = new GpuEvent(d)) {
            for (int i = 0; i < reps; i++) {
                a.record(s);
                body.run(s);
                b.record(s);
                b.synchronize();
                ms[i] = b.millisSince(a);
            }
        }
        Arrays.sort(ms);
        return ms[reps / 2];
    }

    /** Prints a row of the table and keeps it for bench.csv. */
    public void row(String what, String size, double ms, String rate, String note) {
        String r = String.format("%-22s %-6s %10.3f ms  %-22s %s", what, size, ms, rate, note);
        System.out.println("[bench] " + r);
        rows.add(String.join(",", what, size, String.format("%.4f", ms), rate.replace(',', ';'), note.replace(',', ';')));
    }

    void copyBandwidth(GpuStream s) {
        long bytes = 4L << 30;
        try (DeviceBuffer a = d.allocate(bytes); DeviceBuffer b = d.allocate(bytes)) {
            a.fill32(0x12345678, s);
            double ms = time(s, 5, st -> Cuda.check(jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync(b.pointer(), a.pointer(), bytes,
                    st.handle()), "cuMemcpyDtoDAsync", d.ordinal));
            row("d2d copy", "4GiB", ms, String.format("%.0f GB/s r+w", 2 * bytes / ms / 1e6), "ceiling");
        }
    }

    /** The forward NTT of 2^lg with a scratch buffer, then in place (a bit-reversal kernel first, no second buffer). */
    void ntt(GpuStream s, int lg) {
        long n = 1L << lg;
        long[] x = TestData.randomFr((int) n, TestData.SEED + lg);
        try (Ntt ntt = new Ntt(d, lg); DeviceBuffer buf = d.allocate(32 * n); DeviceBuffer allocated = d.allocate(Ntt.scratchBytes(lg))) {
            for (DeviceBuffer scratch : new DeviceBuffer[] {allocated, null}) {
                buf.upload(x);
                double ms = time(s, lg >= 26 ? 5 : 10, st -> ntt.forward(buf, scratch, st));
                // Check: the same input once more, forward then inverse, gives x back.
                buf.upload(x);
                ntt.forward(buf, scratch, s);
                ntt.inverse(buf, scratch, s);
                s.synchronize();
                long[] back = new long[x.length];
                buf.download(0, back, 0, back.length);
                boolean ok = Arrays.equals(back, x);
                int passes = NttPlan.passes(lg).size();
                double bytes = 2.0 * 32 * n * passes;
                row(scratch == null ? "ntt forward in place" : "ntt forward", "2^" + lg, ms, String.format("%.0f GB/s eff", bytes / ms / 1e6),
                        (ok ? "roundtrip ok" : "ROUNDTRIP FAILED") + "; " + passes + " passes"
                                + (scratch == null ? " after a bit-reversal pass" : ", the first into a scratch buffer"));
            }
        }
    }

    void quotient(GpuStream s, int lg) {
        long n = 1L << lg;
        try (DeviceBuffer a = d.allocate(32 * n); DeviceBuffer b = d.allocate(32 * n); DeviceBuffer c = d.allocate(32 * n);
             DeviceBuffer z = GpuR1csTest.upload(d, TestData.randomFr(1, 5))) {
            long[] x = TestData.randomFr(1 << 20, TestData.SEED + 9);
            for (DeviceBuffer v : new DeviceBuffer[] {a, b, c}) {
                for (long at = 0; at < 32 * n; at += 8L * x.length) {
                    v.upload(x, 0, at, Math.min(x.length, (32 * n - at) / 8));
                }
            }
            FieldKernels f = new FieldKernels(d);
            double ms = time(s, 5, st -> f.quotientOnCoset(a, b, c, z, n, st));
            row("(a b - c) / Z", "2^" + lg, ms, String.format("%.0f GB/s", 128.0 * n / ms / 1e6), "3 reads + 1 write of 32 B");
        }
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : ".");
        GpuDevice d = GpuTestDevice.get();
        GpuBench b = new GpuBench(d);
        MsmBench msm = new MsmBench(b, d);
        SpmvBench spmv = new SpmvBench(b, d);
        int[] nttSizes = ints("c2spark.bench.ntt", "20,24,27");
        int[] msmSizes = ints("c2spark.bench.msm", "20,22,24,26");
        int[] msmWindows = ints("c2spark.bench.msmWindows", "");
        int[] msmCopies = ints("c2spark.bench.msmCopies", "1");
        long msmTableBytes = Long.getLong("c2spark.bench.msmTableBytes", 80_000_000_000L);
        int[] batchSizes = ints("c2spark.bench.batch", "27");
        int[] spmvSizes = ints("c2spark.bench.spmv", "24,27");
        int[] quotientSizes = ints("c2spark.bench.quotient", "22,27");
        int[] g2MsmSizes = ints("c2spark.bench.g2msm", "20,22,24");
        int[] g2BatchSizes = ints("c2spark.bench.g2batch", "24");
        int[] batchDensities = ints("c2spark.bench.batchDensities", "2");
        int[] fixedBaseSizes = ints("c2spark.bench.fixedBase", "20,22,24");
        int[] fixedBaseWindows = ints("c2spark.bench.fixedBaseWindows", "" + FixedBaseTable.DEFAULT_WINDOW);
        try (GpuStream s = d.newStream()) {
            b.copyBandwidth(s);
            for (int lg : nttSizes) {
                b.ntt(s, lg);
            }
            for (int lg : quotientSizes) {
                b.quotient(s, lg);
            }
            for (int lg : spmvSizes) {
                spmv.spmv(s, lg);
            }
            int distinctLg = 20;
            int maxLg = Math.max(Arrays.stream(batchSizes).max().orElse(0), Arrays.stream(msmSizes).max().orElse(0));
            if (maxLg >= distinctLg) {
                long[] logs = TestData.randomFr(1 << distinctLg, TestData.SEED + 77);
                try (DeviceBuffer points = msm.tiledPoints(s, maxLg, logs)) {
                    for (int lg : msmSizes) {
                        System.out.flush();
                        msm.msm(s, lg, points, logs, msmWindows, msmCopies, msmTableBytes);
                    }
                    for (int lg : batchSizes) {
                        for (int k : batchDensities) {
                            msm.batchAdd(s, lg, points, logs, k);
                        }
                    }
                }
            }
            if (fixedBaseSizes.length > 0) {
                for (int c : fixedBaseWindows) {
                    msm.fixedBase(s, c, fixedBaseSizes);
                }
            }
            if (g2MsmSizes.length > 0 || g2BatchSizes.length > 0) {
                msm.g2(s, g2MsmSizes, msmWindows, g2BatchSizes);
            }
        }
        Files.createDirectories(out);
        Files.write(out.resolve("bench.csv"), b.rows);
        System.out.println("[bench] device: " + d);
    }

    /** The comma-separated integers of a system property (none when it is blank). */
    public static int[] ints(String property, String dflt) {
        String v = System.getProperty(property, dflt);
        return v.isBlank() ? new int[0] : Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
    }
}
