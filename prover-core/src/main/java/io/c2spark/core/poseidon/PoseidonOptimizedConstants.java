package io.c2spark.core.poseidon;

import io.c2spark.core.field.Fr;

/**
 * The constants of neptune's optimised Poseidon circuit (neptune mds.rs, preprocessing.rs,
 * poseidon.rs new_from_parameters), derived from the plain constants: round constants compressed
 * through the inverse MDS matrix so that partial rounds add one constant, and the MDS products of
 * the partial rounds factored into a pre-sparse matrix and one sparse matrix per partial round.
 * The circuit must use exactly these to give Filecoin's constraint system.
 */
public final class PoseidonOptimizedConstants {
    private static final PoseidonOptimizedConstants[] CACHE = new PoseidonOptimizedConstants[12];

    public final int width;
    public final int halfFullRounds;
    public final int partialRounds;
    public final long[] domainTag;
    /** The MDS matrix and the pre-sparse matrix, row-major, width x width elements. */
    public final long[] mds;
    public final long[] preSparse;
    /** Per partial round: w_hat (width elements) and v_rest (width - 1 elements). */
    public final long[][] sparseWHat;
    public final long[][] sparseVRest;
    /** full_rounds * width + partial_rounds elements. */
    public final long[] compressedRoundConstants;

    public static PoseidonOptimizedConstants of(int arity) {
        synchronized (CACHE) {
            if (CACHE[arity] == null) {
                CACHE[arity] = new PoseidonOptimizedConstants(PoseidonConstants.of(arity));
            }
            return CACHE[arity];
        }
    }

    private PoseidonOptimizedConstants(PoseidonConstants c) {
        width = c.width;
        halfFullRounds = c.fullRounds / 2;
        partialRounds = c.partialRounds;
        domainTag = c.domainTag.clone();
        mds = c.mds.clone();
        FrMatrix m = FrMatrix.of(c.mds, width);
        FrMatrix mInv = m.invert();
        compressedRoundConstants = compress(c.roundConstants, mInv);
        FrMatrix base = m.transpose();
        FrMatrix curr = base;
        FrMatrix[] doublePrimes = new FrMatrix[partialRounds];
        for (int i = 0; i < partialRounds; i++) {
            FrMatrix hatInv = curr.minor(0, 0).invert();
            doublePrimes[partialRounds - 1 - i] = doublePrime(curr, hatInv);
            curr = base.mul(prime(curr));
        }
        preSparse = curr.rowMajor();
        sparseWHat = new long[partialRounds][];
        sparseVRest = new long[partialRounds][];
        for (int r = 0; r < partialRounds; r++) {
            FrMatrix d = doublePrimes[r];
            long[] w = new long[4 * width];
            for (int i = 0; i < width; i++) {
                System.arraycopy(d.rows[i], 0, w, 4 * i, 4);
            }
            sparseWHat[r] = w;
            long[] v = new long[4 * (width - 1)];
            System.arraycopy(d.rows[0], 4, v, 0, 4 * (width - 1));
            sparseVRest[r] = v;
        }
    }

    /** make_prime: first row e_0, other rows keep their columns 1.. . */
    private static FrMatrix prime(FrMatrix m) {
        FrMatrix p = new FrMatrix(m.n);
        Fr.setOne(p.rows[0], 0);
        for (int i = 1; i < m.n; i++) {
            System.arraycopy(m.rows[i], 4, p.rows[i], 4, 4 * (m.n - 1));
        }
        return p;
    }

    /** make_double_prime: first row of m, first column w_hat = m_hat^-1 w, identity elsewhere. */
    private static FrMatrix doublePrime(FrMatrix m, FrMatrix hatInv) {
        int n = m.n;
        long[] w = new long[4 * (n - 1)];
        for (int i = 1; i < n; i++) {
            System.arraycopy(m.rows[i], 0, w, 4 * (i - 1), 4);
        }
        long[] wHat = hatInv.leftApply(w, 0);
        FrMatrix d = new FrMatrix(n);
        System.arraycopy(m.rows[0], 0, d.rows[0], 0, 4 * n);
        for (int i = 1; i < n; i++) {
            System.arraycopy(wHat, 4 * (i - 1), d.rows[i], 0, 4);
            Fr.setOne(d.rows[i], 4 * i);
        }
        return d;
    }

    /** compress_round_constants with every partial round preprocessed. */
    private long[] compress(long[] rc, FrMatrix mInv) {
        int w = width;
        long[] out = new long[4 * (2 * halfFullRounds * w + partialRounds)];
        int pos = 0;
        System.arraycopy(rc, 0, out, 0, 4 * w);
        pos += 4 * w;
        for (int i = 0; i < halfFullRounds - 1; i++) {
            long[] inv = mInv.leftApply(rc, 4 * w * (i + 1));
            System.arraycopy(inv, 0, out, pos, 4 * w);
            pos += 4 * w;
        }
        int finalRound = halfFullRounds + partialRounds;
        long[] acc = new long[4 * w];
        System.arraycopy(rc, 4 * w * finalRound, acc, 0, 4 * w);
        long[] partialKeys = new long[4 * partialRounds];
        for (int i = 0; i < partialRounds; i++) {
            long[] inverted = mInv.leftApply(acc, 0);
            System.arraycopy(inverted, 0, partialKeys, 4 * i, 4);
            Fr.FIELD.setZero(inverted, 0);
            int prev = 4 * w * (finalRound - i - 1);
            for (int j = 0; j < w; j++) {
                Fr.add(rc, prev + 4 * j, inverted, 4 * j, acc, 4 * j);
            }
        }
        long[] accInv = mInv.leftApply(acc, 0);
        System.arraycopy(accInv, 0, out, pos, 4 * w);
        pos += 4 * w;
        for (int i = partialRounds - 1; i >= 0; i--) {
            System.arraycopy(partialKeys, 4 * i, out, pos, 4);
            pos += 4;
        }
        for (int i = 1; i < halfFullRounds; i++) {
            long[] inv = mInv.leftApply(rc, 4 * w * (i + finalRound));
            System.arraycopy(inv, 0, out, pos, 4 * w);
            pos += 4 * w;
        }
        if (pos != out.length) {
            throw new IllegalStateException("compressed round constants: " + pos / 4 + " of " + out.length / 4);
        }
        return out;
    }
}
