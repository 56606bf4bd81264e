package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;

/**
 * The distinct coefficient values of a shape, each stored once: matrices hold an int index into it.
 * Real circuits use few distinct values (1, -1, powers of two, Poseidon constants), so this is far
 * smaller than a coefficient per non-zero. Lookup is an open-addressing hash over the 4 limbs.
 */
final class CoefficientTable {
    private long[] values = new long[64 * Fr.LIMBS];
    private int size;
    /** Slot -> index + 1, 0 when empty; the capacity is a power of two, at most half full. */
    private int[] slots = new int[128];

    /** The index of the coefficient at c[off], adding it when new. */
    int indexOf(long[] c, int off) {
        int mask = slots.length - 1;
        int h = hash(c, off) & mask;
        while (true) {
            int s = slots[h];
            if (s == 0) {
                break;
            }
            if (Fr.equal(values, (s - 1) * Fr.LIMBS, c, off)) {
                return s - 1;
            }
            h = (h + 1) & mask;
        }
        if (size * Fr.LIMBS == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        System.arraycopy(c, off, values, size * Fr.LIMBS, Fr.LIMBS);
        size++;
        slots[h] = size;
        if (2 * size > slots.length) {
            rehash();
        }
        return size - 1;
    }

    int size() {
        return size;
    }

    /**
     * Adds this table's coefficients to target in this table's order (those it lacks at its end) and
     * returns where each one is there: entry i of this table is entry map[i] of target.
     */
    int[] mergeInto(CoefficientTable target) {
        int[] map = new int[size];
        for (int i = 0; i < size; i++) {
            map[i] = target.indexOf(values, i * Fr.LIMBS);
        }
        return map;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size * Fr.LIMBS);
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        int mask = slots.length - 1;
        for (int i = 0; i < size; i++) {
            int h = hash(values, i * Fr.LIMBS) & mask;
            while (slots[h] != 0) {
                h = (h + 1) & mask;
            }
            slots[h] = i + 1;
        }
    }

    private static int hash(long[] c, int off) {
        long h = c[off] * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 1]) * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 2]) * 0x9E3779B97F4A7C15L;
        h = (h ^ c[off + 3]) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
