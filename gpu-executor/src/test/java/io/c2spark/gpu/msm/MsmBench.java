package io.c2spark.gpu.msm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import io.c2spark.gpu.GpuBench;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.GpuR1csTest;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/** {@link GpuBench}'s rows of this package: G1 and G2 MSMs, batch additions, fixed-base multiplication. */
public final class MsmBench {
    private final GpuBench bench;
    private final GpuDevice d;

    public MsmBench(GpuBench bench, GpuDevice d) {
        this.bench = bench;
        this.d = d;
    }

    /** G1 MSMs of 2^lg of the points: each number of copies and window asked for, in each batch split. */
    public void msm(GpuStream s, int lg, DeviceBuffer points, long[] logs, int[] windows, int[] copies, long tableBytes) {
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
            double ms = bench.time(s, lg >= 26 ? 3 : 5, st -> m.run(points, pinned, p, st, p.uploadParts(), bounds));
            printPhases(label + " 2^" + lg, m, points, pinned, p, bounds, s);
            bench.row(label, "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
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
        for (int k : Arrays.stream(GpuBench.ints("c2spark.bench.msmFirstParts", "0"))
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
    public void batchAdd(GpuStream s, int lg, DeviceBuffer points, long[] logs, int k) {
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
            double ms = bench.time(s, 5, st -> g.run(points, bm, n, st));
            bench.row("g1 batch add (" + (k == 1 ? "all" : k == 2 ? "half" : "1/" + k) + ")", "2^" + lg, ms,
                    String.format("%.0f Mpt/s", n / ms / 1e3), ok ? "equal to reference" : "NOT EQUAL TO REFERENCE");
        }
    }

    /**
     * Fixed-base multiplication of 2^lg random scalars (edge scalars first) by a table of window c,
     * for each size in lgs; the table is built once (timed apart) and its size reported. Sampled
     * outputs, among them each chunk's first and last, are checked against prover-core's G1.mul.
     */
    public void fixedBase(GpuStream s, int c, int[] lgs) {
        GpuEvent a = new GpuEvent(d);
        GpuEvent b = new GpuEvent(d);
        a.record(s);
        try (a; b; FixedBaseTable t = new FixedBaseTable(Curve.G1, d, G1TestPoints.G_AFFINE, c, s)) {
            b.record(s);
            b.synchronize();
            bench.row("g1 fixed-base table", "c=" + c, b.millisSince(a), String.format("%.1f MB", t.bytes() / 1e6),
                    FixedBaseTable.windows(c) + " windows x 2^" + (c - 1) + " affine points; built once");
            long[] g = new long[io.c2spark.core.curve.G1.JACOBIAN];
            io.c2spark.core.curve.G1.LAW.fromAffine(io.c2spark.core.curve.G1.generator(), 0, g, 0);
            for (int lg : lgs) {
                int n = 1 << lg;
                long[] k = GpuFixedBaseTest.scalars(n, c, TestData.SEED + 700 + lg);
                try (DeviceBuffer ks = d.allocate(32L * n); DeviceBuffer out = d.allocate(96L * n)) {
                    ks.upload(k);
                    double ms = bench.time(s, 5, st -> t.enqueue(ks, n, out, st));
                    SplittableRandom rnd = new SplittableRandom(TestData.SEED + lg);
                    int[] picks = new int[64];
                    for (int j = 0; j < picks.length; j++) {
                        // The edge scalars, the last point, each chunk's ends, then random ones.
                        long chunkEnd = (long) FixedBaseTable.CHUNK * ((j - 16) / 2 + 1) - ((j & 1) == 0 ? 1 : 0);
                        picks[j] = j < 16 ? j : j < 24 ? (int) Math.min(n - 1, chunkEnd) : j == 24 ? n - 1 : rnd.nextInt(n);
                    }
                    boolean ok = true;
                    for (int i : picks) {
                        if (!ok) {
                            break;
                        }
                        long[] p = new long[io.c2spark.core.curve.G1.JACOBIAN];
                        long[] want = new long[12];
                        io.c2spark.core.curve.G1.LAW.mul(g, 0, k, 4 * i, p, 0);
                        io.c2spark.core.curve.G1.LAW.toAffine(p, 0, want, 0);
                        ok = Arrays.equals(want, out.downloadLongs(96L * i, 12));
                    }
                    bench.row("g1 fixed-base (c=" + c + ")", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                            (ok ? "64 samples equal to prover-core" : "NOT EQUAL TO PROVER-CORE") + "; affine out");
                }
            }
        }
    }

    /** Device points s_i G for i < 2^lg, tiled from `distinct` points made by fixed-base multiplication. */
    public DeviceBuffer tiledPoints(GpuStream s, int lg, long[] logs) {
        long n = 1L << lg;
        int m = logs.length / 4;
        DeviceBuffer points = d.allocate(96 * n);
        try (DeviceBuffer ds = d.allocate(32L * m)) {
            ds.upload(logs);
            double ms = bench.time(s, 1, st -> new G1Kernels(d).fixedBaseMul(G1TestPoints.G_AFFINE, ds, m, points, st));
            bench.row("g1 fixed-base + table", "2^" + (31 - Integer.numberOfLeadingZeros(m)), ms,
                    String.format("%.1f Mpt/s", m / ms / 1e3), "table of c=" + FixedBaseTable.DEFAULT_WINDOW
                    + " built in the call");
        }
        for (long have = m; have < n; have *= 2) {
            points.copyFrom(points, 0, 96 * have, 96 * Math.min(have, n - have));
        }
        return points;
    }

    public void g2(GpuStream s, int[] msmSizes, int[] windows, int[] batchSizes) {
        long[] logs = TestData.randomFr(1 << 10, TestData.SEED + 88);
        int maxLg = Math.max(Arrays.stream(batchSizes).max().orElse(0), Arrays.stream(msmSizes).max().orElse(0));
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
                            double ms = bench.time(s, 3, st -> m.run(points, pinned, p, st, p.uploadParts(), bt));
                            printPhases("g2 msm 2^" + lg + " c=" + c + " " + firstBatch(bt), m, points, pinned, p, bt, s);
                            bench.row("g2 msm (c=" + c + " " + firstBatch(bt) + ")", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                                    (ok ? "equal to reference" : "NOT EQUAL TO REFERENCE") + "; scalars from pinned host");
                        }
                    }
                }
            }
            for (int batchLg : batchSizes) {
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
                    double ms = bench.time(s, 3, st -> g.run(points, bm, n, st));
                    bench.row("g2 batch add (half)", "2^" + batchLg, ms, String.format("%.0f Mpt/s", n / ms / 1e3),
                            ok ? "equal to reference" : "NOT EQUAL TO REFERENCE");
                }
            }
        }
    }
}
