package io.c2spark.gpu.setup;

import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.gpu.setup.CircuitVariables;
import io.c2spark.gpu.setup.DeviceParameterGenerator;
import io.c2spark.gpu.setup.FixedBaseEncoder;
import io.c2spark.gpu.setup.PowersOfTau;
import io.c2spark.gpu.setup.QapEvaluator;
import io.c2spark.gpu.setup.QapValues;

/**
 * Throughput of device parameter generation's steps, each result checked before it is reported,
 * and the projection to a 32GiB partition (docs/gpu-runs/2026-12-03-32gib/params.log: 130,278,869
 * rows with the input constraints, 130,170,221 variables, 722.4M terms; 427M G1 and 33M G2 points,
 * 47 GB of encodings):
 * <ul>
 * <li>G1 and G2 fixed-base multiplication with encoding, 2^lg scalars (-Dc2spark.bench.setupEncode=24),
 * samples against prover-core;
 * <li>powers of tau and the Lagrange coefficients at 2^27;
 * <li>the QAP at tau on a synthetic shape of 2^lg rows with a 32GiB partition's density
 * (-Dc2spark.bench.setupRows=24): A 2.37, B 1.0, C 2.17 terms a row, ONE in half the rows of A and
 * B, 1.3% of the aux variables not bits; sampled columns against a CPU sum;
 * <li>the whole generator on that shape, its sink only reading the chunks (device work and
 * read-back into pinned memory, no disk).
 * </ul>
 * Usage: SetupBench OUT_DIR; writes setup-bench.csv there.
 */
public final class SetupBench {
    static final long ROWS_32G = 130_278_869L;
    static final long VARS_32G = 130_170_221L;
    static final long TERMS_32G = 722_400_000L;
    static final long G1_POINTS_32G = 427_000_000L;
    static final long G2_POINTS_32G = 33_000_000L;
    static final double BYTES_32G = 47e9;
    /** The H200 host's disk with fdatasync: a 16 GiB write in about 14.9 s. */
    static final double DISK_BYTES_PER_S = 1.15e9;

    private final GpuDevice d;
    private final List<String> rows = new ArrayList<>();

    private SetupBench(GpuDevice d) {
        this.d = d;
    }

    private void row(String what, String size, double ms, String rate, String note) {
        String r = String.format("%-30s %-6s %10.1f ms  %-18s %s", what, size, ms, rate, note);
        System.out.println("[setup bench] " + r);
        rows.add(String.join(",", what, size, String.format("%.3f", ms), rate, note.replace(',', ';')));
    }

    interface Body {
        void run(GpuStream s);
    }

    /** Median device milliseconds of reps runs after a warm-up, by events on s. */
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

    /** Points per millisecond of fixed-base multiplication with encoding of 2^lg scalars. */
    double encode(GpuStream s, Curve curve, int lg, ToxicWaste tw) {
        int n = 1 << lg;
        long[] k = TestData.randomFr(n, TestData.SEED + 40 + curve.ordinal());
        long[] base = curve == Curve.G1 ? tw.g1() : tw.g2();
        long t0 = System.nanoTime();
        try (FixedBaseEncoder e = FixedBaseEncoder.of(d, curve, base, DeviceParameterGenerator.WINDOW, s);
             DeviceBuffer ks = d.allocate(32L * n); DeviceBuffer out = d.allocate((long) e.pointBytes() * n)) {
            double tableMs = (System.nanoTime() - t0) / 1e6;
            ks.upload(k);
            double ms = time(s, 3, st -> e.enqueue(ks, 0, n, out, st));
            SplittableRandom rnd = new SplittableRandom(TestData.SEED);
            int bad = 0;
            for (int j = 0; j < 32; j++) {
                int i = j == 0 ? 0 : j == 1 ? n - 1 : rnd.nextInt(n);
                long[] words = out.downloadLongs((long) e.pointBytes() * i, e.pointBytes() / 8);
                byte[] got = new byte[e.pointBytes()];
                java.nio.ByteBuffer.wrap(got).order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(words);
                bad += Arrays.equals(got, cpuEncoding(curve, base, k, i)) ? 0 : 1;
            }
            row(curve + " fixed-base + encode", "2^" + lg, ms, String.format("%.1f Mpt/s", n / ms / 1e3),
                    (bad == 0 ? "32 samples equal to prover-core" : bad + " SAMPLES DIFFER FROM PROVER-CORE")
                            + String.format("; table %.1f MB built in %.0f ms", e.tableBytes() / 1e6, tableMs));
            return n / ms;
        }
    }

    static byte[] cpuEncoding(Curve curve, long[] base, long[] k, int i) {
        if (curve == Curve.G1) {
            long[] p = new long[G1.JACOBIAN];
            long[] a = new long[G1.AFFINE];
            G1.LAW.fromAffine(base, 0, p, 0);
            G1.LAW.mul(p, 0, k, 4 * i, p, 0);
            G1.LAW.toAffine(p, 0, a, 0);
            return ZcashEncoding.encodeG1(a, 0, false);
        }
        long[] p = new long[G2.JACOBIAN];
        long[] a = new long[G2.AFFINE];
        G2.LAW.fromAffine(base, 0, p, 0);
        G2.LAW.mul(p, 0, k, 4 * i, p, 0);
        G2.LAW.toAffine(p, 0, a, 0);
        return ZcashEncoding.encodeG2(a, 0, false);
    }

    /** Milliseconds of the powers of tau and the Lagrange coefficients of 2^lg (wall time, twiddle tables included). */
    double lagrange(GpuStream s, int lg, ToxicWaste tw) {
        try (PowersOfTau p = new PowersOfTau(d, tw.tau(), tw.delta(), lg)) {
            p.lagrange(true, s).close();
            long t0 = System.nanoTime();
            try (DeviceBuffer l = p.lagrange(true, s)) {
                double ms = (System.nanoTime() - t0) / 1e6;
                long[] first = l.downloadLongs(0, 8);
                row("powers + Lagrange (iNTT)", "2^" + lg, ms, "", "wall time with the NTT's twiddle tables and scratch; L_0, L_1 "
                        + (Fr.isZero(first, 0) || Fr.isZero(first, 4) ? "ZERO" : "non-zero"));
                return ms;
            }
        }
    }

    /** A synthetic shape with a 32GiB partition's density. */
    record Synthetic(R1csDeviceShape shape, CircuitVariables variables, long[] table, int[][][] csr) {
    }

    static Synthetic synthetic(GpuDevice d, int lgRows, long seed) {
        int rows = 1 << lgRows;
        int inputs = 328;
        int aux = (int) (rows * (VARS_32G - inputs) / (double) ROWS_32G);
        long[] auxBits = new long[(aux + 63) / 64];
        for (int v = 0; v < aux; v++) {
            if (v % 77 != 0) {
                auxBits[v >>> 6] |= 1L << (v & 63);
            }
        }
        int[] ranks = R1csDeviceShape.tailRankPrefix(auxBits, aux);
        long[] table = new long[4 * 64];
        Random rnd = new Random(seed);
        Fr.setOne(table, 0);
        for (int i = 1; i < 64; i++) {
            Fr.random(rnd, table, 4 * i);
        }
        int[][][] csr = new int[3][][];
        for (int m = 0; m < 3; m++) {
            csr[m] = matrix(m, rows, inputs, aux, auxBits, ranks, seed + m);
        }
        return new Synthetic(new R1csDeviceShape(d, rows, table, csr), new CircuitVariables(inputs, aux, auxBits), table, csr);
    }

    /** {row starts, codes, coefficient indices} of matrix m (0 A, 1 B, 2 C), rows in parallel blocks. */
    static int[][] matrix(int m, int rows, int inputs, int aux, long[] auxBits, int[] ranks, long seed) {
        int blocks = 256;
        int[][] codes = new int[blocks][];
        int[][] coeffs = new int[blocks][];
        int[] starts = new int[rows + 1];
        IntStream.range(0, blocks).parallel().forEach(b -> {
            SplittableRandom rnd = new SplittableRandom(seed * 1000 + b);
            int lo = (int) ((long) rows * b / blocks);
            int hi = (int) ((long) rows * (b + 1) / blocks);
            int[] c = new int[4 * (hi - lo)];
            int[] k = new int[4 * (hi - lo)];
            int t = 0;
            for (int r = lo; r < hi; r++) {
                int[] vars = switch (m) {
                    case 0 -> new int[] {inputs + r % aux, rnd.nextInt(2) == 0 ? 0 : -1, rnd.nextInt(8) < 7 ? inputs + rnd.nextInt(aux) : -1};
                    case 1 -> new int[] {rnd.nextInt(20) < 11 ? 0 : inputs + rnd.nextInt(aux / 4)};
                    default -> new int[] {inputs + rnd.nextInt(aux), rnd.nextInt(3) < 2 ? inputs + rnd.nextInt(aux) : -1,
                        rnd.nextInt(2) == 0 ? inputs + rnd.nextInt(aux) : -1};
                };
                for (int v : vars) {
                    if (v < 0) {
                        continue;
                    }
                    c[t] = code(v, inputs, auxBits, ranks);
                    k[t] = rnd.nextInt(10) < 8 ? 0 : 1 + rnd.nextInt(63);
                    t++;
                }
                starts[r + 1] = t;
            }
            codes[b] = Arrays.copyOf(c, t);
            coeffs[b] = Arrays.copyOf(k, t);
        });
        int total = 0;
        for (int b = 0; b < blocks; b++) {
            int lo = (int) ((long) rows * b / blocks);
            int hi = (int) ((long) rows * (b + 1) / blocks);
            for (int r = lo + 1; r <= hi; r++) {
                starts[r] += total;
            }
            total += codes[b].length;
        }
        int[] allCodes = new int[total];
        int[] allCoeffs = new int[total];
        for (int b = 0, at = 0; b < blocks; at += codes[b].length, b++) {
            System.arraycopy(codes[b], 0, allCodes, at, codes[b].length);
            System.arraycopy(coeffs[b], 0, allCoeffs, at, coeffs[b].length);
        }
        return new int[][] {starts, allCodes, allCoeffs};
    }

    /** The column code of variable v (inputs first, then aux). */
    static int code(int v, int inputs, long[] auxBits, int[] ranks) {
        return R1csDeviceShape.columnCode(v < inputs ? Variable.input(v) : v - inputs, auxBits, ranks);
    }

    /** Milliseconds of the QAP at tau on the synthetic shape, median of 3 after a warm-up; sampled columns checked. */
    double qap(GpuStream s, Synthetic syn, int lgRows) {
        int rows = syn.shape().rows;
        long[] lagrange = TestData.randomFr(rows, TestData.SEED + 90);
        int vars = syn.variables().count();
        try (DeviceBuffer l = d.allocate(32L * rows); QapEvaluator q = new QapEvaluator(d, syn.shape(), syn.variables())) {
            l.upload(lagrange);
            q.evaluate(l, s).close();
            double[] ms = new double[3];
            String check = "";
            for (int i = 0; i < ms.length; i++) {
                long t0 = System.nanoTime();
                try (QapValues v = q.evaluate(l, s)) {
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                    if (i == 0) {
                        check = checkColumns(syn, lagrange, v);
                    }
                }
            }
            Arrays.sort(ms);
            long terms = 0;
            for (int m = 0; m < 3; m++) {
                terms += syn.csr()[m][1].length;
            }
            row("QAP at tau (A, B, C)", "2^" + lgRows, ms[1], String.format("%.0f Mterm/s", terms / ms[1] / 1e3),
                    String.format("%,d terms, %,d variables; ", terms, vars) + check);
            return ms[1] / terms;
        }
    }

    /** u at 64 sampled variables (ONE, a tail variable, random ones) against a CPU sum over A's terms. */
    static String checkColumns(Synthetic syn, long[] lagrange, QapValues v) {
        int vars = syn.variables().count();
        int inputs = syn.variables().inputs();
        int[] slot = new int[vars];
        Arrays.fill(slot, -1);
        int[] picked = new int[64];
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        for (int i = 0; i < picked.length; i++) {
            picked[i] = i == 0 ? 0 : i == 1 ? inputs : rnd.nextInt(vars);
            slot[picked[i]] = i;
        }
        long[] want = new long[4 * picked.length];
        int[][] a = syn.csr()[0];
        int[] tails = R1csDeviceShape.tailVariables(syn.variables().auxBits(), syn.variables().aux());
        long[] t = new long[4];
        for (int r = 0; r < syn.shape().rows; r++) {
            for (int p = a[0][r]; p < a[0][r + 1]; p++) {
                int kind = a[1][p] >>> 30;
                int index = a[1][p] & R1csDeviceShape.MAX_INDEX;
                int var = kind == R1csDeviceShape.KIND_INPUT ? index : inputs + (kind == R1csDeviceShape.KIND_BIT ? index : tails[index]);
                int s = slot[var];
                if (s >= 0) {
                    Fr.mul(syn.table(), 4 * a[2][p], lagrange, 4 * r, t, 0);
                    Fr.add(want, 4 * s, t, 0, want, 4 * s);
                }
            }
        }
        int bad = 0;
        for (int i = 0; i < picked.length; i++) {
            if (slot[picked[i]] == i && !Arrays.equals(Arrays.copyOfRange(want, 4 * i, 4 * i + 4), v.u().downloadLongs(32L * picked[i], 4))) {
                bad++;
            }
        }
        return bad == 0 ? "64 columns of A equal to the CPU" : bad + " COLUMNS DIFFER FROM THE CPU";
    }

    /** Seconds of the whole generator on the synthetic shape, sink reading each chunk's first and last word. */
    double pipeline(Synthetic syn, int lgRows, ToxicWaste tw) throws IOException {
        long t0 = System.nanoTime();
        long[] bytes = new long[1];
        long[] checksum = new long[1];
        try (DeviceParameterGenerator gen = DeviceParameterGenerator.prepare(d, syn.shape(), syn.variables(), tw,
                line -> System.out.println("[setup bench] " + line))) {
            long t1 = System.nanoTime();
            gen.writeTo((section, first, count, buf) -> {
                bytes[0] += buf.remaining();
                checksum[0] += buf.getLong(0) + buf.getLong(buf.remaining() - 8);
            });
            long t2 = System.nanoTime();
            double s = (t2 - t0) / 1e9;
            row("generator, no disk", "2^" + lgRows, s * 1e3, String.format("%.1f GB/s out", bytes[0] / ((t2 - t1) / 1e9) / 1e9),
                    String.format("prepare %.2f s, write %.2f s, %.2f GB of encodings (check word %x)", (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                            bytes[0] / 1e9, checksum[0]));
            return s;
        }
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : ".");
        GpuDevice d = GpuTestDevice.get();
        SetupBench b = new SetupBench(d);
        int lgEncode = Integer.getInteger("c2spark.bench.setupEncode", 24);
        int lgRows = Integer.getInteger("c2spark.bench.setupRows", 24);
        ToxicWaste tw = ToxicWaste.random(new Random(TestData.SEED));
        try (GpuStream s = d.newStream()) {
            double g1 = b.encode(s, Curve.G1, lgEncode, tw);
            double g2 = b.encode(s, Curve.G2, lgEncode, tw);
            double lagrangeMs = b.lagrange(s, 27, tw);
            long t0 = System.nanoTime();
            Synthetic syn = synthetic(d, lgRows, TestData.SEED);
            System.out.printf("[setup bench] synthetic shape of 2^%d rows made and uploaded in %.1f s%n", lgRows, (System.nanoTime() - t0) / 1e9);
            try (R1csDeviceShape shape = syn.shape()) {
                double msPerTerm = b.qap(s, syn, lgRows);
                double pipelineS = b.pipeline(syn, lgRows, tw);
                double qap32 = msPerTerm * TERMS_32G / 1e3;
                double points32 = (G1_POINTS_32G / g1 + G2_POINTS_32G / g2) / 1e3;
                double device32 = lagrangeMs / 1e3 + qap32 + points32;
                System.out.printf("[setup bench] 32GiB projection: powers + Lagrange %.2f s, QAP %.2f s, G1 %d M points %.2f s, "
                        + "G2 %d M points %.2f s: device %.1f s; the generator at 2^%d scaled by rows %.1f s; "
                        + "%.0f GB at the disk's %.2f GB/s %.0f s%n", lagrangeMs / 1e3, qap32, G1_POINTS_32G / 1_000_000,
                        G1_POINTS_32G / g1 / 1e3, G2_POINTS_32G / 1_000_000, G2_POINTS_32G / g2 / 1e3, device32, lgRows,
                        pipelineS * ROWS_32G / (1 << lgRows), BYTES_32G / 1e9, DISK_BYTES_PER_S / 1e9, BYTES_32G / DISK_BYTES_PER_S);
                b.rows.add(String.format("projection 32GiB device,,%.0f,,", device32 * 1e3));
            }
        }
        Files.createDirectories(out);
        Files.write(out.resolve("setup-bench.csv"), b.rows);
        System.out.println("[setup bench] device: " + d);
    }
}
