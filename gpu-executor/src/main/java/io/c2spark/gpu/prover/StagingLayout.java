package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.Witness;

/**
 * Where each part of one proof's input lies in the bytes uploaded to the device (the same offsets
 * in pinned host memory and in device memory): the compact witness (inputs, aux bitmap, tail) and
 * what is picked from it per proof for the queries' MSMs (the B inputs, the A and B tail values;
 * the selection bitmaps of batch addition are made on the device, see {@link DensitySelection}).
 * Regions start on 256-byte boundaries, which keeps every Fr element and
 * every 16-byte vector load of the kernels aligned. A pure function of the circuit, tested on the CPU.
 */
public final class StagingLayout {
    private static final int ALIGN = 256;

    private final QueryLayout layout;
    public final int bitWords;
    public final int aTailCount;
    public final int bTailCount;
    /** Byte offsets of the regions, and the total. */
    public final long inputsAt, bitsAt, tailAt, bInputsAt, aTailAt, bTailAt, bytes;

    public StagingLayout(QueryLayout layout) {
        this.layout = layout;
        this.bitWords = (layout.numAux + 63) / 64;
        this.aTailCount = layout.aTailCount();
        this.bTailCount = layout.bTailCount();
        long at = 0;
        inputsAt = at;
        at = align(at + 32L * layout.numInputs);
        bitsAt = at;
        at = align(at + 8L * bitWords);
        tailAt = at;
        at = align(at + 32L * layout.tailCount);
        bInputsAt = at;
        at = align(at + 32L * layout.bInputCount);
        aTailAt = at;
        at = align(at + 32L * aTailCount);
        bTailAt = at;
        at = align(at + 32L * bTailCount);
        bytes = Math.max(ALIGN, at);
        if (bytes / 8 > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a proof's staged input of " + bytes + " bytes exceeds one Java array");
        }
    }

    private static long align(long at) {
        return (at + ALIGN - 1) / ALIGN * ALIGN;
    }

    /** Checks that the witness belongs to this circuit. */
    public void check(Witness w) {
        if (w.numInputs() != layout.numInputs || w.numAux() != layout.numAux || w.tailSize() != layout.tailCount) {
            throw new IllegalArgumentException("witness has " + w.numInputs() + " inputs, " + w.numAux() + " aux values, "
                    + w.tailSize() + " of them non-bits; the circuit has " + layout.numInputs + ", " + layout.numAux + ", "
                    + layout.tailCount);
        }
    }

    /** The staged bytes of one proof as little-endian longs (gaps and padding zero). */
    public long[] image(Witness w) {
        check(w);
        long[] out = new long[(int) (bytes / 8)];
        put(out, inputsAt, w.inputs(), w.inputs().length);
        put(out, bitsAt, w.bits(), Math.min(bitWords, w.bits().length));
        put(out, tailAt, w.tail(), w.tail().length);
        long[] bInputs = layout.bInputValues(w.inputs());
        put(out, bInputsAt, bInputs, bInputs.length);
        long[] aTail = layout.aTail(w.tail());
        put(out, aTailAt, aTail, aTail.length);
        long[] bTail = layout.bTail(w.tail());
        put(out, bTailAt, bTail, bTail.length);
        return out;
    }

    private static void put(long[] image, long at, long[] src, int count) {
        System.arraycopy(src, 0, image, (int) (at / 8), count);
    }
}
