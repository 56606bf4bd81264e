package io.c2spark.core.porep.c1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.RegisteredSealProof;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompactPartitionInputTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    @Test
    void everyPartitionOfAC1RoundTripsThroughTheCompactForm() throws IOException {
        for (RegisteredSealProof proof : new RegisteredSealProof[] {RegisteredSealProof.STACKED_DRG_2KIB_V1_1, RegisteredSealProof.STACKED_DRG_8MIB_V1_1}) {
            C1Output c1 = C1Samples.random(proof, rnd);
            // Through the JSON first, as the prepare stage receives it.
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            C1Writer.write(c1, json);
            C1Output parsed = C1Reader.read(new ByteArrayInputStream(json.toByteArray()), "sample.json");
            for (int k = 0; k < parsed.partitions(); k++) {
                CompactPartitionInput p = CompactPartitionInput.of(parsed, k);
                byte[] bytes = p.toBytes();
                CompactPartitionInput back = CompactPartitionInput.read(bytes, "p" + k);
                assertEquals(p, back);
                assertEquals(proof, back.registeredProof());
                assertEquals(k, back.partition());
                assertEquals(c1.partitions(), back.partitions());
                assertTrue(Arrays.equals(c1.vanillaProofs()[k], back.challenges()));
                assertTrue(bytes.length < json.size() / parsed.partitions(), "compact: " + bytes.length);
            }
        }
    }

    @Test
    void damagedInputsFailWithTheirNameAndOffset() {
        byte[] bytes = CompactPartitionInput.of(C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, rnd), 0).toBytes();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompactPartitionInput.read(Arrays.copyOf(bytes, bytes.length - 7), "cut.bin"));
        assertTrue(e.getMessage().startsWith("cut.bin: compact partition input truncated at byte"), e.getMessage());
        byte[] foreign = bytes.clone();
        foreign[0] = 'X';
        e = assertThrows(IllegalArgumentException.class, () -> CompactPartitionInput.read(foreign, "x.bin"));
        assertTrue(e.getMessage().contains("not a compact partition input"), e.getMessage());
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 3);
        e = assertThrows(IllegalArgumentException.class, () -> CompactPartitionInput.read(longer, "l.bin"));
        assertTrue(e.getMessage().contains("3 bytes after the last challenge"), e.getMessage());
    }
}
