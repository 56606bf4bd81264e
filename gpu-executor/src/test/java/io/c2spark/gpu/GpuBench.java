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

    void msm(GpuStream s, int lg, DeviceBuffer points, long[] logs, int[] windows, int[] copies, long tableBytes) {
        int n = 1 << lg;
        long[] k = TestData.randomFr(n, TestData.SEED + 500 + lg);
        long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, logs));
        try (PinnedHostBuffer pinned = new PinnedHostBuffer(d, 32L * n); Msm m = new Msm(d, Curve.G1)) {
            pinned.put(0, k, 0, k.length);
            for (int asked : copies) {
                int fit = (int) Math.max(1, Math.min(asked, tableBytes / (96L * n)));
                for (int c : windows.length > 0 ? windows : new int[] {MsmPlan.windowBitsFor(n, Curve.G1, fit)}) {
                    int kk = MsmPlan.withWindow(n, c, fit).copies();
                    if (kk == 1) {
                        msmRow(s, lg, m, points, pinned, MsmPlan.withWindow(n, c), want, "g1 msm (c=" + c + ")", "");
                        continue;
                    }
                    long t0 = System.nanoTime();
                    try (G1ShiftedBases table = new G1ShiftedBases(d, points, n, c, kk, s)) {
                        double buildMs = (System.nanoTime() - t0) / 1e6;
                        String note = String.format("; table of %d copies %.2f GB built in %.0f ms", kk, table.bytes() / 1e9, buildMs);
                        System.out.println("[bench] g1 msm 2^" + lg + " c=" + c + " k=" + kk + note.substring(1));
                        msmRow(s, lg, m, table.buffer(), pinned, table.plan(), want, "g1 msm (c=" + c + " k=" + kk + ")", note);
                    }
                }
            }
        }
    }

    private void msmRow(GpuStream s, int lg, Msm m, DeviceBuffer points, PinnedHostBuffer pinned, MsmPlan p, long[] want, String what,
            String note) {
        int n = p.n();
        for (int[] bounds : batchBounds(p, Curve.G1)) {
            String label = what.substring(0, what.length() - 1) + " " + firstBatch(bounds) + ")";
            long[] got = G1Points.jacobianToAffine(m.run(points, pinned, p, s, p.uploadParts(), bounds));
            boolean ok = Arrays.equals(got, want);
            double ms = time(s, lg >= 26 ? 3 : 5, st -> m.run(points, pinned, p, st, p.uploadParts(), bounds));
            printPhases(label + " 2^" + lg, m, points, pinned, p, bounds, s);
            row(label, "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                    (ok ? "equal to reference" : "NOT EQUAL TO REFERENCE") + "; scalars from pinned host" + note);
        }
    }

    /**
     * The batches to run plan p in, as Msm.run's bounds: one split for each of
     * -Dc2spark.bench.msmFirstParts (0 the plan's own), the first batch that many parts.
     */
    static List<int[]> batchBounds(MsmPlan p, Curve curve) {
        int parts = p.uploadParts();
        List<int[]> out = new ArrayList<>();
        for (int k : Arrays.stream(ints("c2spark.bench.msmFirstParts", "0"))
                .map(k -> Math.min(k == 0 ? p.firstBatchParts(curve) : k, parts)).distinct().toArray()) {
            out.add(k == parts ? new int[] {0, parts} : new int[] {0, k, parts});
        }
        return out;
    }

    /** "first=k/parts" for the bounds of a run. */
    static String firstBatch(int[] bounds) {
        return "first=" + bounds[1] + "/" + bounds[bounds.length - 1];
    }

    /** One profiled run of p in the given batches, its phases printed on one line. */
    static void printPhases(String what, Msm m, DeviceBuffer points, PinnedHostBuffer pinned, MsmPlan p, int[] bounds, GpuStream s) {
        m.enableProfiling();
        m.run(points, pinned, p, s, p.uploadParts(), bounds);
        float[] phases = m.phaseMillis();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < phases.length; i++) {
            sb.append(String.format(" %s %.1f", Msm.PHASES[i], phases[i]));
        }
        System.out.println("[bench] " + what + " phases (ms):" + sb);
        if (bounds.length > 2) {
            System.out.println("[bench] " + what + " steps (ms): " + String.join(", ", m.timeline()));
        }
    }

    /** Bitmap batch addition of 2^lg points, each bit set with probability 1 / k (k = 1, 2, 4, 8, 16). */
    void batchAdd(GpuStream s, int lg, DeviceBuffer points, long[] logs, int k) {
        long n = 1L << lg;
        int words = (int) (n / 32);
        int[] bits = new int[words];
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        for (int i = 0; i < words; i++) {
            int w = -1;
            for (int j = 1; j < k; j <<= 1) {
                w &= rnd.nextInt();
            }
            bits[i] = w;
        }
        int m = logs.length / 4;
        long[] log = new long[4];
        for (long i = 0; i < n; i++) {
            if (((bits[(int) (i >>> 5)] >>> (i & 31)) & 1) != 0) {
                io.c2spark.core.field.Fr.add(log, 0, logs, 4 * (int) (i % m), log, 0);
            }
        }
        long[] want = G1TestPoints.expected(log);
        try (DeviceBuffer bm = d.allocate(4L * words); BatchAdd g = new BatchAdd(d, Curve.G1)) {
            bm.upload(bits);
            boolean ok = Arrays.equals(G1Points.jacobianToAffine(g.run(points, bm, n, s)), want);
            double ms = time(s, 5, st -> g.run(points, bm, n, st));
            row("g1 batch add (" + (k == 1 ? "all" : k == 2 ? "half" : "1/" + k) + ")", "2^" + lg, ms,
                    String.format("%.0f Mpt/s", n / ms / 1e3), ok ? "equal to reference" : "NOT EQUAL TO REFERENCE");
        }
    }

    /**
     * Fixed-base multiplication of 2^lg random scalars (edge scalars first) by a table of window c,
     * for each size in lgs; the table is built once (timed apart) and its size reported. Sampled
     * outputs, among them each chunk's first and last, are checked against prover-core's G1.mul.
     */
    void fixedBase(GpuStream s, int c, int[] lgs) {
        GpuEvent a = new GpuEvent(d);
        GpuEvent b = new GpuEvent(d);
        a.record(s);
        try (a; b; G1FixedBaseTable t = new G1FixedBaseTable(d, G1TestPoints.G_AFFINE, c, s)) {
            b.record(s);
            b.synchronize();
            row("g1 fixed-base table", "c=" + c, b.millisSince(a), String.format("%.1f MB", t.bytes() / 1e6),
                    G1FixedBaseTable.windows(c) + " windows x 2^" + (c - 1) + " affine points; built once");
            long[] g = new long[io.c2spark.core.curve.G1.JACOBIAN];
            io.c2spark.core.curve.G1.fromAffine(io.c2spark.core.curve.G1.generator(), 0, g, 0);
            for (int lg : lgs) {
                int n = 1 << lg;
                long[] k = GpuFixedBaseTest.scalars(n, c, TestData.SEED + 700 + lg);
                try (DeviceBuffer ks = d.allocate(32L * n); DeviceBuffer out = d.allocate(96L * n)) {
                    ks.upload(k);
                    double ms = time(s, 5, st -> t.enqueue(ks, n, out, st));
                    SplittableRandom rnd = new SplittableRandom(TestData.SEED + lg);
                    int[] picks = new int[64];
                    for (int j = 0; j < picks.length; j++) {
                        // The edge scalars, the last point, each chunk's ends, then random ones.
                        long chunkEnd = (long) G1FixedBaseTable.CHUNK * ((j - 16) / 2 + 1) - ((j & 1) == 0 ? 1 : 0);
                        picks[j] = j < 16 ? j : j < 24 ? (int) Math.min(n - 1, chunkEnd) : j == 24 ? n - 1 : rnd.nextInt(n);
                    }
                    boolean ok = true;
                    for (int i : picks) {
                        if (!ok) {
                            break;
                        }
                        long[] p = new long[io.c2spark.core.curve.G1.JACOBIAN];
                        long[] want = new long[12];
                        io.c2spark.core.curve.G1.mul(g, 0, k, 4 * i, p, 0);
                        io.c2spark.core.curve.G1.toAffine(p, 0, want, 0);
                        ok = Arrays.equals(want, out.downloadLongs(96L * i, 12));
                    }
                    row("g1 fixed-base (c=" + c + ")", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                            (ok ? "64 samples equal to prover-core" : "NOT EQUAL TO PROVER-CORE") + "; affine out");
                }
            }
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
            row("g1 fixed-base + table", "2^" + (31 - Integer.numberOfLeadingZeros(m)), ms,
                    String.format("%.1f Mpt/s", m / ms / 1e3), "table of c=" + G1FixedBaseTable.DEFAULT_WINDOW
                    + " built in the call");
        }
        for (long have = m; have < n; have *= 2) {
            points.copyFrom(points, 0, 96 * have, 96 * Math.min(have, n - have));
        }
        return points;
    }

    /** Synthetic rows shaped like a 32GiB partition's A (309.4M terms over 130.3M rows, 98.7% bits). */
    void spmv(GpuStream s, int lg) {
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
            double ms = time(s, 5, st -> shape.enqueueProduct(R1csDeviceShape.Matrix.A, din.pointer(), dbits.pointer(),
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
            row("spmv (A-like, 2.5/row)", "2^" + lg, ms, String.format("%.0f GB/s streamed", bytes / ms / 1e6),
                    (ok ? "2000 rows equal to CPU" : "NOT EQUAL TO CPU") + String.format("; %.1f Mterm", nnz / 1e6));
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

    void g2(GpuStream s, int[] msmSizes, int[] windows, int batchLg) {
        long[] logs = TestData.randomFr(1 << 10, TestData.SEED + 88);
        int maxLg = Math.max(batchLg, Arrays.stream(msmSizes).max().orElse(0));
        try (DeviceBuffer points = GpuG2Test.tiledPoints(d, logs, 1L << maxLg)) {
            for (int lg : msmSizes) {
                int n = 1 << lg;
                long[] k = TestData.randomFr(n, TestData.SEED + 600 + lg);
                long[] want = GpuG2Test.expected(G1TestPoints.dotTiled(k, logs));
                try (PinnedHostBuffer pinned = new PinnedHostBuffer(d, 32L * n); Msm m = new Msm(d, Curve.G2)) {
                    pinned.put(0, k, 0, k.length);
                    for (int c : windows.length > 0 ? windows : new int[] {MsmPlan.windowBitsFor(n, Curve.G2)}) {
                        MsmPlan p = MsmPlan.withWindow(n, c);
                        for (int[] bt : batchBounds(p, Curve.G2)) {
                            boolean ok = Arrays.equals(GpuG2Test.affine(m.run(points, pinned, p, s, p.uploadParts(), bt)), want);
                            double ms = time(s, 3, st -> m.run(points, pinned, p, st, p.uploadParts(), bt));
                            printPhases("g2 msm 2^" + lg + " c=" + c + " " + firstBatch(bt), m, points, pinned, p, bt, s);
                            row("g2 msm (c=" + c + " " + firstBatch(bt) + ")", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                                    (ok ? "equal to reference" : "NOT EQUAL TO REFERENCE") + "; scalars from pinned host");
                        }
                    }
                }
            }
            if (batchLg > 0) {
                long n = 1L << batchLg;
                long[] bits = new long[(int) (n / 64)];
                SplittableRandom rnd = new SplittableRandom(TestData.SEED);
                long[] log = new long[4];
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = rnd.nextLong();
                }
                for (long i = 0; i < n; i++) {
                    if ((bits[(int) (i >>> 6)] >>> (i & 63) & 1) != 0) {
                        io.c2spark.core.field.Fr.add(log, 0, logs, 4 * (int) (i % (logs.length / 4)), log, 0);
                    }
                }
                try (DeviceBuffer bm = GpuR1csTest.upload(d, bits); BatchAdd g = new BatchAdd(d, Curve.G2)) {
                    boolean ok = Arrays.equals(GpuG2Test.affine(g.run(points, bm, n, s)), GpuG2Test.expected(log));
                    double ms = time(s, 3, st -> g.run(points, bm, n, st));
                    row("g2 batch add (half)", "2^" + batchLg, ms, String.format("%.0f Mpt/s", n / ms / 1e3),
                            ok ? "equal to reference" : "NOT EQUAL TO REFERENCE");
                }
            }
        }
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : ".");
        GpuDevice d = GpuTestDevice.get();
        GpuBench b = new GpuBench(d);
        int[] nttSizes = ints("c2spark.bench.ntt", "20,24,27");
        int[] msmSizes = ints("c2spark.bench.msm", "20,22,24,26");
        int[] msmWindows = ints("c2spark.bench.msmWindows", "");
        int[] msmCopies = ints("c2spark.bench.msmCopies", "1");
        long msmTableBytes = Long.getLong("c2spark.bench.msmTableBytes", 80_000_000_000L);
        int batchLg = Integer.getInteger("c2spark.bench.batch", 27);
        int[] spmvSizes = ints("c2spark.bench.spmv", "24,27");
        int[] quotientSizes = ints("c2spark.bench.quotient", "22,27");
        int[] g2MsmSizes = ints("c2spark.bench.g2msm", "20,22,24");
        int g2BatchLg = Integer.getInteger("c2spark.bench.g2batch", 24);
        int[] batchDensities = ints("c2spark.bench.batchDensities", "2");
        int[] fixedBaseSizes = ints("c2spark.bench.fixedBase", "20,22,24");
        int[] fixedBaseWindows = ints("c2spark.bench.fixedBaseWindows", "" + G1FixedBaseTable.DEFAULT_WINDOW);
        try (GpuStream s = d.newStream()) {
            b.copyBandwidth(s);
            for (int lg : nttSizes) {
                b.ntt(s, lg);
            }
            for (int lg : quotientSizes) {
                b.quotient(s, lg);
            }
            for (int lg : spmvSizes) {
                b.spmv(s, lg);
            }
            int distinctLg = 20;
            int maxLg = Math.max(batchLg, Arrays.stream(msmSizes).max().orElse(0));
            if (maxLg >= distinctLg) {
                long[] logs = TestData.randomFr(1 << distinctLg, TestData.SEED + 77);
                try (DeviceBuffer points = b.tiledPoints(s, maxLg, logs)) {
                    for (int lg : msmSizes) {
                        System.out.flush();
                        b.msm(s, lg, points, logs, msmWindows, msmCopies, msmTableBytes);
                    }
                    if (batchLg > 0) {
                        for (int k : batchDensities) {
                            b.batchAdd(s, batchLg, points, logs, k);
                        }
                    }
                }
            }
            if (fixedBaseSizes.length > 0) {
                for (int c : fixedBaseWindows) {
                    b.fixedBase(s, c, fixedBaseSizes);
                }
            }
            if (g2MsmSizes.length > 0 || g2BatchLg > 0) {
                b.g2(s, g2MsmSizes, msmWindows, g2BatchLg);
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
