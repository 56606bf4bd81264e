package io.c2spark.cli.fuzz;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.VerifyingKey;
import java.math.BigInteger;
import java.util.Random;

/**
 * A Groth16 verifying key whose trapdoor is known, so that valid proofs are made for any public
 * inputs without the circuit's parameters: with alpha = a G1, beta = b G2, gamma = g G2,
 * delta = d G2 and IC_i = k_i G1, the proof A = x G1, B = y G2, C = c G1 with
 * c = (x y - a b - g (k_0 + sum_i v_i k_(i+1))) / d satisfies e(A, B) = e(alpha, beta) e(L, gamma)
 * e(C, delta). It lets the fuzzer run c2spark verify on a 2KiB sector's C1 file with a proof that
 * verifies, instead of generating the sector size's parameters (1.1 GB).
 */
public final class SimulatedKey {
    private static final BigInteger R = Fr.MODULUS;

    private final BigInteger alpha;
    private final BigInteger beta;
    private final BigInteger gamma;
    private final BigInteger delta;
    private final BigInteger[] ic;
    public final VerifyingKey vk;

    /** A key for numPublic inputs (ONE excluded), its trapdoor drawn from rnd. */
    public SimulatedKey(int numPublic, Random rnd) {
        alpha = scalar(rnd);
        beta = scalar(rnd);
        gamma = scalar(rnd);
        delta = scalar(rnd);
        ic = new BigInteger[numPublic + 1];
        long[] icPoints = new long[(numPublic + 1) * G1.AFFINE];
        for (int i = 0; i <= numPublic; i++) {
            ic[i] = scalar(rnd);
            System.arraycopy(g1(ic[i]), 0, icPoints, i * G1.AFFINE, G1.AFFINE);
        }
        vk = new VerifyingKey(g1(alpha), g1(beta), g2(beta), g2(gamma), g1(delta), g2(delta), icPoints);
    }

    /** A valid proof for the public inputs (Fr Montgomery, 4 limbs each, ONE excluded). */
    public Proof prove(long[] inputs, Random rnd) {
        BigInteger l = ic[0];
        for (int i = 0; i + 1 < ic.length; i++) {
            l = l.add(Fr.toBigInteger(inputs, i * Fr.LIMBS).multiply(ic[i + 1]));
        }
        BigInteger x = scalar(rnd);
        BigInteger y = scalar(rnd);
        BigInteger c = x.multiply(y).subtract(alpha.multiply(beta)).subtract(gamma.multiply(l))
                .multiply(delta.modInverse(R)).mod(R);
        return new Proof(g1(x), g2(y), g1(c));
    }

    private static BigInteger scalar(Random rnd) {
        BigInteger k;
        do {
            k = new BigInteger(255, rnd).mod(R);
        } while (k.signum() == 0);
        return k;
    }

    private static long[] g1(BigInteger k) {
        long[] j = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, j, 0);
        G1.LAW.mul(j, 0, k, j, 0);
        long[] a = new long[G1.AFFINE];
        G1.LAW.toAffine(j, 0, a, 0);
        return a;
    }

    private static long[] g2(BigInteger k) {
        long[] j = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, j, 0);
        G2.LAW.mul(j, 0, k, j, 0);
        long[] a = new long[G2.AFFINE];
        G2.LAW.toAffine(j, 0, a, 0);
        return a;
    }
}
