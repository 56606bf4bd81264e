package io.c2spark.core.snarkjs;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.ntt.EvaluationDomain;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;

/**
 * Groth16 proving with a snarkjs zkey and a full witness, as snarkjs src/groth16_prove.js does, so
 * that snarkjs verifies the result:
 * <ul>
 * <li>the rows of A w and B w from the zkey's coefficients (the extra A rows included), C w = A w * B w
 * row by row (snarkjs stores no C coefficients);
 * <li>each of the three interpolated on the domain and evaluated on its odd coset inc * omega^i
 * (inc a primitive 2n-th root of unity), h_i = a_i b_i - c_i there: the zkey's H points are the
 * matching Lagrange points, with 1 / Z folded in;
 * <li>pi_a = alpha + A(w) + r delta, pi_b = beta + B2(w) + s delta, pi_c = C(w_private) + H(h) +
 * s pi_a + r (beta + B1(w) + s delta) - r s delta.
 * </ul>
 * The domain is snarkjs's: its roots of unity come from 5, the least quadratic non-residue of r
 * (ffjavascript and wasmcurves build_fft.js), where bellperson's come from 7.
 */
public final class ZkeyProver {
    private final ZkeyFile zkey;
    private final MultiExp msm;
    private final EvaluationDomain domain;
    /** snarkjs's odd-coset shift, a primitive 2n-th root of unity whose square is its omega. */
    private final long[] inc;

    public ZkeyProver(ZkeyFile zkey, MultiExp msm) {
        this.zkey = zkey;
        this.msm = msm;
        int logN = Integer.numberOfTrailingZeros(zkey.domainSize);
        if (logN < 1 || logN >= EvaluationDomain.TWO_ADICITY) {
            throw new IllegalArgumentException("zkey domain size " + zkey.domainSize + " is not supported");
        }
        BigInteger r = Fr.MODULUS;
        BigInteger t = r.subtract(BigInteger.ONE).shiftRight(EvaluationDomain.TWO_ADICITY);
        BigInteger root = BigInteger.valueOf(5).modPow(t, r);
        BigInteger incValue = root.modPow(BigInteger.ONE.shiftLeft(EvaluationDomain.TWO_ADICITY - logN - 1), r);
        this.inc = Fr.of(incValue);
        this.domain = EvaluationDomain.withRoot(Fr.of(incValue.multiply(incValue).mod(r)), logN);
    }

    /** A proof with fresh random r and s. */
    public Proof prove(long[] witness) {
        Random rnd = new SecureRandom();
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rnd, r, 0);
        Fr.random(rnd, s, 0);
        return prove(witness, r, s);
    }

    /**
     * The proof for a full witness (one Fr Montgomery element per signal, ONE first) with the given
     * blinding r and s (Fr Montgomery), reproducible for tests.
     */
    public Proof prove(long[] witness, long[] r, long[] s) {
        if (witness.length != zkey.numVars * Fr.LIMBS) {
            throw new IllegalArgumentException("witness has " + witness.length / Fr.LIMBS + " values, the zkey "
                    + zkey.numVars + " signals");
        }
        long[] h = quotient(witness);
        long[] privateWitness = new long[(zkey.numVars - zkey.numPublic - 1) * Fr.LIMBS];
        System.arraycopy(witness, (zkey.numPublic + 1) * Fr.LIMBS, privateWitness, 0, privateWitness.length);

        long[] piA = msm.g1(zkey.a, witness);
        addAffine1(piA, zkey.alpha1);
        addTimes1(piA, zkey.delta1, r);

        long[] piB = msm.g2(zkey.b2, witness);
        long[] t2 = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(zkey.beta2, 0, t2, 0);
        G2.LAW.add(piB, 0, t2, 0, piB, 0);
        G2.LAW.fromAffine(zkey.delta2, 0, t2, 0);
        G2.LAW.mul(t2, 0, s, 0, t2, 0);
        G2.LAW.add(piB, 0, t2, 0, piB, 0);

        long[] piB1 = msm.g1(zkey.b1, witness);
        addAffine1(piB1, zkey.beta1);
        addTimes1(piB1, zkey.delta1, s);

        long[] piC = msm.g1(zkey.c, privateWitness);
        G1.LAW.add(piC, 0, msm.g1(zkey.h, h), 0, piC, 0);
        long[] t1 = new long[G1.JACOBIAN];
        G1.LAW.mul(piA, 0, s, 0, t1, 0);
        G1.LAW.add(piC, 0, t1, 0, piC, 0);
        G1.LAW.mul(piB1, 0, r, 0, t1, 0);
        G1.LAW.add(piC, 0, t1, 0, piC, 0);
        long[] rs = new long[Fr.LIMBS];
        Fr.mul(r, 0, s, 0, rs, 0);
        Fr.neg(rs, 0, rs, 0);
        addTimes1(piC, zkey.delta1, rs);

        return Proof.ofJacobian(piA, piB, piC);
    }

    /** The public signals of a full witness (signals 1..nPublic), for public.json. */
    public long[] publicSignals(long[] witness) {
        long[] out = new long[zkey.numPublic * Fr.LIMBS];
        System.arraycopy(witness, Fr.LIMBS, out, 0, out.length);
        return out;
    }

    /**
     * h_i = a_i b_i - c_i on snarkjs's odd coset, the scalars of the H points. A w and B w are
     * summed in parallel, one matrix each; the transforms run on the pool.
     */
    long[] quotient(long[] witness) {
        int n = zkey.domainSize;
        long[] a = new long[n * Fr.LIMBS];
        long[] b = new long[n * Fr.LIMBS];
        ComputePool.all(() -> rows(0, witness, a), () -> rows(1, witness, b));
        long[] c = new long[n * Fr.LIMBS];
        ComputePool.forRange(0, n, 1 << 12, (from, to) -> Fr.mulArrays(a, from, b, from, c, from, to - from));
        domain.toCoset(a, inc);
        domain.toCoset(b, inc);
        domain.toCoset(c, inc);
        ComputePool.forRange(0, n, 1 << 12, (from, to) -> {
            for (int i = from; i < to; i++) {
                int o = i * Fr.LIMBS;
                Fr.mul(a, o, b, o, a, o);
                Fr.sub(a, o, c, o, a, o);
            }
        });
        return a;
    }

    /** The rows of matrix (0: A, 1: B) times the witness, added into out. */
    private void rows(int matrix, long[] witness, long[] out) {
        long[] t = new long[Fr.LIMBS];
        for (int k = 0; k < zkey.numCoefficients(); k++) {
            if (zkey.coefMatrix[k] == matrix) {
                int row = zkey.coefConstraint[k] * Fr.LIMBS;
                Fr.mul(zkey.coefValue, k * Fr.LIMBS, witness, zkey.coefSignal[k] * Fr.LIMBS, t, 0);
                Fr.add(out, row, t, 0, out, row);
            }
        }
    }

    private static void addAffine1(long[] acc, long[] affine) {
        long[] t = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(affine, 0, t, 0);
        G1.LAW.add(acc, 0, t, 0, acc, 0);
    }

    private static void addTimes1(long[] acc, long[] affine, long[] k) {
        long[] t = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(affine, 0, t, 0);
        G1.LAW.mul(t, 0, k, 0, t, 0);
        G1.LAW.add(acc, 0, t, 0, acc, 0);
    }
}
