package io.c2spark.core.snarkjs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.function.Executable;

/**
 * snarkjs's JSON files that are not what they should be: the message names the file and what is
 * wrong in one bounded line, in words, never in the JSON parser's vocabulary.
 */
class SnarkjsJsonErrorsTest {
    @TempDir
    Path dir;

    private String refused(String name, String text, Reading reading) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> reading.read(file));
        String m = e.getMessage();
        assertTrue(m.startsWith(file + ": "), m);
        assertTrue(m.length() < 400, () -> m.length() + " characters: " + m.substring(0, 400));
        assertFalse(m.contains("\n"), m);
        for (String internal : new String[] {"JsonReadFeature", "StreamReadConstraints", "StreamReadFeature",
            "DeserializationFeature", "Feature", "REDACTED", "`", "VALUE_", "START_", "END_", "[Source", "JsonNode"}) {
            assertFalse(m.contains(internal), internal + " in: " + m);
        }
        return m;
    }

    private interface Reading {
        void read(Path file) throws IOException;
    }

    @Test
    void parseErrorsAreSaidInWords() throws IOException {
        Reading signals = SnarkjsJson::readPublicSignals;
        assertTrue(refused("nan.json", "[\"1\", NaN]", signals).contains("Non-standard token 'NaN'"));
        assertTrue(refused("plus.json", "[+1]", signals).contains("plus signs"));
        assertTrue(refused("comment.json", "[\"1\" /* two */]", signals).contains("comment"));
        assertTrue(refused("cut.json", "[\"1\", \"2", signals).contains("end-of-input"));
        assertTrue(refused("deep.json", "[".repeat(1100), signals).contains("nested deeper than 1000 levels"));
        assertTrue(refused("long_number.json", "[" + "1".repeat(1200) + "]", signals)
                .contains("a number of more than 1000 characters"));
        assertTrue(refused("vk.json", "{\"protocol\": \"groth16\", \"curve\": 'bls12381'}", SnarkjsJson::readVerificationKey)
                .contains("Unexpected character"));
    }

    @Test
    void trailingDataAfterTheValueIsRefused() throws IOException {
        String m = refused("trailing.json", "[\"1\", \"2\"] xyz", SnarkjsJson::readPublicSignals);
        assertTrue(m.contains("trailing data after the JSON value"), m);
        m = refused("two.json", "[\"1\"] [\"2\"]", SnarkjsJson::readPublicSignals);
        assertTrue(m.contains("trailing data after the JSON value"), m);
    }

    @Test
    void longValuesAreCutAndTheirLengthSaid() throws IOException {
        String huge = "x".repeat(10 << 20);
        String m = refused("huge_signal.json", "[\"" + huge + "\"]", SnarkjsJson::readPublicSignals);
        assertTrue(m.contains("[0] is not a decimal number: \"xxxxxxxx") && m.contains("(10485760 characters)"), m);
        m = refused("huge_protocol.json", "{\"protocol\": \"" + huge + "\"}", SnarkjsJson::readProof);
        assertTrue(m.contains("protocol is \"xxxx") && m.contains("(10485760 characters)"), m);
        m = refused("huge_npublic.json", "{\"protocol\": \"groth16\", \"curve\": \"bls12381\", \"IC\": [[\"0\", \"1\", \"0\"]],"
                + " \"nPublic\": [\"" + huge + "\"]}", SnarkjsJson::readVerificationKey);
        assertTrue(m.contains("nPublic"), m);
        m = refused("newline.json", "{\"protocol\": \"gro\\nth16\"}", SnarkjsJson::readProof);
        assertTrue(m.contains("protocol is \"gro\\u000ath16\""), m);
    }

    /** A number far too large for the field is refused by its length, before any arithmetic on it. */
    @Test
    void hugeNumbersAreRefusedByTheirLength() {
        String digits = "9".repeat(400_000);
        Executable read = () -> {
            String m = refused("huge_number.json", "[\"" + digits + "\"]", SnarkjsJson::readPublicSignals);
            assertTrue(m.contains("[0] is not below r") && m.contains("(400000 characters)"), m);
            m = refused("huge_coordinate.json", "{\"pi_a\": [\"" + digits + "\", \"1\", \"1\"]}", SnarkjsJson::readProof);
            assertTrue(m.contains("pi_a[0] is not below p") && m.contains("(400000 characters)"), m);
        };
        assertTimeoutPreemptively(Duration.ofSeconds(5), read);
    }
}
