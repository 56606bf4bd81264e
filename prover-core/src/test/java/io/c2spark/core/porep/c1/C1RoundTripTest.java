package io.c2spark.core.porep.c1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class C1RoundTripTest {
    private final long seed = System.nanoTime();
    private final Random rnd = new Random(seed);

    static byte[] write(C1Output c1) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        C1Writer.write(c1, out);
        return out.toByteArray();
    }

    static byte[] writeUnchecked(C1Output c1) {
        try {
            return write(c1);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static C1Output read(byte[] json) throws IOException {
        return C1Reader.read(new ByteArrayInputStream(json), "test.json");
    }

    /** Every interactive and synthetic 2KiB/8MiB/512MiB proof: write, compare with the reference, read back. */
    @ParameterizedTest
    @EnumSource(value = RegisteredSealProof.class, names = ".*(2KIB|8MIB|512MIB)_V1.*", mode = EnumSource.Mode.MATCH_ALL)
    void smallSectorsRoundTrip(RegisteredSealProof proof) throws IOException {
        if (proof.version() == RegisteredSealProof.Version.V1_2_NON_INTERACTIVE) {
            return;
        }
        C1Output c1 = C1Samples.random(proof, rnd);
        byte[] json = write(c1);
        assertEquals(SerdeJsonReference.render(c1), new String(json, StandardCharsets.US_ASCII), "seed " + seed);
        C1Output back = read(json);
        assertEquals(c1, back, "seed " + seed);
        assertArrayEquals(json, write(back));
    }

    /** A full 32GiB-shaped C1 (10 x 18 challenges), then one damaged byte deep inside it. */
    @Test
    void records32GiBRoundTrip(@TempDir Path dir) throws IOException {
        Path file = roundTripThroughFile(RegisteredSealProof.STACKED_DRG_32GIB_V1_1, dir);
        String json = Files.readString(file, StandardCharsets.US_ASCII);
        int at = -1;
        for (int n = 0; n <= 3 * 18 + 7; n++) {
            at = json.indexOf("\"replica_column_proofs\"", at + 1);
        }
        for (int element = 0; element <= 2; element++) {
            at = json.indexOf("{\"hashes\":[[", at + 1);
        }
        int value = at + "{\"hashes\":[[".length();
        String damaged = json.substring(0, value) + "300" + json.substring(json.indexOf(',', value));
        var e = assertThrows(C1FormatException.class, () -> read(damaged.getBytes(StandardCharsets.US_ASCII)));
        assertEquals("vanilla_proofs.StackedDrg32GiBV1[3][7].replica_column_proofs.c_x.inclusion_proof.data.Sub"
                + ".base_proof.path[2].hashes[0][0]", e.jsonPath(), e.getMessage());
        assertEquals(3, e.partition());
        assertEquals(7, e.challenge());
        assertTrue(e.getMessage().contains("(partition 3, challenge 7): expected a byte 0..255, found 300"),
                e.getMessage());
    }

    /** The only shape with Top proofs; as large as 32GiB, so slow on a shared 2-core machine. */
    @Tag("slow")
    @Test
    void records64GiBRoundTrip(@TempDir Path dir) throws IOException {
        roundTripThroughFile(RegisteredSealProof.STACKED_DRG_64GIB_V1_1_SYNTHETIC, dir);
    }

    private Path roundTripThroughFile(RegisteredSealProof proof, Path dir) throws IOException {
        C1Output c1 = C1Samples.random(proof, rnd);
        Path file = dir.resolve("c1.json");
        C1Writer.write(c1, file);
        byte[] json = Files.readAllBytes(file);
        assertEquals(SerdeJsonReference.render(c1), new String(json, StandardCharsets.US_ASCII), "seed " + seed);
        C1Output back = C1Reader.read(file);
        assertEquals(c1, back, "seed " + seed);
        SectorShape shape = proof.shape();
        assertEquals(shape.partitions(), back.partitions());
        assertEquals(shape.partitions() * shape.challengesPerPartition(), back.challenges());
        var v = back.vanillaProofs()[shape.partitions() - 1][shape.challengesPerPartition() - 1];
        assertEquals(shape.treeD().levels(), v.commDProofs().indices().length);
        assertEquals(v.commDProofs().leafIndex(), v.commRLastProof().leafIndex());
        assertEquals(v.encodingProof().node(), v.commDProofs().leafIndex());
        assertEquals(shape.layers(), v.replicaColumnProofs().expParents()[7].layers());
        assertTrue(json.length > 30_000_000, "a 32GiB-shaped C1 is tens of MB: " + json.length);
        return file;
    }

    /** The records compare by content: a one-byte change anywhere is seen. */
    @Test
    void equalityIsByContent() throws IOException {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, rnd);
        C1Output copy = read(write(c1));
        assertEquals(c1, copy);
        copy.vanillaProofs()[0][1].replicaColumnProofs().expParents()[3].inclusionProof().siblings()[5] ^= 1;
        assertNotEquals(c1, copy);
    }

    /** serde accepts fields in any order; so does the reader (Go's encoding/json writes them sorted). */
    @Test
    void fieldOrderIsFree() throws IOException {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1, rnd);
        String json = new String(write(c1), StandardCharsets.US_ASCII);
        int vp = json.indexOf(",\"vanilla_proofs\":");
        int cr = json.indexOf(",\"comm_r\":");
        String reordered = "{" + json.substring(cr + 1, json.length() - 1) + "," + json.substring(vp + 1, cr) + ","
                + json.substring(1, vp) + "}";
        reordered = reordered.replaceAll("\\{\"parents\":(\\[\\[.*?\\]\\]),\"layer_index\":(\\d+),\"node\":(\\d+)\\}",
                "{\"node\":$3,\"layer_index\":$2,\"parents\":$1}");
        assertTrue(reordered.contains("{\"node\":"));
        assertEquals(c1, read(reordered.getBytes(StandardCharsets.US_ASCII)));
    }

    /** Whitespace (pretty-printed files) is accepted. */
    @Test
    void whitespaceIsAccepted() throws IOException {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, rnd);
        String pretty = new String(write(c1), StandardCharsets.US_ASCII).replace(",", ",\n  ").replace(":", ": ");
        assertEquals(c1, read(pretty.getBytes(StandardCharsets.US_ASCII)));
    }
}
