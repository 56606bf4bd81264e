package io.c2spark.core.poseidon;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/**
 * neptune's Poseidon parameters for BLS12-381 Fr at standard strength, Merkle-tree hash type:
 * width t = arity + 1, x^5 S-box, 8 full rounds, partial rounds from neptune round_numbers.rs
 * (55 for arity 2, 56 for 4, 57 for 8 and 11), the Cauchy MDS matrix M[i][j] = 1 / (i + (t + j))
 * of neptune mds.rs generate_mds (x_i = i, y_j = t + j; symmetric), Grain LFSR round constants,
 * and the domain tag 2^arity - 1 in state[0] (hash_type.rs MerkleTree). All Fr values are in
 * Montgomery form, 4 limbs each.
 */
public final class PoseidonConstants {
    public static final int FULL_ROUNDS = 8;

    private static final PoseidonConstants[] CACHE = new PoseidonConstants[12];

    public final int arity;
    public final int width;
    public final int fullRounds;
    public final int partialRounds;
    /** width * width elements, row-major: mds[(i * width + j) * 4]. */
    public final long[] mds;
    /** (fullRounds + partialRounds) * width elements, in the order the rounds consume them. */
    public final long[] roundConstants;
    public final long[] domainTag;

    private PoseidonConstants(int arity) {
        this.arity = arity;
        this.width = arity + 1;
        this.fullRounds = FULL_ROUNDS;
        this.partialRounds = partialRounds(arity);
        BigInteger p = Fr.MODULUS;
        this.mds = new long[width * width * 4];
        for (int i = 0; i < width; i++) {
            for (int j = 0; j < width; j++) {
                BigInteger inv = BigInteger.valueOf(i + width + j).modInverse(p);
                Fr.FIELD.fromBigInteger(inv, mds, (i * width + j) * 4);
            }
        }
        BigInteger[] rc = GrainLfsr.roundConstants(p, width, fullRounds, partialRounds);
        this.roundConstants = new long[rc.length * 4];
        for (int i = 0; i < rc.length; i++) {
            Fr.FIELD.fromBigInteger(rc[i], roundConstants, 4 * i);
        }
        this.domainTag = Fr.of(BigInteger.ONE.shiftLeft(arity).subtract(BigInteger.ONE));
    }

    /** neptune round_numbers.rs at 128-bit security, as computed for the arities Filecoin uses. */
    public static int partialRounds(int arity) {
        return switch (arity) {
            case 2 -> 55;
            case 4 -> 56;
            case 8, 11 -> 57;
            default -> throw new IllegalArgumentException("Poseidon arity " + arity
                    + " is not one Filecoin uses (2, 4, 8, 11)");
        };
    }

    /** The shared constants of an arity (2, 4, 8 or 11), built once. */
    public static PoseidonConstants of(int arity) {
        partialRounds(arity);
        synchronized (CACHE) {
            PoseidonConstants c = CACHE[arity];
            if (c == null) {
                c = new PoseidonConstants(arity);
                CACHE[arity] = c;
            }
            return c;
        }
    }
}
