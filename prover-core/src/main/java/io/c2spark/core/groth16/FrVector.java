package io.c2spark.core.groth16;

import io.c2spark.core.field.Fr;

/**
 * A vector of Fr elements (Montgomery, 4 limbs each) in pages of {@link #PAGE} elements, for
 * vectors of hundreds of millions of elements beside a large circuit shape: a single array of
 * 4 GB needs that much contiguous free heap, which a heap already holding the shape's arrays may
 * not have even when it has the room. A page with its array header stays just under 32 MiB, so it
 * fills whole G1 regions (1 to 32 MiB): a page of 2^20 elements, 32 MiB and a 16-byte header, took
 * three regions of 16 MiB (a 19 GB heap's), half again its size.
 */
final class FrVector {
    /** Elements per page: 2^20 - 2^12, a multiple of 4096. */
    static final int PAGE = (1 << 20) - (1 << 12);

    private final long[][] pages;
    private final long size;

    FrVector(long size) {
        this.size = size;
        int n = (int) ((size + PAGE - 1) / PAGE);
        pages = new long[n][];
        for (int p = 0; p < n; p++) {
            pages[p] = new long[(int) Math.min(PAGE, size - (long) p * PAGE) * Fr.LIMBS];
        }
    }

    long size() {
        return size;
    }

    /** The page holding element i. */
    long[] page(long i) {
        return pages[(int) (i / PAGE)];
    }

    /** The limb offset of element i in its page. */
    static int offset(long i) {
        return (int) (i % PAGE) * Fr.LIMBS;
    }

    boolean isZero(long i) {
        return Fr.isZero(page(i), offset(i));
    }

    /** Copies elements from .. from + n - 1 to out[0 ..]. */
    void copyTo(long from, int n, long[] out) {
        for (int k = 0; k < n;) {
            long i = from + k;
            int run = (int) Math.min(n - k, PAGE - i % PAGE);
            System.arraycopy(page(i), offset(i), out, k * Fr.LIMBS, run * Fr.LIMBS);
            k += run;
        }
    }

    void clear() {
        for (long[] p : pages) {
            java.util.Arrays.fill(p, 0L);
        }
    }
}
