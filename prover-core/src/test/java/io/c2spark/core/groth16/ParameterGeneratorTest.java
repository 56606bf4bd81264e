package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generator against bellperson's definitions recomputed with BigInteger from the toxic waste:
 * omega = 7^((r - 1) / m), L_k(tau) = (tau^m - 1) / m * omega^k / (tau - omega^k) (no FFT), each
 * query point the scalar times g1 or g2 by double-and-add, the A and B queries filtered of zero
 * evaluations.
 */
class ParameterGeneratorTest {
    private static final BigInteger R = Fr.MODULUS;

    @Test
    void queriesMatchBellpersonDefinitions() {
        long seed = new SecureRandom().nextLong();
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, 12), true);
        ParameterGenerator.ToxicWaste tw = ParameterGenerator.ToxicWaste.random(new Random(seed));
        Parameters p = ParameterGenerator.generate(shape, tw);

        BigInteger tau = big(tw.tau());
        BigInteger alpha = big(tw.alpha());
        BigInteger beta = big(tw.beta());
        int n = shape.numConstraints();
        int m = Integer.highestOneBit(n - 1) << 1;
        BigInteger omega = BigInteger.valueOf(7).modPow(R.subtract(BigInteger.ONE).divide(BigInteger.valueOf(m)), R);
        BigInteger zt = tau.modPow(BigInteger.valueOf(m), R).subtract(BigInteger.ONE).mod(R);
        BigInteger[] lagrange = new BigInteger[m];
        BigInteger mInv = BigInteger.valueOf(m).modInverse(R);
        for (int k = 0; k < m; k++) {
            BigInteger wk = omega.modPow(BigInteger.valueOf(k), R);
            lagrange[k] = zt.multiply(mInv).multiply(wk).multiply(tau.subtract(wk).modInverse(R)).mod(R);
        }
        int ni = shape.numInputs();
        int vars = ni + shape.numAux();
        BigInteger[] u = evaluate(shape, shape.a(), lagrange, vars);
        BigInteger[] v = evaluate(shape, shape.b(), lagrange, vars);
        BigInteger[] w = evaluate(shape, shape.c(), lagrange, vars);

        BigInteger deltaInv = big(tw.delta()).modInverse(R);
        BigInteger gammaInv = big(tw.gamma()).modInverse(R);
        List<BigInteger> h = new ArrayList<>();
        for (int i = 0; i < m - 1; i++) {
            h.add(tau.modPow(BigInteger.valueOf(i), R).multiply(zt).multiply(deltaInv).mod(R));
        }
        List<BigInteger> ic = new ArrayList<>();
        List<BigInteger> l = new ArrayList<>();
        List<BigInteger> a = new ArrayList<>();
        List<BigInteger> b = new ArrayList<>();
        for (int j = 0; j < vars; j++) {
            BigInteger e = beta.multiply(u[j]).add(alpha.multiply(v[j])).add(w[j]).multiply(j < ni ? gammaInv : deltaInv).mod(R);
            (j < ni ? ic : l).add(e);
            if (u[j].signum() != 0) {
                a.add(u[j]);
            }
            if (v[j].signum() != 0) {
                b.add(v[j]);
            }
        }
        assertArrayEquals(g1Points(tw.g1(), h), p.h(), "h");
        assertArrayEquals(g1Points(tw.g1(), ic), p.vk().ic(), "ic");
        assertArrayEquals(g1Points(tw.g1(), l), p.l(), "l");
        assertArrayEquals(g1Points(tw.g1(), a), p.a(), "a");
        assertArrayEquals(g1Points(tw.g1(), b), p.bG1(), "b_g1");
        assertArrayEquals(g2Points(tw.g2(), b), p.bG2(), "b_g2");
        assertArrayEquals(g1Points(tw.g1(), List.of(alpha)), p.vk().alpha1());
        assertArrayEquals(g1Points(tw.g1(), List.of(beta)), p.vk().beta1());
        assertArrayEquals(g2Points(tw.g2(), List.of(beta)), p.vk().beta2());
        assertArrayEquals(g2Points(tw.g2(), List.of(big(tw.gamma()))), p.vk().gamma2());
        assertArrayEquals(g1Points(tw.g1(), List.of(big(tw.delta()))), p.vk().delta1());
        assertArrayEquals(g2Points(tw.g2(), List.of(big(tw.delta()))), p.vk().delta2());
        // Every input is in A (the input constraints); B holds only the variables of its density.
        int inB = 0;
        for (int j = 0; j < vars; j++) {
            inB += (j < ni ? shape.inB(Variable.input(j)) : shape.inB(j - ni)) ? 1 : 0;
        }
        assertEquals(inB, b.size());
    }

    private static BigInteger big(long[] x) {
        return Fr.toBigInteger(x, 0);
    }

    private static BigInteger[] evaluate(R1csShape shape, SparseMatrix mat, BigInteger[] lagrange, int vars) {
        BigInteger[] out = new BigInteger[vars];
        java.util.Arrays.fill(out, BigInteger.ZERO);
        for (int row = 0; row < mat.rows(); row++) {
            for (int q = mat.rowStart(row); q < mat.rowEnd(row); q++) {
                int var = mat.var(q);
                int j = Variable.isInput(var) ? Variable.index(var) : shape.numInputs() + var;
                BigInteger c = Fr.toBigInteger(shape.coefficients(), mat.coeffIndex(q) * Fr.LIMBS);
                out[j] = out[j].add(c.multiply(lagrange[row])).mod(R);
            }
        }
        return out;
    }

    private static long[] g1Points(long[] base, List<BigInteger> scalars) {
        long[] out = new long[scalars.size() * G1.AFFINE];
        long[] t = new long[G1.JACOBIAN];
        for (int i = 0; i < scalars.size(); i++) {
            G1.LAW.fromAffine(base, 0, t, 0);
            G1.LAW.mul(t, 0, scalars.get(i), t, 0);
            G1.LAW.toAffine(t, 0, out, i * G1.AFFINE);
        }
        return out;
    }

    private static long[] g2Points(long[] base, List<BigInteger> scalars) {
        long[] out = new long[scalars.size() * G2.AFFINE];
        long[] t = new long[G2.JACOBIAN];
        for (int i = 0; i < scalars.size(); i++) {
            G2.LAW.fromAffine(base, 0, t, 0);
            G2.LAW.mul(t, 0, scalars.get(i), t, 0);
            G2.LAW.toAffine(t, 0, out, i * G2.AFFINE);
        }
        return out;
    }
}
