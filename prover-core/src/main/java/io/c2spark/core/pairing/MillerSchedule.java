package io.c2spark.core.pairing;

/**
 * The shape of the Miller loop, fixed by the BLS12-381 parameter x = -0xd201000000010000: one
 * doubling per bit of |x| below the top one, plus one addition per set bit; the lines are consumed
 * in that order.
 */
final class MillerSchedule {
    /** |x|; x itself is negative, which the loop and the final exponentiation account for. */
    static final long X_ABS = 0xd201000000010000L;
    static final int TOP_BIT = 63 - Long.numberOfLeadingZeros(X_ABS);
    /** Lines per G2 point: 63 doublings and 5 additions. */
    static final int LINES = TOP_BIT + Long.bitCount(X_ABS) - 1;

    private MillerSchedule() {
    }

    static boolean isSet(int bit) {
        return ((X_ABS >>> bit) & 1) != 0;
    }
}
