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

/**
 * The Groth16 prover on the CPU with bellperson's semantics (groth16/prover/native.rs), over a
 * shape recorded with bellperson's input constraints and parameters in bellperson's layout:
 * <ul>
 * <li>a = A w, b = B w, c = C w over the m-point domain (zero-padded); h by inverse FFT, coset FFT,
 * (a b - c) / Z on the coset, inverse coset FFT, its first m - 1 coefficients (execute_fft);
 * <li>the MSMs: H over h; L over the aux values; A over the input values (all inputs are in A) and
 * over the aux values of the variables in A; B in G1 and G2 over the inputs in B, then the aux
 * variables in B: each query's points are in variable order, so the k-th point belongs to the k-th
 * variable of the density;
 * <li>A = alpha + A(w) + r delta, B = beta + B(w) + s delta (G2),
 * C = s A(w) + r B1(w) + r s delta + s alpha + r beta + H + L (G1).
 * </ul>
 * The witness stays compact: bit variables are summed by {@link BatchAddition} over the query with a
 * bitmap of their values, the few non-bit (tail) values by the {@link MultiExp}, over bases gathered
 * once here from the shape; bits never reach a scalar multiplication.
 */
public final class CpuProver implements Groth16Prover {
    private static final int G1L = G1.AFFINE;
    private static final int G2L = G2.AFFINE;

    private final R1csShape shape;
    private final ParameterSource params;
    private final MultiExp msm;
    private final EvaluationDomain domain;
    private final int ni;
    private final int na;
    private final boolean[] isOne;
    /** Non-bit aux variables before word i of the bit flags: a tail value's index is its rank. */
    private final int[] tailRankPrefix;
    private final int aAuxCount;
    private final int bInputCount;
    private final int bAuxCount;
    private final int[] bInputs;
    private final long[] lTailBases;
    private final int[] aTailPos;
    private final long[] aTailBases;
    private final int[] bTailPos;
    private final long[] b1TailBases;
    private final long[] b2TailBases;

    public CpuProver(R1csShape shape, ParameterSource params) {
        this(shape, params, MultiExp.PIPPENGER);
    }

    /** With the MSM for the input and tail values given (the reference one in tests). */
    public CpuProver(R1csShape shape, ParameterSource params, MultiExp msm) {
        ParameterGenerator.checkInputConstraints(shape);
        this.shape = shape;
        this.params = params;
        this.msm = msm;
        this.domain = EvaluationDomain.forCoefficients(shape.numConstraints());
        this.ni = shape.numInputs();
        this.na = shape.numAux();
        this.aAuxCount = count(shape.aAuxDensity(), na);
        this.bInputCount = count(shape.bInputDensity(), ni);
        this.bAuxCount = count(shape.bAuxDensity(), na);
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
        int tails = tailRankPrefix[words];
        this.bInputs = new int[bInputCount];
        for (int i = 0, k = 0; i < ni; i++) {
            if (bit(shape.bInputDensity(), i)) {
                bInputs[k++] = i;
            }
        }
        // Gather the tail's bases once: query index = rank of the variable in the query's density.
        this.lTailBases = new long[tails * G1L];
        int[] aPos = new int[tails];
        long[] aBases = new long[tails * G1L];
        int[] bPos = new int[tails];
        long[] b1Bases = new long[tails * G1L];
        long[] b2Bases = new long[tails * G2L];
        int t = 0;
        int aq = ni;
        int bq = bInputCount;
        int na2 = 0;
        int nb2 = 0;
        for (int v = 0; v < na; v++) {
            boolean inA = bit(shape.aAuxDensity(), v);
            boolean inB = bit(shape.bAuxDensity(), v);
            if (!bit(bits, v)) {
                System.arraycopy(params.l(), v * G1L, lTailBases, t * G1L, G1L);
                if (inA) {
                    aPos[na2] = t;
                    System.arraycopy(params.a(), aq * G1L, aBases, na2 * G1L, G1L);
                    na2++;
                }
                if (inB) {
                    bPos[nb2] = t;
                    System.arraycopy(params.bG1(), bq * G1L, b1Bases, nb2 * G1L, G1L);
                    System.arraycopy(params.bG2(), bq * G2L, b2Bases, nb2 * G2L, G2L);
                    nb2++;
                }
                t++;
            }
            aq += inA ? 1 : 0;
            bq += inB ? 1 : 0;
        }
        this.aTailPos = Arrays.copyOf(aPos, na2);
        this.aTailBases = Arrays.copyOf(aBases, na2 * G1L);
        this.bTailPos = Arrays.copyOf(bPos, nb2);
        this.b1TailBases = Arrays.copyOf(b1Bases, nb2 * G1L);
        this.b2TailBases = Arrays.copyOf(b2Bases, nb2 * G2L);
    }

    private void checkSizes() {
        VerifyingKey vk = params.vk();
        check(vk.numPublic() + 1, ni, "IC (verifying key)", "inputs");
        check(ParameterSource.g1Count(params.h()), domain.size() - 1, "h", "domain size - 1");
        check(ParameterSource.g1Count(params.l()), na, "l", "aux variables");
        check(ParameterSource.g1Count(params.a()), ni + aAuxCount, "a", "inputs + aux variables in A");
        check(ParameterSource.g1Count(params.bG1()), bInputCount + bAuxCount, "b_g1", "variables in B");
        check(ParameterSource.g2Count(params.bG2()), bInputCount + bAuxCount, "b_g2", "variables in B");
        if (G1.isIdentityAffine(vk.delta1(), 0) || G2.isIdentityAffine(vk.delta2(), 0)) {
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
        long[] h = quotient(witness);

        long[] hAcc = msm.g1(params.h(), h);
        long[] lAcc = BatchAddition.g1(params.l(), witness.bits(), na);
        G1.add(lAcc, 0, msm.g1(lTailBases, witness.tail()), 0, lAcc, 0);

        long[] aAcc = msm.g1(Arrays.copyOf(params.a(), ni * G1L), witness.inputs());
        G1.add(aAcc, 0, BatchAddition.g1(params.a(), select(witness.bits(), shape.aAuxDensity(), ni, ni + aAuxCount),
                ni + aAuxCount), 0, aAcc, 0);
        G1.add(aAcc, 0, msm.g1(aTailBases, gather(witness.tail(), aTailPos)), 0, aAcc, 0);

        long[] bInputValues = new long[bInputCount * Fr.LIMBS];
        for (int k = 0; k < bInputCount; k++) {
            System.arraycopy(witness.inputs(), bInputs[k] * Fr.LIMBS, bInputValues, k * Fr.LIMBS, Fr.LIMBS);
        }
        long[] bBits = select(witness.bits(), shape.bAuxDensity(), bInputCount, bInputCount + bAuxCount);
        long[] bTail = gather(witness.tail(), bTailPos);
        long[] b1Acc = msm.g1(Arrays.copyOf(params.bG1(), bInputCount * G1L), bInputValues);
        G1.add(b1Acc, 0, BatchAddition.g1(params.bG1(), bBits, bInputCount + bAuxCount), 0, b1Acc, 0);
        G1.add(b1Acc, 0, msm.g1(b1TailBases, bTail), 0, b1Acc, 0);
        long[] b2Acc = msm.g2(Arrays.copyOf(params.bG2(), bInputCount * G2L), bInputValues);
        G2.add(b2Acc, 0, BatchAddition.g2(params.bG2(), bBits, bInputCount + bAuxCount), 0, b2Acc, 0);
        G2.add(b2Acc, 0, msm.g2(b2TailBases, bTail), 0, b2Acc, 0);

        VerifyingKey vk = params.vk();
        long[] ga = g1(vk.delta1(), r);
        addAffine(ga, vk.alpha1());
        G1.add(ga, 0, aAcc, 0, ga, 0);

        long[] gb = new long[G2.JACOBIAN];
        G2.fromAffine(vk.delta2(), 0, gb, 0);
        G2.mul(gb, 0, s, 0, gb, 0);
        long[] t2 = new long[G2.JACOBIAN];
        G2.fromAffine(vk.beta2(), 0, t2, 0);
        G2.add(gb, 0, t2, 0, gb, 0);
        G2.add(gb, 0, b2Acc, 0, gb, 0);

        long[] gc = new long[G1.JACOBIAN];
        G1.mul(aAcc, 0, s, 0, gc, 0);
        G1.mul(b1Acc, 0, r, 0, b1Acc, 0);
        G1.add(gc, 0, b1Acc, 0, gc, 0);
        long[] rs = new long[Fr.LIMBS];
        Fr.mul(r, 0, s, 0, rs, 0);
        G1.add(gc, 0, g1(vk.delta1(), rs), 0, gc, 0);
        G1.add(gc, 0, g1(vk.alpha1(), s), 0, gc, 0);
        G1.add(gc, 0, g1(vk.beta1(), r), 0, gc, 0);
        G1.add(gc, 0, hAcc, 0, gc, 0);
        G1.add(gc, 0, lAcc, 0, gc, 0);

        long[] a = new long[G1L];
        long[] b = new long[G2L];
        long[] c = new long[G1L];
        G1.toAffine(ga, 0, a, 0);
        G2.toAffine(gb, 0, b, 0);
        G1.toAffine(gc, 0, c, 0);
        return new Proof(a, b, c);
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
        for (long[] v : new long[][] {a, b, c}) {
            domain.ifft(v);
            domain.cosetFft(v);
        }
        ComputePool.forRange(0, m, 1 << 12, (from, to) -> {
            for (int i = from; i < to; i++) {
                int o = i * Fr.LIMBS;
                Fr.mul(a, o, b, o, a, o);
                Fr.sub(a, o, c, o, a, o);
            }
        });
        domain.divideByZOnCoset(a);
        domain.icosetFft(a);
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

    /**
     * A bitmap over a query of total points: the first offset (input) points unselected, then, for
     * each variable of the density in order, its bit value.
     */
    private long[] select(long[] values, long[] density, int offset, int total) {
        long[] out = new long[(total + 63) / 64 + 1];
        int q = offset;
        int words = (na + 63) / 64;
        for (int i = 0; i < words; i++) {
            long d = word(density, i) & mask(Math.min(64, na - 64 * i));
            long v = word(values, i);
            while (d != 0) {
                int tz = Long.numberOfTrailingZeros(d);
                if ((v >>> tz & 1) != 0) {
                    out[q >>> 6] |= 1L << (q & 63);
                }
                q++;
                d &= d - 1;
            }
        }
        return out;
    }

    private static long[] gather(long[] tail, int[] pos) {
        long[] out = new long[pos.length * Fr.LIMBS];
        for (int j = 0; j < pos.length; j++) {
            System.arraycopy(tail, pos[j] * Fr.LIMBS, out, j * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    private static long[] g1(long[] affine, long[] k) {
        long[] p = new long[G1.JACOBIAN];
        G1.fromAffine(affine, 0, p, 0);
        G1.mul(p, 0, k, 0, p, 0);
        return p;
    }

    private static void addAffine(long[] acc, long[] affine) {
        long[] t = new long[G1.JACOBIAN];
        G1.fromAffine(affine, 0, t, 0);
        G1.add(acc, 0, t, 0, acc, 0);
    }

    private static int count(long[] bitmap, int n) {
        int c = 0;
        for (int i = 0; i < (n + 63) / 64; i++) {
            c += Long.bitCount(word(bitmap, i) & mask(Math.min(64, n - 64 * i)));
        }
        return c;
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
