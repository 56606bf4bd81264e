package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;

/** Wrong witnesses for the tests that a prover's output is checked before it is used. */
public final class Witnesses {
    private Witnesses() {
    }

    /**
     * The witness with one aux variable's value changed: a non-bit value plus one, a bit's value
     * flipped; the rest shared with w.
     */
    public static Witness withFlippedValue(Witness w, int aux) {
        if (aux < 0 || aux >= w.numAux()) {
            throw new IllegalArgumentException("aux variable " + aux + " of " + w.numAux());
        }
        int t = Arrays.binarySearch(w.tailAux(), aux);
        if (t >= 0) {
            long[] tail = w.tail().clone();
            Fr.add(tail, t * Fr.LIMBS, Fr.of(1), 0, tail, t * Fr.LIMBS);
            return new Witness(w.inputs(), w.numAux(), w.bits(), tail, w.tailAux());
        }
        long[] bits = w.bits().clone();
        bits[aux >>> 6] ^= 1L << aux;
        return new Witness(w.inputs(), w.numAux(), bits, w.tail(), w.tailAux());
    }
}
