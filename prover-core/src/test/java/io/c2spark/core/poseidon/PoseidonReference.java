package io.c2spark.core.poseidon;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/** Poseidon over BigInteger straight from the definition, as an oracle for the Montgomery code. */
final class PoseidonReference {
    private PoseidonReference() {
    }

    static BigInteger hash(int arity, BigInteger[] in) {
        BigInteger p = Fr.MODULUS;
        int t = arity + 1;
        int rp = PoseidonConstants.partialRounds(arity);
        BigInteger[] rc = GrainLfsr.roundConstants(p, t, 8, rp);
        BigInteger[] s = new BigInteger[t];
        s[0] = BigInteger.ONE.shiftLeft(arity).subtract(BigInteger.ONE);
        System.arraycopy(in, 0, s, 1, arity);
        int k = 0;
        for (int r = 0; r < 8 + rp; r++) {
            boolean full = r < 4 || r >= 4 + rp;
            for (int i = 0; i < t; i++) {
                s[i] = s[i].add(rc[k++]).mod(p);
            }
            for (int i = 0; i < (full ? t : 1); i++) {
                s[i] = s[i].modPow(BigInteger.valueOf(5), p);
            }
            BigInteger[] n = new BigInteger[t];
            for (int i = 0; i < t; i++) {
                BigInteger acc = BigInteger.ZERO;
                for (int j = 0; j < t; j++) {
                    acc = acc.add(BigInteger.valueOf(i + t + j).modInverse(p).multiply(s[j]));
                }
                n[i] = acc.mod(p);
            }
            s = n;
        }
        return s[1];
    }
}
