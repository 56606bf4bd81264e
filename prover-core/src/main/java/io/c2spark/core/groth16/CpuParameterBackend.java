package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.msm.FixedBase;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The CPU's {@link ParameterBackend}, on {@link ComputePool}:
 * <ul>
 * <li>the Lagrange coefficients L_r(tau) = omega^r Z(tau) / (m (tau - omega^r)) directly, with one
 * batched inversion per chunk (no transform and no twiddle table);
 * <li>u, v, w at tau as sums over the matrices' terms, each worker taking the aux variables of one
 * range and the inputs' terms of one range of rows (ONE is in millions of rows);
 * <li>every point by {@link FixedBase} multiplication of g1 or g2 (one table per group), a chunk of
 * scalars at a time, encoded and pushed before the next chunk is made; h's scalars are made per
 * chunk from tau^i, A's and B's gathered per chunk from the non-zero u and v.
 * </ul>
 * Memory: besides the shape, the m Lagrange coefficients and one Fr per variable (beta u + alpha v
 * + w, then u, then v, in one vector), 32 bytes each, in pages ({@link FrVector}): for a 32GiB
 * partition 4.3 + 4.2 GB, and chunks of {@link #CHUNK_POINTS} points.
 */
public final class CpuParameterBackend implements ParameterBackend {
    /** Points per chunk: 6 MiB of G1 encodings. */
    static final int CHUNK_POINTS = 1 << 16;
    private static final int LAGRANGE_CHUNK = 1 << 12;

    private final int chunkPoints;

    public CpuParameterBackend() {
        this(CHUNK_POINTS);
    }

    /** With chunks of the given number of points (tests use small ones to cross chunk boundaries). */
    CpuParameterBackend(int chunkPoints) {
        if (chunkPoints < 1) {
            throw new IllegalArgumentException("chunk of " + chunkPoints + " points");
        }
        this.chunkPoints = chunkPoints;
    }

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public void checkAvailable() {
    }

    @Override
    public void generate(R1csShape shape, ParameterGenerator.ToxicWaste tw, ParameterSink sink, Consumer<String> log)
            throws IOException {
        Clock clock = new Clock(log);
        int ni = shape.numInputs();
        int na = shape.numAux();
        int vars = ni + na;
        int logM = EvaluationDomain.logSizeFor(shape.numConstraints());
        int m = 1 << logM;
        long[] gammaInv = new long[Fr.LIMBS];
        long[] deltaInv = new long[Fr.LIMBS];
        Fr.inverse(tw.gamma(), 0, gammaInv, 0);
        Fr.inverse(tw.delta(), 0, deltaInv, 0);
        long[] zt = new long[Fr.LIMBS];
        Fr.pow(tw.tau(), 0, new long[] {m}, zt, 0);
        Fr.sub(zt, 0, Fr.FIELD.one(), 0, zt, 0);

        // The tables and the chunk buffers first, while the heap's free room is in one piece: the
        // vectors' pages and the shape's arrays spread over it (at 32GiB a G2 table made after them
        // found no room).
        int bEstimate = QueryLayout.count(shape.bInputDensity(), ni) + QueryLayout.count(shape.bAuxDensity(), na);
        long g1Count = (m - 1L) + vars + ni + QueryLayout.count(shape.aAuxDensity(), na) + bEstimate;
        FixedBase g1 = FixedBase.g1(tw.g1(), FixedBase.windowFor(g1Count));
        FixedBase g2 = FixedBase.g2(tw.g2(), FixedBase.windowFor(bEstimate));
        Buffers buffers = new Buffers((int) Math.min(chunkPoints, Math.max(m - 1L, vars)));
        clock.lap("fixed-base tables (G1 window " + g1.window() + ", G2 window " + g2.window() + ")");

        FrVector lagrange = lagrangeAt(tw.tau(), logM);
        clock.lap(String.format("Lagrange coefficients at tau (m = %,d)", m));

        long[] table = shape.coefficients();
        FrVector s = new FrVector(vars);
        accumulate(shape.a(), ni, scaled(table, tw.beta()), null, lagrange, s);
        accumulate(shape.b(), ni, scaled(table, tw.alpha()), null, lagrange, s);
        accumulate(shape.c(), ni, table, oneCoefficients(table), lagrange, s);
        ComputePool.forRange(0, vars, 1 << 12, (from, to) -> {
            for (int j = from; j < to; j++) {
                long[] page = s.page(j);
                int o = FrVector.offset(j);
                Fr.mul(page, o, j < ni ? gammaInv : deltaInv, 0, page, o);
            }
        });
        for (int j = ni; j < vars; j++) {
            if (s.isZero(j)) {
                throw new IllegalArgumentException(ParameterGenerator.unconstrained(j - ni));
            }
        }
        clock.lap(String.format("IC and L scalars at tau (%,d variables)", vars));

        emit(sink, ParameterSection.IC, ni, g1, buffers, (out, from, n) -> s.copyTo(from, n, out));
        long[] hStart = new long[Fr.LIMBS];
        Fr.mul(zt, 0, deltaInv, 0, hStart, 0);
        emit(sink, ParameterSection.H, m - 1, g1, buffers, (out, from, n) -> powers(tw.tau(), hStart, from, n, out));
        emit(sink, ParameterSection.L, na, g1, buffers, (out, from, n) -> s.copyTo(ni + (long) from, n, out));

        int aCount = atTau(shape.a(), "u", ni, table, lagrange, s, clock);
        emit(sink, ParameterSection.A, aCount, g1, buffers, new NonZero(s));

        int bCount = atTau(shape.b(), "v", ni, table, lagrange, s, clock);
        emit(sink, ParameterSection.B_G1, bCount, g1, buffers, new NonZero(s));
        emit(sink, ParameterSection.B_G2, bCount, g2, buffers, new NonZero(s));
    }

    /**
     * Puts into s each variable's polynomial of matrix (u for A, v for B) at tau, from the Lagrange
     * coefficients; returns how many are not zero.
     */
    private static int atTau(SparseMatrix matrix, String name, int ni, long[] table, FrVector lagrange, FrVector s,
            Clock clock) {
        clock.restart();
        s.clear();
        accumulate(matrix, ni, table, oneCoefficients(table), lagrange, s);
        int count = nonZeroCount(s);
        clock.lap(String.format("%s at tau (%,d non-zero)", name, count));
        return count;
    }

    /** Fills out with the scalars of points from .. from + n - 1 of a section, in order. */
    @FunctionalInterface
    private interface Scalars {
        void fill(long[] out, int from, int n);
    }

    /** A chunk's scalars, points and encodings, G2-sized, allocated once. */
    private static final class Buffers {
        final int chunk;
        final long[] scalars;
        final long[] points;
        final byte[] bytes;

        Buffers(int chunk) {
            this.chunk = Math.max(1, chunk);
            scalars = new long[this.chunk * Fr.LIMBS];
            points = new long[this.chunk * G2.AFFINE];
            bytes = new byte[this.chunk * ZcashEncoding.G2_UNCOMPRESSED];
        }
    }

    /** Pushes the section's count points, base times each scalar, a chunk at a time. */
    private static void emit(ParameterSink sink, ParameterSection section, int count, FixedBase base, Buffers buffers,
            Scalars scalars) throws IOException {
        sink.begin(section, count);
        int chunk = buffers.chunk;
        boolean g2 = section.isG2();
        int pl = g2 ? G2.AFFINE : G1.AFFINE;
        int len = section.pointBytes();
        long[] k = buffers.scalars;
        long[] points = buffers.points;
        byte[] bytes = buffers.bytes;
        for (int from = 0; from < count; from += chunk) {
            int n = Math.min(chunk, count - from);
            scalars.fill(k, from, n);
            base.mul(k, 0, n, points, 0);
            ComputePool.forRange(0, n, 1 << 10, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    if (g2) {
                        ZcashEncoding.writeG2(points, i * pl, false, bytes, i * len);
                    } else {
                        ZcashEncoding.writeG1(points, i * pl, false, bytes, i * len);
                    }
                }
            });
            sink.points(ByteBuffer.wrap(bytes, 0, n * len));
        }
        sink.end(section);
    }

    /** out[i] = start * tau^(from + i) for i < n, in parallel (each range from its own power). */
    private static void powers(long[] tau, long[] start, int from, int n, long[] out) {
        ComputePool.forRange(0, n, 1 << 12, (lo, hi) -> {
            long[] p = new long[Fr.LIMBS];
            Fr.pow(tau, 0, new long[] {from + lo}, p, 0);
            Fr.mul(p, 0, start, 0, p, 0);
            for (int i = lo; i < hi; i++) {
                System.arraycopy(p, 0, out, i * Fr.LIMBS, Fr.LIMBS);
                Fr.mul(p, 0, tau, 0, p, 0);
            }
        });
    }

    /** The non-zero elements of a scalar array in order, read a chunk at a time. */
    private static final class NonZero implements Scalars {
        private final FrVector values;
        private long next;

        NonZero(FrVector values) {
            this.values = values;
        }

        @Override
        public void fill(long[] out, int from, int n) {
            for (int k = 0; k < n; next++) {
                if (!values.isZero(next)) {
                    System.arraycopy(values.page(next), FrVector.offset(next), out, k * Fr.LIMBS, Fr.LIMBS);
                    k++;
                }
            }
        }
    }

    private static int nonZeroCount(FrVector values) {
        long n = values.size();
        int[] counts = new int[(int) Math.max(1, (n + FrVector.PAGE - 1) / FrVector.PAGE)];
        ComputePool.forRange(0, counts.length, 1, (lo, hi) -> {
            for (int b = lo; b < hi; b++) {
                int c = 0;
                for (long j = (long) b * FrVector.PAGE; j < Math.min(n, (long) (b + 1) * FrVector.PAGE); j++) {
                    c += values.isZero(j) ? 0 : 1;
                }
                counts[b] = c;
            }
        });
        return Arrays.stream(counts).sum();
    }

    /**
     * L_r(tau) for r < 2^logM: omega^r (tau^m - 1) / (m (tau - omega^r)), each chunk from its own
     * power of omega, the denominators inverted together. The caller has checked tau^m != 1, so no
     * denominator is zero.
     */
    static FrVector lagrangeAt(long[] tau, int logM) {
        int m = 1 << logM;
        long[] omega = EvaluationDomain.omega(logM);
        long[] c = new long[Fr.LIMBS];
        Fr.pow(tau, 0, new long[] {m}, c, 0);
        Fr.sub(c, 0, Fr.FIELD.one(), 0, c, 0);
        long[] mInv = new long[Fr.LIMBS];
        Fr.inverse(Fr.of(m), 0, mInv, 0);
        Fr.mul(c, 0, mInv, 0, c, 0);
        FrVector out = new FrVector(m);
        ComputePool.forRange(0, (m + LAGRANGE_CHUNK - 1) / LAGRANGE_CHUNK, 1, (c0, c1) -> {
            long[] w = new long[Fr.LIMBS];
            long[] d = new long[LAGRANGE_CHUNK * Fr.LIMBS];
            for (int ch = c0; ch < c1; ch++) {
                int lo = ch * LAGRANGE_CHUNK;
                int n = Math.min(LAGRANGE_CHUNK, m - lo);
                long[] page = out.page(lo);
                int first = FrVector.offset(lo) / Fr.LIMBS;
                Fr.pow(omega, 0, new long[] {lo}, w, 0);
                for (int i = 0; i < n; i++) {
                    Fr.mul(w, 0, c, 0, page, (first + i) * Fr.LIMBS);
                    Fr.sub(tau, 0, w, 0, d, i * Fr.LIMBS);
                    Fr.mul(w, 0, omega, 0, w, 0);
                }
                Fr.batchInverse(d, 0, n);
                Fr.mulArrays(page, first, d, 0, page, first, n);
            }
        });
        return out;
    }

    /** The coefficient table times k. */
    private static long[] scaled(long[] table, long[] k) {
        long[] out = new long[table.length];
        for (int i = 0; i < table.length; i += Fr.LIMBS) {
            Fr.mul(table, i, k, 0, out, i);
        }
        return out;
    }

    private static boolean[] oneCoefficients(long[] table) {
        boolean[] isOne = new boolean[table.length / Fr.LIMBS];
        long[] one = Fr.FIELD.one();
        for (int k = 0; k < isOne.length; k++) {
            isOne[k] = Fr.equal(table, k * Fr.LIMBS, one, 0);
        }
        return isOne;
    }

    /**
     * out[j] += coefficient * L_row(tau) over the matrix's terms (out: inputs, then aux). Worker t
     * of T takes the aux variables of the t-th T-th of their range, over every row, and the inputs'
     * terms of the t-th T-th of the rows, into sums of its own added at the end. isOne (or null)
     * marks the coefficients equal to one, whose products are skipped.
     */
    static void accumulate(SparseMatrix mat, int ni, long[] table, boolean[] isOne, FrVector lagrange, FrVector out) {
        int na = (int) (out.size() - ni);
        int rows = mat.rows();
        int tasks = ComputePool.parallelism();
        long[][] inputSums = new long[tasks][];
        ComputePool.forEach(tasks, t -> {
            int auxLo = (int) ((long) na * t / tasks);
            int auxHi = (int) ((long) na * (t + 1) / tasks);
            int rowLo = (int) ((long) rows * t / tasks);
            int rowHi = (int) ((long) rows * (t + 1) / tasks);
            long[] sums = new long[ni * Fr.LIMBS];
            long[] prod = new long[Fr.LIMBS];
            for (int row = 0; row < rows; row++) {
                boolean inputsHere = row >= rowLo && row < rowHi;
                long[] lpage = lagrange.page(row);
                int lo = FrVector.offset(row);
                for (int p = mat.rowStart(row); p < mat.rowEnd(row); p++) {
                    int var = mat.var(p);
                    long[] dst;
                    int o;
                    if (Variable.isInput(var)) {
                        if (!inputsHere) {
                            continue;
                        }
                        dst = sums;
                        o = Variable.index(var) * Fr.LIMBS;
                    } else {
                        if (var < auxLo || var >= auxHi) {
                            continue;
                        }
                        dst = out.page(ni + (long) var);
                        o = FrVector.offset(ni + (long) var);
                    }
                    int k = mat.coeffIndex(p);
                    if (isOne != null && isOne[k]) {
                        Fr.add(dst, o, lpage, lo, dst, o);
                    } else {
                        Fr.mul(table, k * Fr.LIMBS, lpage, lo, prod, 0);
                        Fr.add(dst, o, prod, 0, dst, o);
                    }
                }
            }
            inputSums[t] = sums;
        });
        for (long[] sums : inputSums) {
            for (int i = 0; i < ni; i++) {
                Fr.add(out.page(i), FrVector.offset(i), sums, i * Fr.LIMBS, out.page(i), FrVector.offset(i));
            }
        }
    }

    /** Reports the wall time since the previous lap. */
    private static final class Clock {
        private final Consumer<String> log;
        private long last = System.nanoTime();

        Clock(Consumer<String> log) {
            this.log = log;
        }

        /** Starts the next lap now (the time since the last lap went elsewhere). */
        void restart() {
            last = System.nanoTime();
        }

        void lap(String phase) {
            long now = System.nanoTime();
            log.accept(String.format("%-60s %8.2f s", phase, (now - last) / 1e9));
            last = now;
        }
    }
}
