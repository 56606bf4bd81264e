package io.c2spark.core.poseidon;

import io.c2spark.core.field.Fr;
import io.c2spark.core.field.FrBytes;

/**
 * The Poseidon permutation of neptune in its optimised form (poseidon.rs hash_optimized_dynamic),
 * the same function as the plain definition with fewer multiplications: round constants
 * compressed so that a partial round adds one constant after its S-box, and the MDS products of
 * the partial rounds factored into one pre-sparse matrix and one sparse matrix per partial round
 * (2 width - 1 multiplications instead of width^2). At arity 8 that is about 2,000 multiplications
 * per hash instead of 5,650. The output is state[1]. One instance per thread: it owns its scratch.
 */
public final class Poseidon {
    private final PoseidonConstants plain;
    private final PoseidonOptimizedConstants c;
    private final int width;
    private final long[] state;
    private final long[] next;
    private final long[] tmp = new long[4];
    private final long[] input;

    public Poseidon(PoseidonConstants constants) {
        this.plain = constants;
        this.c = PoseidonOptimizedConstants.of(constants.arity);
        this.width = constants.width;
        this.state = new long[width * 4];
        this.next = new long[width * 4];
        this.input = new long[constants.arity * 4];
    }

    public Poseidon(int arity) {
        this(PoseidonConstants.of(arity));
    }

    public PoseidonConstants constants() {
        return plain;
    }

    /**
     * Hashes {@code arity} elements in[inOff ..] (Montgomery, 4 limbs each, contiguous) into
     * out[outOff].
     */
    public void hash(long[] in, int inOff, long[] out, int outOff) {
        long[] k = c.compressedRoundConstants;
        System.arraycopy(c.domainTag, 0, state, 0, 4);
        System.arraycopy(in, inOff, state, 4, 4 * (width - 1));
        for (int i = 0; i < width; i++) {
            Fr.add(state, 4 * i, k, 4 * i, state, 4 * i);
        }
        int rk = 4 * width;
        int round = 0;
        for (int r = 0; r < c.halfFullRounds; r++) {
            rk = fullRound(rk, true);
            mix(round++);
        }
        for (int r = 0; r < c.partialRounds; r++) {
            sbox(0);
            Fr.add(state, 0, k, rk, state, 0);
            rk += 4;
            mix(round++);
        }
        for (int r = 0; r < c.halfFullRounds - 1; r++) {
            rk = fullRound(rk, true);
            mix(round++);
        }
        fullRound(rk, false);
        mix(round);
        System.arraycopy(state, 4, out, outOff, 4);
    }

    /** Hashes {@code arity} 32-byte little-endian elements at src[srcOff ..] into dst[dstOff ..]. */
    public void hashBytes(byte[] src, int srcOff, byte[] dst, int dstOff) {
        for (int i = 0; i < width - 1; i++) {
            FrBytes.read(src, srcOff + 32 * i, input, 4 * i);
        }
        hash(input, 0, input, 0);
        FrBytes.write(input, 0, dst, dstOff, tmp);
    }

    /** x^5 on every element, then (except in the terminal round) the next round's constants. */
    private int fullRound(int rk, boolean addConstants) {
        for (int i = 0; i < width; i++) {
            sbox(i);
            if (addConstants) {
                Fr.add(state, 4 * i, c.compressedRoundConstants, rk + 4 * i, state, 4 * i);
            }
        }
        return rk + 4 * width;
    }

    private void sbox(int i) {
        Fr.sqr(state, 4 * i, tmp, 0);
        Fr.sqr(tmp, 0, tmp, 0);
        Fr.mul(state, 4 * i, tmp, 0, state, 4 * i);
    }

    /** The round's linear layer: the pre-sparse matrix, a sparse matrix, or the MDS matrix. */
    private void mix(int round) {
        int sparseFrom = c.halfFullRounds - 1;
        if (round == sparseFrom) {
            dense(c.preSparse);
        } else if (round > sparseFrom && round < c.halfFullRounds + c.partialRounds) {
            sparse(round - sparseFrom - 1);
        } else {
            dense(c.mds);
        }
    }

    /** state[j] = sum_i state[i] m[i][j]. */
    private void dense(long[] m) {
        for (int j = 0; j < width; j++) {
            Fr.mul(state, 0, m, 4 * j, next, 4 * j);
            for (int i = 1; i < width; i++) {
                Fr.mul(state, 4 * i, m, 4 * (i * width + j), tmp, 0);
                Fr.add(next, 4 * j, tmp, 0, next, 4 * j);
            }
        }
        System.arraycopy(next, 0, state, 0, 4 * width);
    }

    /** state[0] = sum_i state[i] w_hat[i]; state[j] += state[0] v_rest[j - 1] (old state[0]). */
    private void sparse(int index) {
        long[] wHat = c.sparseWHat[index];
        long[] vRest = c.sparseVRest[index];
        Fr.mul(state, 0, wHat, 0, next, 0);
        for (int i = 1; i < width; i++) {
            Fr.mul(state, 4 * i, wHat, 4 * i, tmp, 0);
            Fr.add(next, 0, tmp, 0, next, 0);
        }
        for (int j = 1; j < width; j++) {
            Fr.mul(state, 0, vRest, 4 * (j - 1), tmp, 0);
            Fr.add(state, 4 * j, tmp, 0, state, 4 * j);
        }
        System.arraycopy(next, 0, state, 0, 4);
    }
}
