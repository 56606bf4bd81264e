package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Checks points of a .params file, however large, against a recomputation on the CPU from the
 * circuit's shape and the toxic waste, reading only those points (random access by offset). It
 * shares no arithmetic with the backends beyond the field and curve: each point's scalar comes from
 * its definition, and each point is the scalar times g1 or g2 by double-and-add.
 * <ul>
 * <li>h_i = tau^i Z(tau) / delta;
 * <li>ic_j, l_j = (beta u_j + alpha v_j + w_j) / gamma (delta), with u_j = sum of coefficient *
 * L_r(tau) over the terms of variable j in A (v_j: B, w_j: C) and L_r(tau) = omega^r (tau^m - 1) /
 * (m (tau - omega^r)) computed for each such row (one pass over the three matrices collects the
 * columns of every sampled variable, in parallel, with batched inversions);
 * <li>a_i = u_j(tau) and b_i = v_j(tau), j the i-th variable of the shape's A (B) density: the
 * non-zero filter, with u_j(tau) != 0 exactly for the variables in A (but with negligible
 * probability), checked for each sampled j.
 * </ul>
 * Opening the file checks its layout against the shape (every section's count, the file's size)
 * and the verifying key's six points against the toxic waste.
 */
public final class ParameterSpotCheck {
    private static final int G1U = ZcashEncoding.G1_UNCOMPRESSED;
    private static final int G2U = ZcashEncoding.G2_UNCOMPRESSED;
    /** Terms whose Lagrange coefficients are computed together (one inversion). */
    private static final int HIT_BATCH = 1 << 10;
    private static final int LOW_BITS = 12;

    /** A point of the file: a section and an index in it. */
    public record Position(ParameterSection section, long index) {
        @Override
        public String toString() {
            return section.label() + "[" + index + "]";
        }
    }

    /** A point whose bytes are not the expected ones (hex of both, or a description). */
    public record Mismatch(Position position, String expected, String found) {
    }

    /** What a check found. */
    public record Result(int checked, List<Mismatch> mismatches) {
        public boolean ok() {
            return mismatches.isEmpty();
        }
    }

    private final Path file;
    private final R1csShape shape;
    private final ParameterGenerator.ToxicWaste tw;
    private final int logM;
    private final Map<ParameterSection, Long> counts = new EnumMap<>(ParameterSection.class);
    /** Byte offset of each section's first point. */
    private final Map<ParameterSection, Long> offsets = new EnumMap<>(ParameterSection.class);
    /** Cumulative set bits before each word of the A (B) density over inputs then aux. */
    private final Density aDensity;
    private final Density bDensity;

    private ParameterSpotCheck(Path file, R1csShape shape, ParameterGenerator.ToxicWaste tw) {
        this.file = file;
        this.shape = shape;
        this.tw = tw;
        this.logM = EvaluationDomain.logSizeFor(shape.numConstraints());
        this.aDensity = new Density(shape.aInputDensity(), shape.aAuxDensity(), shape.numInputs(), shape.numAux());
        this.bDensity = new Density(shape.bInputDensity(), shape.bAuxDensity(), shape.numInputs(), shape.numAux());
    }

    /**
     * Opens a parameter file for checking: its section counts must be the shape's and its size
     * their sum; its verifying key must be the toxic waste's (ParameterFileException naming the
     * file and the field otherwise).
     */
    public static ParameterSpotCheck open(Path params, R1csShape shape, ParameterGenerator.ToxicWaste tw)
            throws IOException {
        ParameterSpotCheck check = new ParameterSpotCheck(params, shape, tw);
        check.readLayout();
        return check;
    }

    private void readLayout() throws IOException {
        long m = 1L << logM;
        long[] expected = {shape.numInputs(), m - 1, shape.numAux(), aDensity.total, bDensity.total, bDensity.total};
        String[] why = {"the shape's inputs", "the domain's m - 1", "the shape's aux variables",
            "the variables in the shape's A", "the variables in the shape's B", "the variables in the shape's B"};
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] key = read(ch, 0, ParameterSink.VERIFYING_KEY_BYTES, "the verifying key");
            byte[] want = ParameterGenerator.encodedVerifyingKey(tw);
            String[] names = {"alpha_g1", "beta_g1", "beta_g2", "gamma_g2", "delta_g1", "delta_g2"};
            int[] lengths = {G1U, G1U, G2U, G2U, G1U, G2U};
            int at = 0;
            for (int k = 0; k < 6; k++) {
                if (!Arrays.equals(key, at, at + lengths[k], want, at, at + lengths[k])) {
                    throw new ParameterFileException(file + ": " + names[k] + " is not the toxic waste's: the file was "
                            + "made from another seed");
                }
                at += lengths[k];
            }
            long offset = ParameterSink.VERIFYING_KEY_BYTES;
            for (ParameterSection s : ParameterSection.values()) {
                long n = ByteBuffer.wrap(read(ch, offset, 4, "section " + s.label() + "'s count")).getInt() & 0xFFFF_FFFFL;
                if (n != expected[s.ordinal()]) {
                    throw new ParameterFileException(file + ": section " + s.label() + " holds " + n + " points; "
                            + why[s.ordinal()] + " call for " + expected[s.ordinal()]);
                }
                counts.put(s, n);
                offsets.put(s, offset + 4);
                offset += 4 + n * s.pointBytes();
            }
            if (ch.size() != offset) {
                throw new ParameterFileException(file + ": " + ch.size() + " bytes; its sections end at byte " + offset);
            }
        }
    }

    private byte[] read(FileChannel ch, long at, int n, String what) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new ParameterFileException(file + ": " + what + " at byte " + at + " is cut short", new EOFException());
            }
        }
        return b.array();
    }

    /** The points of a section. */
    public long count(ParameterSection section) {
        return counts.get(section);
    }

    /** The byte offset of the point at p in the file. */
    public long offset(Position p) {
        return offsets.get(p.section()) + p.index() * p.section().pointBytes();
    }

    /** Up to perSection distinct random positions of every section (all of a section that has no more). */
    public List<Position> sample(int perSection, Random rnd) {
        List<Position> out = new ArrayList<>();
        for (ParameterSection s : ParameterSection.values()) {
            long n = count(s);
            if (n <= perSection) {
                for (long i = 0; i < n; i++) {
                    out.add(new Position(s, i));
                }
                continue;
            }
            TreeSet<Long> picked = new TreeSet<>();
            while (picked.size() < perSection) {
                picked.add(Math.floorMod(rnd.nextLong(), n));
            }
            for (long i : picked) {
                out.add(new Position(s, i));
            }
        }
        return out;
    }

    /** Checks the points at the given positions; log gets a line per phase. */
    public Result check(List<Position> positions, Consumer<String> log) throws IOException {
        for (Position p : positions) {
            if (p.index() < 0 || p.index() >= count(p.section())) {
                throw new IllegalArgumentException(p + " is outside section " + p.section().label() + " of "
                        + count(p.section()) + " points");
            }
        }
        long t0 = System.nanoTime();
        int ni = shape.numInputs();
        int[] column = new int[positions.size()];
        for (int k = 0; k < positions.size(); k++) {
            Position p = positions.get(k);
            column[k] = switch (p.section()) {
                case IC -> (int) p.index();
                case L -> ni + (int) p.index();
                case A -> aDensity.select(p.index());
                case B_G1, B_G2 -> bDensity.select(p.index());
                case H -> -1;
            };
        }
        int[] columns = Arrays.stream(column).filter(c -> c >= 0).sorted().distinct().toArray();
        long[][] uvw = columns(columns);
        log.accept(String.format("u, v, w at tau of %,d sampled variables, one pass over the matrices: %.1f s",
                columns.length, (System.nanoTime() - t0) / 1e9));

        long t1 = System.nanoTime();
        long[] gammaInv = new long[Fr.LIMBS];
        long[] deltaInv = new long[Fr.LIMBS];
        Fr.inverse(tw.gamma(), 0, gammaInv, 0);
        Fr.inverse(tw.delta(), 0, deltaInv, 0);
        long[] zOverDelta = new long[Fr.LIMBS];
        Fr.pow(tw.tau(), 0, new long[] {1L << logM}, zOverDelta, 0);
        Fr.sub(zOverDelta, 0, Fr.FIELD.one(), 0, zOverDelta, 0);
        Fr.mul(zOverDelta, 0, deltaInv, 0, zOverDelta, 0);
        ConcurrentLinkedQueue<Mismatch> mismatches = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<IOException> failures = new ConcurrentLinkedQueue<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ComputePool.forRange(0, positions.size(), 4, (lo, hi) -> {
                long[] s = new long[Fr.LIMBS];
                long[] t = new long[Fr.LIMBS];
                for (int k = lo; k < hi; k++) {
                    Position p = positions.get(k);
                    int slot = column[k] < 0 ? -1 : Arrays.binarySearch(columns, column[k]);
                    switch (p.section()) {
                        case H -> {
                            Fr.pow(tw.tau(), 0, new long[] {p.index()}, s, 0);
                            Fr.mul(s, 0, zOverDelta, 0, s, 0);
                        }
                        case IC, L -> {
                            Fr.mul(uvw[0], slot * Fr.LIMBS, tw.beta(), 0, s, 0);
                            Fr.mul(uvw[1], slot * Fr.LIMBS, tw.alpha(), 0, t, 0);
                            Fr.add(s, 0, t, 0, s, 0);
                            Fr.add(s, 0, uvw[2], slot * Fr.LIMBS, s, 0);
                            Fr.mul(s, 0, p.section() == ParameterSection.IC ? gammaInv : deltaInv, 0, s, 0);
                        }
                        case A -> System.arraycopy(uvw[0], slot * Fr.LIMBS, s, 0, Fr.LIMBS);
                        case B_G1, B_G2 -> System.arraycopy(uvw[1], slot * Fr.LIMBS, s, 0, Fr.LIMBS);
                    }
                    try {
                        compare(ch, p, s, mismatches);
                    } catch (IOException e) {
                        failures.add(e);
                        return;
                    }
                }
            });
        }
        if (!failures.isEmpty()) {
            throw failures.peek();
        }
        log.accept(String.format("%,d points recomputed and compared: %.1f s", positions.size(),
                (System.nanoTime() - t1) / 1e9));
        List<Mismatch> sorted = new ArrayList<>(mismatches);
        sorted.sort((x, y) -> x.position().section() != y.position().section()
                ? x.position().section().compareTo(y.position().section())
                : Long.compare(x.position().index(), y.position().index()));
        return new Result(positions.size(), sorted);
    }

    /** Compares the point at p with scalar s times the section's base, adding a mismatch if they differ. */
    private void compare(FileChannel ch, Position p, long[] s, ConcurrentLinkedQueue<Mismatch> mismatches)
            throws IOException {
        ParameterSection section = p.section();
        int len = section.pointBytes();
        byte[] found = read(ch, offset(p), len, p.toString());
        if (Fr.isZero(s, 0)) {
            mismatches.add(new Mismatch(p, "the point at infinity (its scalar is zero), which no section holds",
                    hex(found)));
            return;
        }
        byte[] expected = section.isG2()
                ? ZcashEncoding.encodeG2(ParameterGenerator.g2Multiple(tw.g2(), s), 0, false)
                : ZcashEncoding.encodeG1(ParameterGenerator.g1Multiple(tw.g1(), s), 0, false);
        if (!Arrays.equals(expected, found)) {
            mismatches.add(new Mismatch(p, hex(expected), hex(found)));
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /**
     * u, v, w at tau of the given columns (sorted; inputs 0 .. ni-1, then aux ni + j), in slot order,
     * from one pass over each matrix: row ranges in parallel, each with sums of its own.
     */
    private long[][] columns(int[] columns) {
        int ni = shape.numInputs();
        int vars = ni + shape.numAux();
        long[] member = new long[(vars + 63) >>> 6];
        for (int c : columns) {
            member[c >>> 6] |= 1L << c;
        }
        int m = 1 << logM;
        long[] omega = EvaluationDomain.omega(logM);
        long[] low = powersOf(omega, 1 << Math.min(LOW_BITS, logM));
        long[] step = new long[Fr.LIMBS];
        Fr.pow(omega, 0, new long[] {1L << Math.min(LOW_BITS, logM)}, step, 0);
        long[] high = powersOf(step, Math.max(1, m >>> LOW_BITS));
        long[] c = new long[Fr.LIMBS];
        Fr.pow(tw.tau(), 0, new long[] {m}, c, 0);
        Fr.sub(c, 0, Fr.FIELD.one(), 0, c, 0);
        long[] mInv = new long[Fr.LIMBS];
        Fr.inverse(Fr.of(m), 0, mInv, 0);
        Fr.mul(c, 0, mInv, 0, c, 0);
        SparseMatrix[] matrices = {shape.a(), shape.b(), shape.c()};
        long[][] out = new long[3][columns.length * Fr.LIMBS];
        long[] table = shape.coefficients();
        for (int k = 0; k < 3; k++) {
            SparseMatrix mat = matrices[k];
            int tasks = Math.max(1, Math.min(4 * ComputePool.parallelism(), mat.rows() / 1024));
            long[][] partial = new long[tasks][];
            ComputePool.forEach(tasks, t -> {
                int rowLo = (int) ((long) mat.rows() * t / tasks);
                int rowHi = (int) ((long) mat.rows() * (t + 1) / tasks);
                Hits hits = new Hits(columns.length, low, high, c, tw.tau(), table);
                for (int row = rowLo; row < rowHi; row++) {
                    for (int p = mat.rowStart(row); p < mat.rowEnd(row); p++) {
                        int var = mat.var(p);
                        int col = Variable.isInput(var) ? Variable.index(var) : ni + var;
                        if ((member[col >>> 6] & (1L << col)) != 0) {
                            hits.add(row, Arrays.binarySearch(columns, col), mat.coeffIndex(p));
                        }
                    }
                }
                hits.flush();
                partial[t] = hits.sums;
            });
            for (long[] sums : partial) {
                for (int i = 0; i < sums.length; i += Fr.LIMBS) {
                    Fr.add(out[k], i, sums, i, out[k], i);
                }
            }
        }
        return out;
    }

    private static long[] powersOf(long[] x, int n) {
        long[] out = new long[n * Fr.LIMBS];
        Fr.setOne(out, 0);
        for (int i = 1; i < n; i++) {
            Fr.mul(out, (i - 1) * Fr.LIMBS, x, 0, out, i * Fr.LIMBS);
        }
        return out;
    }

    /**
     * One worker's matrix terms of sampled variables, batched: sums[slot] += coefficient * L_row(tau)
     * with L_row(tau) = omega^row c / (tau - omega^row), omega^row = low[row mod 2^12] high[row / 2^12].
     */
    private static final class Hits {
        final long[] sums;
        private final long[] low;
        private final long[] high;
        private final long[] c;
        private final long[] tau;
        private final long[] table;
        private final int[] rows = new int[HIT_BATCH];
        private final int[] slots = new int[HIT_BATCH];
        private final int[] coeffs = new int[HIT_BATCH];
        private final long[] w = new long[HIT_BATCH * Fr.LIMBS];
        private final long[] d = new long[HIT_BATCH * Fr.LIMBS];
        private final long[] t = new long[Fr.LIMBS];
        private int n;

        Hits(int slots, long[] low, long[] high, long[] c, long[] tau, long[] table) {
            this.sums = new long[slots * Fr.LIMBS];
            this.low = low;
            this.high = high;
            this.c = c;
            this.tau = tau;
            this.table = table;
        }

        void add(int row, int slot, int coeff) {
            rows[n] = row;
            slots[n] = slot;
            coeffs[n] = coeff;
            if (++n == HIT_BATCH) {
                flush();
            }
        }

        void flush() {
            int mask = (1 << LOW_BITS) - 1;
            for (int i = 0; i < n; i++) {
                int o = i * Fr.LIMBS;
                Fr.mul(low, (rows[i] & mask) * Fr.LIMBS, high, (rows[i] >>> LOW_BITS) * Fr.LIMBS, w, o);
                Fr.sub(tau, 0, w, o, d, o);
            }
            Fr.batchInverse(d, 0, n);
            for (int i = 0; i < n; i++) {
                int o = i * Fr.LIMBS;
                Fr.mul(w, o, d, o, t, 0);
                Fr.mul(t, 0, c, 0, t, 0);
                Fr.mul(t, 0, table, coeffs[i] * Fr.LIMBS, t, 0);
                Fr.add(sums, slots[i] * Fr.LIMBS, t, 0, sums, slots[i] * Fr.LIMBS);
            }
            n = 0;
        }
    }

    /**
     * Where the k-th variable of a density is: a bitmap over inputs then aux variables, with the
     * count of set bits before each word, so that a position's variable is found by a binary search.
     */
    private static final class Density {
        private final long[] bits;
        private final long[] before;
        final long total;

        Density(long[] inputs, long[] aux, int ni, int na) {
            int vars = ni + na;
            bits = new long[(vars + 63) >>> 6];
            for (int i = 0; i < ni; i++) {
                if ((inputs[i >>> 6] & (1L << i)) != 0) {
                    bits[i >>> 6] |= 1L << i;
                }
            }
            for (int j = 0; j < na; j++) {
                if ((aux[j >>> 6] & (1L << j)) != 0) {
                    int v = ni + j;
                    bits[v >>> 6] |= 1L << v;
                }
            }
            before = new long[bits.length + 1];
            for (int w = 0; w < bits.length; w++) {
                before[w + 1] = before[w] + Long.bitCount(bits[w]);
            }
            total = before[bits.length];
        }

        /** The column (inputs, then ni + aux index) of the k-th set bit. */
        int select(long k) {
            int lo = 0;
            int hi = bits.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (before[mid] <= k) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            long word = bits[lo];
            for (long r = k - before[lo]; r > 0; r--) {
                word &= word - 1;
            }
            return lo * 64 + Long.numberOfTrailingZeros(word);
        }
    }
}
