package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;

/** The fixed-base table's shape and entry scalars, and the batch addition's partial count, without a GPU. */
class FixedBaseTableTest {
    @Test
    void windowsCoverA256BitScalarAndSizesFollow() {
        assertEquals(16, FixedBaseTable.windows(16));
        assertEquals(13, FixedBaseTable.windows(20));
        assertEquals(20, FixedBaseTable.windows(13));
        assertEquals(32, FixedBaseTable.windows(8));
        assertEquals(50_331_648L, FixedBaseTable.bytes(Curve.G1, 16));
        assertEquals(100_663_296L, FixedBaseTable.bytes(Curve.G2, 16));
        assertEquals(654_311_424L, FixedBaseTable.bytes(Curve.G1, 20));
        assertEquals(393_216L, FixedBaseTable.bytes(Curve.G1, FixedBaseTable.SEED_WINDOW));
    }

    @Test
    void entryScalarsAreDigitTimesWindowWeight() {
        for (int c : new int[] {5, 8, 13}) {
            long[] k = FixedBaseTable.entryScalars(c);
            int row = 1 << (c - 1);
            assertEquals(4 * FixedBaseTable.entries(c), k.length);
            for (int w = 0; w < FixedBaseTable.windows(c); w++) {
                for (int d : new int[] {1, 2, 3, row - 1, row}) {
                    BigInteger want = BigInteger.valueOf(d).shiftLeft(c * w).mod(Fr.MODULUS);
                    int at = 4 * (w * row + d - 1);
                    assertArrayEquals(Fr.of(want), java.util.Arrays.copyOfRange(k, at, at + 4), "c " + c + " w " + w + " d " + d);
                }
            }
        }
    }

    @Test
    void batchAdditionWritesThirtyTwoPartialsPerTile() {
        assertEquals(32, BatchAdd.partials(1));
        assertEquals(32, BatchAdd.partials(BatchAdd.TILE));
        assertEquals(64, BatchAdd.partials(BatchAdd.TILE + 1));
        assertEquals(32L << 14, BatchAdd.partials(1L << 27));
    }
}
