package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.r1cs.Witness;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The Groth16 prover on the CPU with bellperson's semantics (groth16/prover/native.rs), over a
 * shape recorded with bellperson's input constraints and parameters in bellperson's layout:
 * <ul>
 * <li>a = A w, b = B w, c = C w over the m-point domain (zero-padded); h = (a b - c) / Z, bellperson's
 * execute_fft in one transform fewer ({@link EvaluationDomain#quotient}), its first m - 1 coefficients;
 * <li>the MSMs: H over h; L over the aux values; A over the input values (all inputs are in A) and
 * over the aux values of the variables in A; B in G1 and G2 over the inputs in B, then the aux
 * variables in B: each query's points are in variable order, so the k-th point belongs to the k-th
 * variable of the density;
 * <li>A = alpha + A(w) + r delta, B = beta + B(w) + s delta (G2),
 * C = s A(w) + r B1(w) + r s delta + s alpha + r beta + H + L (G1).
 * </ul>
 * The witness stays compact: bit variables are summed by {@link BatchAddition} over the query with a
 * bitmap of their values, the few non-bit (tail) values by the {@link MultiExp}, over bases gathered
 * once from the shape ({@link QueryLayout}, {@link TailBases}); bits never reach a scalar multiplication. The sums
 * become the proof in {@link ProofAssembly}.
 */
public final class CpuProver implements Groth16Prover {
    private static final int G1L = G1.AFFINE;
    private static final int G2L = G2.AFFINE;

    private final R1csShape shape;
    private final Parameters params;
    private final MultiExp msm;
    private final EvaluationDomain domain;
    private final int ni;
    private final int na;
    private final boolean[] isOne;
    /** Non-bit aux variables before word i of the bit flags: a tail value's index is its rank. */
    private final int[] tailRankPrefix;
    private final QueryLayout layout;
    private final TailBases tails;
    /** Told each phase of a proof and its seconds as it ends; null for none. */
    private final Consumer<String> phases;

    public CpuProver(R1csShape shape, Parameters params) {
        this(shape, params, MultiExp.PIPPENGER, EvaluationDomain.forCoefficients(shape.numConstraints()), null);
    }

    /**
     * Over the shape's domain, built beforehand (its twiddle tables take 0.3-1 s at 2^22, which the
     * caller can spend while the parameters load), reporting each phase of every proof to phases as
     * it ends (half a minute of work for a 2KiB sector).
     */
    public CpuProver(R1csShape shape, Parameters params, EvaluationDomain domain, Consumer<String> phases) {
        this(shape, params, MultiExp.PIPPENGER, domain, phases);
    }

    /** With the MSM for the input and tail values given (the reference one in tests). */
    public CpuProver(R1csShape shape, Parameters params, MultiExp msm) {
        this(shape, params, msm, EvaluationDomain.forCoefficients(shape.numConstraints()), null);
    }

    private CpuProver(R1csShape shape, Parameters params, MultiExp msm, EvaluationDomain domain,
            Consumer<String> phases) {
        ParameterGenerator.checkInputConstraints(shape);
        int log = EvaluationDomain.logSizeFor(shape.numConstraints());
        if (domain.logSize() != log) {
            // bellperson's h lives on the smallest domain holding the constraints; another gives another h.
            throw new IllegalArgumentException("domain of 2^" + domain.logSize() + " points for "
                    + shape.numConstraints() + " constraints, which take 2^" + log);
        }
        this.shape = shape;
        this.params = params;
        this.msm = msm;
        this.phases = phases;
        this.domain = domain;
        this.ni = shape.numInputs();
        this.na = shape.numAux();
        this.layout = new QueryLayout(shape, params);
        this.tails = TailBases.gather(layout, params);
        checkSizes();
        long[] table = shape.coefficients();
        long[] one = Fr.FIELD.one();
        this.isOne = new boolean[shape.numCoefficients()];
        for (int k = 0; k < isOne.length; k++) {
            isOne[k] = Fr.equal(table, k * Fr.LIMBS, one, 0);
        }
        long[] bits = shape.auxBits();
        int words = (na + 63) / 64;
        this.tailRankPrefix = new int[words + 1];
        for (int i = 0; i < words; i++) {
            int inWord = Math.min(64, na - 64 * i);
            tailRankPrefix[i + 1] = tailRankPrefix[i] + inWord - Long.bitCount(word(bits, i) & mask(inWord));
        }
    }

    private void checkSizes() {
        VerifyingKey vk = params.vk();
        check(vk.numPublic() + 1, ni, "IC (verifying key)", "inputs");
        check(params.count(ParameterSource.Query.H), domain.size() - 1, "h", "domain size - 1");
        if (G1.LAW.isIdentityAffine(vk.delta1(), 0) || G2.LAW.isIdentityAffine(vk.delta2(), 0)) {
            // bellperson: a zero delta would be a subversion of the parameters.
            throw new IllegalArgumentException("parameters have delta at infinity");
        }
    }

    private static void check(int have, int want, String query, String what) {
        if (have != want) {
            throw new IllegalArgumentException("parameters do not fit the circuit: query " + query + " has " + have
                    + " points, the circuit has " + want + " " + what);
        }
    }

    @Override
    public Proof prove(Witness witness, long[] r, long[] s) {
        checkWitness(witness);
        long t = System.nanoTime();
        long[] h = quotient(witness);
        t = phase("quotient: A, B, C evaluated, 6 NTTs of 2^" + domain.logSize(), t);

        long[] lAcc = BatchAddition.g1(params.l(), witness.bits(), na);
        G1.LAW.add(lAcc, 0, msm.g1(tails.l(), witness.tail()), 0, lAcc, 0);
        t = phase(String.format("L: %,d aux values", na), t);

        long[] aAcc = msm.g1(Arrays.copyOf(params.a(), ni * G1L), witness.inputs());
        G1.LAW.add(aAcc, 0, BatchAddition.g1(params.a(), layout.aBits(witness.bits()), layout.aPoints()), 0, aAcc, 0);
        G1.LAW.add(aAcc, 0, msm.g1(tails.a(), layout.aTail(witness.tail())), 0, aAcc, 0);
        t = phase(String.format("A: %,d variables", layout.aPoints()), t);

        int bInputCount = layout.bInputCount;
        long[] bInputValues = layout.bInputValues(witness.inputs());
        long[] bBits = layout.bBits(witness.bits());
        long[] bTail = layout.bTail(witness.tail());
        long[] b1Acc = msm.g1(Arrays.copyOf(params.bG1(), bInputCount * G1L), bInputValues);
        G1.LAW.add(b1Acc, 0, BatchAddition.g1(params.bG1(), bBits, layout.bPoints()), 0, b1Acc, 0);
        G1.LAW.add(b1Acc, 0, msm.g1(tails.b1(), bTail), 0, b1Acc, 0);
        t = phase(String.format("B in G1: %,d variables", layout.bPoints()), t);
        long[] b2Acc = msm.g2(Arrays.copyOf(params.bG2(), bInputCount * G2L), bInputValues);
        G2.LAW.add(b2Acc, 0, BatchAddition.g2(params.bG2(), bBits, layout.bPoints()), 0, b2Acc, 0);
        G2.LAW.add(b2Acc, 0, msm.g2(tails.b2(), bTail), 0, b2Acc, 0);
        t = phase(String.format("B in G2: %,d variables", layout.bPoints()), t);
        // H last: the smaller sums before it have had the JIT compile the MSM's lane code, which a
        // cold first MSM of 2^22 points runs about 4 s slower.
        long[] hAcc = msm.g1(params.h(), h);
        phase(String.format("H: MSM of %,d G1 points", domain.size() - 1), t);

        return ProofAssembly.assemble(params.vk(), hAcc, lAcc, aAcc, b1Acc, b2Acc, r, s);
    }

    /** Reports the phase that began at since (nanoTime) and returns now. */
    private long phase(String what, long since) {
        long now = System.nanoTime();
        if (phases != null) {
            phases.accept(String.format(Locale.ROOT, "%-52s %7.2f s", what, (now - since) / 1e9));
        }
        return now;
    }

    private void checkWitness(Witness w) {
        if (w.numInputs() != ni || w.numAux() != na || w.tailSize() != tailRankPrefix[tailRankPrefix.length - 1]) {
            throw new IllegalArgumentException("witness has " + w.numInputs() + " inputs, " + w.numAux() + " aux values, "
                    + w.tailSize() + " of them non-bits; the circuit has " + ni + ", " + na + ", "
                    + tailRankPrefix[tailRankPrefix.length - 1]);
        }
    }

    /** The coefficients h_0 .. h_(m-2) of (a b - c) / Z, as bellperson's execute_fft computes them. */
    long[] quotient(Witness w) {
        int m = domain.size();
        long[] a = new long[m * Fr.LIMBS];
        long[] b = new long[m * Fr.LIMBS];
        long[] c = new long[m * Fr.LIMBS];
        evaluate(shape.a(), w, a);
        evaluate(shape.b(), w, b);
        evaluate(shape.c(), w, c);
        domain.quotient(a, b, c);
        return Arrays.copyOf(a, (m - 1) * Fr.LIMBS);
    }

    /** out[row] = <row, w> for every row of the matrix (rows past the matrix stay zero). */
    private void evaluate(SparseMatrix matrix, Witness w, long[] out) {
        long[] table = shape.coefficients();
        long[] inputs = w.inputs();
        long[] values = w.bits();
        long[] tail = w.tail();
        long[] bits = shape.auxBits();
        ComputePool.forRange(0, matrix.rows(), 1 << 10, (from, to) -> {
            long[] t = new long[Fr.LIMBS];
            for (int row = from; row < to; row++) {
                int o = row * Fr.LIMBS;
                for (int p = matrix.rowStart(row); p < matrix.rowEnd(row); p++) {
                    int var = matrix.var(p);
                    int k = matrix.coeffIndex(p);
                    long[] src;
                    int so;
                    if (Variable.isInput(var)) {
                        src = inputs;
                        so = Variable.index(var) * Fr.LIMBS;
                    } else if (bit(bits, var)) {
                        if (bit(values, var)) {
                            Fr.add(out, o, table, k * Fr.LIMBS, out, o);
                        }
                        continue;
                    } else {
                        src = tail;
                        so = tailRank(bits, var) * Fr.LIMBS;
                    }
                    if (isOne[k]) {
                        Fr.add(out, o, src, so, out, o);
                    } else {
                        Fr.mul(table, k * Fr.LIMBS, src, so, t, 0);
                        Fr.add(out, o, t, 0, out, o);
                    }
                }
            }
        });
    }

    private int tailRank(long[] bits, int var) {
        int i = var >>> 6;
        return tailRankPrefix[i] + Long.bitCount(~word(bits, i) & mask(var & 63));
    }

    private static long word(long[] bitmap, int i) {
        return i < bitmap.length ? bitmap[i] : 0L;
    }

    /** The low n bits (n in 0..64). */
    private static long mask(int n) {
        return n == 64 ? -1L : (1L << n) - 1;
    }

    private static boolean bit(long[] bitmap, int i) {
        return ((word(bitmap, i >>> 6) >>> (i & 63)) & 1) != 0;
    }
}
