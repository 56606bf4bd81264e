package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Samples;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A sector's statement survives its bytes, and a damaged one is refused. */
class SealStatementTest {
    @Test
    void bytesRoundTrip() {
        long seed = new Random().nextLong();
        C1Output c1 = C1Samples.random(RegisteredSealProof.interactive(SectorShape.SIZE_2KIB, false), new Random(seed));
        SealStatement st = SealStatement.of(c1);
        SealStatement back = SealStatement.fromBytes(st.toBytes());
        assertEquals(st, back, "seed " + seed);
        assertEquals(c1.registeredProof(), back.registeredProof());
        assertEquals(c1.partitions(), back.partitions());
        assertArrayEquals(c1.commR(), back.commR());
        assertArrayEquals(c1.commD(), back.commD());
        assertArrayEquals(c1.replicaId(), back.replicaId());
        assertArrayEquals(c1.seed(), back.seed());
        assertArrayEquals(c1.ticket(), back.ticket());
        byte[] other = st.toBytes();
        other[other.length - 1] ^= 1;
        assertNotEquals(st, SealStatement.fromBytes(other));
    }

    @Test
    void aStatementOfAnotherLengthIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SealStatement.fromBytes(new byte[167]));
        assertEquals("a PoRep statement is 168 bytes, got 167", e.getMessage());
    }
}
