package io.c2spark.gpu.prover;

/**
 * What the bitmap_select kernel needs to turn the witness's aux bitmap into one query's selection
 * bitmap (native-cuda kernels/bitmap_kernels.cuh), made once per circuit: the query's density over
 * the aux variables as 32-bit words (bits past the last aux variable cleared) and, per word, the
 * number of set density bits before it. Bit k of the selection, after the query's input points,
 * is then the value of the k-th aux variable of the density, as QueryLayout.aBits and bBits.
 */
public record DensitySelection(int[] density, int[] prefix, int inputPoints, int points) {
    /**
     * @param density the query's aux density (bit v of word v / 64)
     * @param numAux aux variables
     * @param inputPoints the query's points before its aux points (they are never selected)
     */
    public static DensitySelection of(long[] density, int numAux, int inputPoints) {
        int words = Math.max(1, (numAux + 31) / 32);
        int[] d = new int[words];
        int[] prefix = new int[words];
        int set = 0;
        for (int i = 0; i < words; i++) {
            int lo = 32 * i;
            long w = lo / 64 < density.length ? density[lo / 64] >>> (lo % 64) : 0L;
            int bits = Math.max(0, Math.min(32, numAux - lo));
            d[i] = (int) (bits == 32 ? w : w & ((1L << bits) - 1));
            prefix[i] = set;
            set += Integer.bitCount(d[i]);
        }
        return new DensitySelection(d, prefix, inputPoints, inputPoints + set);
    }

    /** 32-bit words of the selection bitmap (points bits). */
    public int selectionWords() {
        return Math.max(1, (points + 31) / 32);
    }
}
