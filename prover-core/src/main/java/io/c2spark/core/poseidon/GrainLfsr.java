package io.c2spark.core.poseidon;

import java.math.BigInteger;

/**
 * Poseidon round constants from the Grain LFSR of the Poseidon reference script
 * (hadeshash create_rcs_grain.sage), as neptune round_constants.rs runs it: an 80-bit state
 * seeded with (field 1, sbox 1, field bits, t, R_F, R_P, thirty ones), 160 discarded clocks, then
 * self-shrinking output; each constant is {@code fieldBits} bits, most significant first, and a
 * value not below the modulus is dropped and drawn again.
 */
public final class GrainLfsr {
    private final boolean[] state = new boolean[80];
    private int head;

    private GrainLfsr(int fieldBits, int t, int rf, int rp) {
        int pos = 0;
        pos = append(pos, 2, 1);
        pos = append(pos, 4, 1);
        pos = append(pos, 12, fieldBits);
        pos = append(pos, 12, t);
        pos = append(pos, 10, rf);
        pos = append(pos, 10, rp);
        pos = append(pos, 30, (1 << 30) - 1);
        if (pos != 80) {
            throw new IllegalStateException("Grain seed has " + pos + " bits");
        }
        for (int i = 0; i < 160; i++) {
            clock();
        }
    }

    private int append(int pos, int n, long value) {
        for (int i = n - 1; i >= 0; i--) {
            state[pos++] = ((value >>> i) & 1) != 0;
        }
        return pos;
    }

    private boolean bit(int i) {
        return state[(head + i) % 80];
    }

    private boolean clock() {
        boolean b = bit(62) ^ bit(51) ^ bit(38) ^ bit(23) ^ bit(13) ^ bit(0);
        state[head] = b;
        head = (head + 1) % 80;
        return b;
    }

    private boolean nextBit() {
        while (true) {
            boolean keep = clock();
            boolean b = clock();
            if (keep) {
                return b;
            }
        }
    }

    /** The (R_F + R_P) * t constants, canonical values below {@code modulus}. */
    public static BigInteger[] roundConstants(BigInteger modulus, int t, int rf, int rp) {
        int fieldBits = modulus.bitLength();
        GrainLfsr g = new GrainLfsr(fieldBits, t, rf, rp);
        BigInteger[] out = new BigInteger[(rf + rp) * t];
        for (int i = 0; i < out.length; i++) {
            BigInteger v;
            do {
                v = BigInteger.ZERO;
                for (int b = 0; b < fieldBits; b++) {
                    v = v.shiftLeft(1);
                    if (g.nextBit()) {
                        v = v.setBit(0);
                    }
                }
            } while (v.compareTo(modulus) >= 0);
            out[i] = v;
        }
        return out;
    }
}
