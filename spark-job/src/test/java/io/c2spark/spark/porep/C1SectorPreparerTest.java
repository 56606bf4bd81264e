package io.c2spark.spark.porep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Samples;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.c2.SealStatement;
import io.c2spark.spark.testing.SealedSectors;
import io.c2spark.spark.workload.InvalidSectorException;
import io.c2spark.spark.workload.PreparedSector;
import io.c2spark.spark.workload.SectorSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class C1SectorPreparerTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    private static SectorSource source(String path, byte[] bytes) {
        return new SectorSource() {
            @Override
            public String sectorId() {
                return "s";
            }

            @Override
            public String path() {
                return path;
            }

            @Override
            public long length() {
                return bytes.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(bytes);
            }
        };
    }

    private static byte[] json(C1Output c1) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        C1Writer.write(c1, b);
        return b.toByteArray();
    }

    @Test
    void writesOneCompactInputPerPartitionAndTheStatement() throws Exception {
        C1Output c1 = SealedSectors.sealed2KiB(rnd);
        Map<Integer, ByteArrayOutputStream> parts = new HashMap<>();
        PreparedSector p = new C1SectorPreparer().prepare(source("hdfs://nn/c1/s.json", json(c1)),
                k -> parts.computeIfAbsent(k, x -> new ByteArrayOutputStream()));
        assertEquals(c1.partitions(), p.partitions());
        assertEquals(c1.partitions(), parts.size());
        for (int k = 0; k < c1.partitions(); k++) {
            assertEquals(CompactPartitionInput.of(c1, k),
                    CompactPartitionInput.read(parts.get(k).toByteArray(), "p" + k));
        }
        assertEquals(SealStatement.of(c1), SealStatement.fromBytes(p.statement()));
        assertEquals("StackedDrg2KiBV1_1", p.facts().get("registeredProof"));
    }

    @Test
    void aCutMalformedOrWrongC1FailsItsSectorNamingTheFile() throws Exception {
        byte[] good = json(C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, rnd));
        InvalidSectorException e = assertThrows(InvalidSectorException.class, () -> new C1SectorPreparer()
                .prepare(source("hdfs://nn/c1/cut.json", Arrays.copyOf(good, good.length / 2)), k -> new ByteArrayOutputStream()));
        assertTrue(e.getMessage().contains("hdfs://nn/c1/cut.json") && e.getMessage().contains("truncated"), e.getMessage());
        e = assertThrows(InvalidSectorException.class, () -> new C1SectorPreparer()
                .prepare(source("random.json", good), k -> new ByteArrayOutputStream()));
        assertTrue(e.getMessage().startsWith("random.json: vanilla proof invalid at partition 0"), e.getMessage());
        byte[] bad = new String(good, java.nio.charset.StandardCharsets.UTF_8)
                .replace("StackedDrg2KiBV1_1", "StackedDrg4KiBV1_1").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        e = assertThrows(InvalidSectorException.class, () -> new C1SectorPreparer()
                .prepare(source("bad.json", bad), k -> new ByteArrayOutputStream()));
        assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("registered_proof"), e.getMessage());
    }
}
