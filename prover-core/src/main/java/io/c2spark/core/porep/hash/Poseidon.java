package io.c2spark.core.porep.hash;

import io.c2spark.core.field.Fr;

/**
 * The Poseidon permutation of neptune in its plain form (poseidon_alt.rs hash_correct): each full
 * round adds the round constants to every element, applies x^5 to every element and multiplies
 * by the MDS matrix; each partial round adds the constants to every element, applies x^5 to
 * element 0 only, and multiplies by the MDS matrix. The output is state[1]. One instance per
 * thread: it owns its state scratch.
 */
public final class Poseidon {
    private final PoseidonConstants c;
    private final long[] state;
    private final long[] next;
    private final long[] tmp = new long[4];
    private final long[] input;

    public Poseidon(PoseidonConstants constants) {
        this.c = constants;
        this.state = new long[constants.width * 4];
        this.next = new long[constants.width * 4];
        this.input = new long[constants.arity * 4];
    }

    public Poseidon(int arity) {
        this(PoseidonConstants.of(arity));
    }

    public PoseidonConstants constants() {
        return c;
    }

    /**
     * Hashes {@code arity} elements in[inOff ..] (Montgomery, 4 limbs each, contiguous) into
     * out[outOff].
     */
    public void hash(long[] in, int inOff, long[] out, int outOff) {
        int t = c.width;
        System.arraycopy(c.domainTag, 0, state, 0, 4);
        System.arraycopy(in, inOff, state, 4, 4 * c.arity);
        int rc = 0;
        int half = c.fullRounds / 2;
        for (int r = 0; r < half; r++) {
            rc = fullRound(rc);
        }
        for (int r = 0; r < c.partialRounds; r++) {
            long[] k = c.roundConstants;
            for (int i = 0; i < t; i++) {
                Fr.add(state, 4 * i, k, rc + 4 * i, state, 4 * i);
            }
            rc += 4 * t;
            sbox(0);
            mix();
        }
        for (int r = 0; r < half; r++) {
            rc = fullRound(rc);
        }
        System.arraycopy(state, 4, out, outOff, 4);
    }

    /** Hashes {@code arity} 32-byte little-endian elements at src[srcOff ..] into dst[dstOff ..]. */
    public void hashBytes(byte[] src, int srcOff, byte[] dst, int dstOff) {
        for (int i = 0; i < c.arity; i++) {
            FrBytes.read(src, srcOff + 32 * i, input, 4 * i);
        }
        hash(input, 0, input, 0);
        FrBytes.write(input, 0, dst, dstOff, tmp);
    }

    private int fullRound(int rc) {
        long[] k = c.roundConstants;
        for (int i = 0; i < c.width; i++) {
            Fr.add(state, 4 * i, k, rc + 4 * i, state, 4 * i);
            sbox(i);
        }
        mix();
        return rc + 4 * c.width;
    }

    private void sbox(int i) {
        Fr.sqr(state, 4 * i, tmp, 0);
        Fr.sqr(tmp, 0, tmp, 0);
        Fr.mul(state, 4 * i, tmp, 0, state, 4 * i);
    }

    /** state = M * state (M is symmetric, so the orientation does not matter). */
    private void mix() {
        int t = c.width;
        long[] m = c.mds;
        for (int i = 0; i < t; i++) {
            Fr.mul(m, (i * t) * 4, state, 0, next, 4 * i);
            for (int j = 1; j < t; j++) {
                Fr.mul(m, (i * t + j) * 4, state, 4 * j, tmp, 0);
                Fr.add(next, 4 * i, tmp, 0, next, 4 * i);
            }
        }
        System.arraycopy(next, 0, state, 0, 4 * t);
    }
}
