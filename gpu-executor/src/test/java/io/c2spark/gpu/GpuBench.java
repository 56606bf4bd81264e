package io.c2spark.gpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Timings on the device (CUDA events, median of several runs after a warm-up), each result checked
 * against the reference before it is reported. Prints a table and writes bench.csv to the folder
 * given as the first argument. Sizes: -Dc2spark.bench.msm=20,22,24,26 etc.
 */
public final class GpuBench {
    private final GpuDevice d;
    private final List<String> rows = new ArrayList<>();

    private GpuBench(GpuDevice d) {
        this.d = d;
    }

    interface Body {
        void run(GpuStream s);
    }

    /** Median milliseconds of `reps` runs of body, each bracketed by events on s, after one warm-up. */
    private double time(GpuStream s, int reps, Body body) {
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

    private void row(String what, String size, double ms, String rate, String note) {
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

    void ntt(GpuStream s, int lg) {
        long n = 1L << lg;
        long[] x = TestData.randomFr((int) n, TestData.SEED + lg);
        try (Ntt ntt = new Ntt(d, lg); DeviceBuffer buf = d.allocate(32 * n)) {
            buf.upload(x);
            double ms = time(s, lg >= 26 ? 5 : 10, st -> ntt.forward(buf, st));
            // Check: the same input once more, forward then inverse, gives x back.
            buf.upload(x);
            ntt.forward(buf, s);
            ntt.inverse(buf, s);
            s.synchronize();
            long[] back = new long[x.length];
            buf.download(0, back, 0, back.length);
            boolean ok = Arrays.equals(back, x);
            int passes = NttPlan.passes(lg).size() + 1;
            double bytes = 2.0 * 32 * n * passes;
            row("ntt forward", "2^" + lg, ms, String.format("%.0f GB/s eff", bytes / ms / 1e6),
                    (ok ? "roundtrip ok" : "ROUNDTRIP FAILED") + "; " + passes + " passes");
        }
    }

    void msm(GpuStream s, int lg, DeviceBuffer points, long[] logs, int[] windows) {
        int n = 1 << lg;
        long[] k = TestData.randomFr(n, TestData.SEED + 500 + lg);
        long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, logs));
        try (PinnedHostBuffer pinned = new PinnedHostBuffer(d, 32L * n); G1Msm m = new G1Msm(d)) {
            pinned.put(0, k, 0, k.length);
            for (int c : windows) {
                MsmPlan p = MsmPlan.withWindow(n, c);
                long[] got = G1Points.jacobianToAffine(m.run(points, pinned, p, s));
                boolean ok = Arrays.equals(got, want);
                double ms = time(s, lg >= 26 ? 3 : 5, st -> m.run(points, pinned, p, st));
                m.enableProfiling();
                m.run(points, pinned, p, s);
                float[] phases = m.phaseMillis();
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < phases.length; i++) {
                    sb.append(String.format(" %s %.1f", G1Msm.PHASES[i], phases[i]));
                }
                System.out.println("[bench] g1 msm 2^" + lg + " c=" + c + " phases (ms):" + sb);
                row("g1 msm (c=" + c + ")", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                        (ok ? "equal to reference" : "NOT EQUAL TO REFERENCE") + "; scalars from pinned host");
            }
        }
    }

    void batchAdd(GpuStream s, int lg, DeviceBuffer points, long[] logs) {
        long n = 1L << lg;
        int words = (int) (n / 32);
        int[] bits = new int[words];
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        for (int i = 0; i < words; i++) {
            bits[i] = rnd.nextInt();
        }
        int m = logs.length / 4;
        long[] log = new long[4];
        for (long i = 0; i < n; i++) {
            if (((bits[(int) (i >>> 5)] >>> (i & 31)) & 1) != 0) {
                io.c2spark.core.field.Fr.add(log, 0, logs, 4 * (int) (i % m), log, 0);
            }
        }
        long[] want = G1TestPoints.expected(log);
        G1Kernels g = new G1Kernels(d);
        try (DeviceBuffer bm = d.allocate(4L * words)) {
            bm.upload(bits);
            boolean ok = Arrays.equals(G1Points.jacobianToAffine(g.batchAdd(points, bm, n, s)), want);
            double ms = time(s, 5, st -> g.batchAdd(points, bm, n, st));
            row("g1 batch add (half)", "2^" + lg, ms, String.format("%.0f Mpt/s", n / ms / 1e3),
                    ok ? "equal to reference" : "NOT EQUAL TO REFERENCE");
        }
    }

    /** Device points s_i G for i < 2^lg, tiled from `distinct` points made by fixed-base multiplication. */
    DeviceBuffer tiledPoints(GpuStream s, int lg, long[] logs) {
        long n = 1L << lg;
        int m = logs.length / 4;
        DeviceBuffer points = d.allocate(96 * n);
        try (DeviceBuffer ds = d.allocate(32L * m)) {
            ds.upload(logs);
            double ms = time(s, 1, st -> new G1Kernels(d).fixedBaseMul(G1TestPoints.G_AFFINE, ds, m, points, st));
            row("g1 fixed-base (naive)", "2^" + (31 - Integer.numberOfLeadingZeros(m)), ms,
                    String.format("%.1f Mpt/s", m / ms / 1e3), "255-bit double-and-add + inversion");
        }
        for (long have = m; have < n; have *= 2) {
            points.copyFrom(points, 0, 96 * have, 96 * Math.min(have, n - have));
        }
        return points;
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : ".");
        GpuDevice d = GpuTestDevice.get();
        GpuBench b = new GpuBench(d);
        int[] nttSizes = ints("c2spark.bench.ntt", "20,24,27");
        int[] msmSizes = ints("c2spark.bench.msm", "20,22,24,26");
        int[] msmWindows = ints("c2spark.bench.msmWindows", "");
        int batchLg = Integer.getInteger("c2spark.bench.batch", 27);
        try (GpuStream s = d.newStream()) {
            b.copyBandwidth(s);
            for (int lg : nttSizes) {
                b.ntt(s, lg);
            }
            int distinctLg = 20;
            long[] logs = TestData.randomFr(1 << distinctLg, TestData.SEED + 77);
            int maxLg = Math.max(batchLg, Arrays.stream(msmSizes).max().orElse(0));
            try (DeviceBuffer points = b.tiledPoints(s, maxLg, logs)) {
                for (int lg : msmSizes) {
                    int[] w = msmWindows.length > 0 && lg == 24 ? msmWindows : new int[] {MsmPlan.windowBitsFor(1 << lg)};
                    System.out.flush();
                    b.msm(s, lg, points, logs, w);
                }
                if (batchLg > 0) {
                    b.batchAdd(s, batchLg, points, logs);
                }
            }
        }
        Files.createDirectories(out);
        Files.write(out.resolve("bench.csv"), b.rows);
        System.out.println("[bench] device: " + d);
    }

    static int[] ints(String property, String dflt) {
        String v = System.getProperty(property, dflt);
        return v.isBlank() ? new int[0] : Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
    }
}
