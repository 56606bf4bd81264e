package io.c2spark.core.porep.c1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Damaged 2KiB C1 files: each is refused, and the message names the field, position and expectation. */
class C1CorruptionTest {
    private static final String VP = "vanilla_proofs.StackedDrg2KiBV1";

    private final long seed = System.nanoTime();
    private final C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, new Random(seed));
    private final String json = new String(C1RoundTripTest.writeUnchecked(c1), StandardCharsets.US_ASCII);

    private C1FormatException refused(String damaged) {
        C1FormatException e = assertThrows(C1FormatException.class, () -> C1Reader.read(
                new ByteArrayInputStream(damaged.getBytes(StandardCharsets.US_ASCII)), "damaged.json"), "seed " + seed);
        assertTrue(e.getMessage().startsWith("C1 file damaged.json: "), e.getMessage());
        return e;
    }

    private static void assertMessage(C1FormatException e, String jsonPath, String... parts) {
        assertEquals(jsonPath, e.jsonPath(), e.getMessage());
        assertTrue(e.getMessage().contains(jsonPath.isEmpty() ? "<root>" : jsonPath), e.getMessage());
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
        }
    }

    /** Index of the {@code n}-th (0-based) occurrence of {@code s} at or after {@code from}. */
    private static int nth(String text, String s, int n, int from) {
        int at = from - 1;
        for (int i = 0; i <= n; i++) {
            at = text.indexOf(s, at + 1);
            assertTrue(at >= 0, "no occurrence " + n + " of " + s);
        }
        return at;
    }

    private static String replaceAt(String text, int at, String old, String replacement) {
        assertEquals(old, text.substring(at, at + old.length()));
        return text.substring(0, at) + replacement + text.substring(at + old.length());
    }

    /** Replaces the 32-byte array that follows {@code key} (found at or after {@code from}). */
    private static String replaceHash(String text, String key, int from, String replacement) {
        int start = text.indexOf(key, from) + key.length();
        int end = text.indexOf(']', start) + 1;
        return text.substring(0, start) + replacement + text.substring(end);
    }

    private String secondChallenge() {
        return VP + "[0][1]";
    }

    private int secondChallengeStart() {
        return nth(json, "{\"comm_d_proofs\"", 1, 0);
    }

    @Test
    void wrongTypeIsNamed() {
        int at = nth(json, "\"layer_index\":1,", 0, 0);
        var e = refused(replaceAt(json, at, "\"layer_index\":1,", "\"layer_index\":\"1\","));
        assertMessage(e, VP + "[0][0].labeling_proofs[0].layer_index", "(partition 0, challenge 0)",
                "expected a layer index (u32), found string \"1\"");
        assertEquals(0, e.partition());
        assertEquals(0, e.challenge());
        assertFalse(e.truncated());

        var obj = refused(replaceHash(json, "\"comm_r\":", 0, "{}"));
        assertMessage(obj, "comm_r", "expected a 32-byte array, found an object");
        assertEquals(-1, obj.partition());
    }

    @Test
    void missingFieldIsNamed() {
        int at = nth(json, ",\"_h\":null", 0, 0);
        assertMessage(refused(replaceAt(json, at, ",\"_h\":null", "")),
                VP + "[0][0].replica_column_proofs.c_x.column", "missing field \"_h\"");

        int seedAt = json.indexOf(",\"seed\":");
        String noSeed = json.substring(0, seedAt) + json.substring(json.indexOf(",\"ticket\":"));
        assertMessage(refused(noSeed), "", "missing field \"seed\"");

        int enc = json.indexOf(",\"encoding_proof\":", secondChallengeStart());
        int encEnd = json.indexOf('}', enc) + 1;
        assertMessage(refused(json.substring(0, enc) + json.substring(encEnd)), secondChallenge(),
                "(partition 0, challenge 1)", "missing field \"encoding_proof\"");
    }

    @Test
    void shortHashIsNamed() {
        String shortCommR = "[" + "1,".repeat(30) + "1]";
        assertMessage(refused(replaceHash(json, "\"comm_r\":", 0, shortCommR)), "comm_r", "expected 32 bytes, found 31");

        int hashes = json.indexOf("\"hashes\":[[", secondChallengeStart()) + "\"hashes\":[[".length();
        String damaged = json.substring(0, hashes) + json.substring(json.indexOf(',', hashes) + 1);
        var e = refused(damaged);
        assertMessage(e, secondChallenge() + ".comm_d_proofs.data.Single.path.path[0].hashes[0]",
                "(partition 0, challenge 1)", "expected 32 bytes, found 31");
        assertEquals(1, e.challenge());
    }

    @Test
    void byteOutOfRangeIsNamed() {
        int root = json.indexOf("\"root\":[", json.indexOf("\"comm_r_last_proof\"", secondChallengeStart()))
                + "\"root\":[".length();
        String first = json.substring(root, json.indexOf(',', root));
        String prefix = secondChallenge() + ".comm_r_last_proof.data.Single.root[0]";
        assertMessage(refused(replaceAt(json, root, first, "256")), prefix, "expected a byte 0..255, found 256");
        assertMessage(refused(replaceAt(json, root, first, "-1")), prefix, "found -1");
        assertMessage(refused(replaceAt(json, root, first, "1.5")), prefix, "found number 1.5");
        assertMessage(refused(replaceAt(json, root, first, "99999999999999999999999")), prefix,
                "found 99999999999999999999999");
    }

    @Test
    void nonCanonicalFieldElementIsRefused() {
        StringBuilder r = new StringBuilder("[");
        byte[] be = Fr.MODULUS.toByteArray();
        for (int i = 0; i < 32; i++) {
            r.append(i > 0 ? "," : "").append(be[be.length - 1 - i] & 0xFF);
        }
        String modulus = r.append(']').toString();
        assertMessage(refused(replaceHash(json, "\"replica_id\":", 0, modulus)), "replica_id",
                "not a canonical field element");
        assertMessage(refused(replaceHash(json, "\"leaf\":", secondChallengeStart(), modulus)),
                secondChallenge() + ".comm_d_proofs.data.Single.leaf", "not a canonical field element");
        String allOnes = "[" + "255,".repeat(31) + "255]";
        assertMessage(refused(replaceHash(json, "\"comm_d\":", json.indexOf(",\"comm_d\":"), allOnes)), "comm_d",
                "not a canonical field element");
    }

    /** seed and ticket are randomness, not field elements: any bytes are accepted there. */
    @Test
    void seedAndTicketMayHoldAnyBytes() throws IOException {
        String allOnes = "[" + "255,".repeat(31) + "255]";
        String ok = replaceHash(replaceHash(json, "\"seed\":", 0, allOnes), "\"ticket\":", 0, allOnes);
        C1Output back = C1Reader.read(new ByteArrayInputStream(ok.getBytes(StandardCharsets.US_ASCII)), "ok.json");
        assertEquals(BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE), new BigInteger(1, back.seed()));
    }

    @Test
    void partitionAndChallengeCountsAreEnforced() {
        String key = "\"StackedDrg2KiBV1\":[";
        int start = json.indexOf(key) + key.length();
        int end = json.indexOf("]},\"comm_r\":");
        String partition = json.substring(start, end);
        var extra = refused(json.substring(0, end) + "," + partition + json.substring(end));
        assertMessage(extra, VP + "[1]", "extra partition: 2KiB sectors have 1 partitions");

        int second = secondChallengeStart();
        String oneChallenge = json.substring(0, second - 1) + json.substring(end - 1);
        assertMessage(refused(oneChallenge), VP + "[0]", "expected 2 challenges per partition for 2KiB, found 1");

        assertMessage(refused(json.substring(0, start) + json.substring(end)), VP,
                "expected 1 partitions for 2KiB, found 0");
    }

    @Test
    void truncatedFilesAreReportedAsTruncated() {
        int exp = json.indexOf("\"exp_parents\":[", secondChallengeStart()) + "\"exp_parents\":[".length();
        int inHash = json.indexOf("\"replica_id\":[") + "\"replica_id\":[1".length();
        int[] cuts = {0, 1, 40, json.length() / 2, exp, inHash, json.length() - 1};
        for (int cut : cuts) {
            var e = refused(json.substring(0, cut));
            assertTrue(e.truncated(), e.getMessage());
            assertTrue(e.getMessage().contains("truncated at byte " + e.byteOffset()), e.getMessage());
            assertTrue(e.byteOffset() <= cut && e.byteOffset() >= cut - 24, cut + ": " + e.getMessage());
        }
        Random rnd = new Random(seed);
        for (int i = 0; i < 60; i++) {
            int cut = i < 30 ? exp - 15 + i : rnd.nextInt(json.length());
            var r = refused(json.substring(0, cut));
            assertTrue(r.truncated(), cut + ": " + r.getMessage());
        }
        var e = refused(json.substring(0, exp));
        assertMessage(e, secondChallenge() + ".replica_column_proofs.exp_parents", "(partition 0, challenge 1)");
        assertTrue(refused(json.substring(0, inHash)).jsonPath().startsWith("replica_id"));
        assertMessage(refused(""), "", "the file is empty");
    }

    @Test
    void wrongProofVariantIsNamed() {
        int at = json.indexOf("{\"data\":{\"Single\"", json.indexOf("\"comm_r_last_proof\"", secondChallengeStart()));
        var e = refused(replaceAt(json, at, "{\"data\":{\"Single\"", "{\"data\":{\"Sub\""));
        assertMessage(e, secondChallenge() + ".comm_r_last_proof.data",
                "expected the Single proof variant for a tree of arity 8, 2 base levels, found \"Sub\"");
    }

    @Test
    void registeredProofIsChecked() {
        String name = "\"StackedDrg2KiBV1_1\"";
        assertMessage(refused(json.replace(name, "\"StackedDrg8MiBV1_1\"")), "vanilla_proofs",
                "vanilla proof key \"StackedDrg2KiBV1\" does not match registered proof StackedDrg8MiBV1_1");
        assertMessage(refused(json.replace(name, "\"StackedDrg2KiBV1_2_Feat_NonInteractivePoRep\"")),
                "registered_proof", "non-interactive PoRep");
        assertMessage(refused(json.replace(name, "\"StackedDrg4KiBV1\"")), "registered_proof",
                "unknown registered proof \"StackedDrg4KiBV1\"");
        assertMessage(refused(json.replace(name, "5")), "registered_proof", "found number 5");
        assertMessage(refused(json.replace("\"StackedDrg2KiBV1\":", "\"StackedDrg2KiBV1_1\":")), "vanilla_proofs",
                "unknown vanilla proof key \"StackedDrg2KiBV1_1\"");
    }

    @Test
    void unknownAndRepeatedFieldsAreRefused() {
        assertMessage(refused("{\"extra\":1," + json.substring(1)), "", "unexpected field \"extra\"");
        int commD = json.indexOf(",\"comm_d\":");
        int commDEnd = json.indexOf(']', commD) + 1;
        String twice = json.substring(0, commDEnd) + json.substring(commD, commDEnd) + json.substring(commDEnd);
        assertMessage(refused(twice), "", "field \"comm_d\" appears twice");
    }

    @Test
    void valueRangesAreEnforced() {
        int second = secondChallengeStart();
        int layer = nth(json, "\"layer_index\":2,", 0, second);
        assertMessage(refused(replaceAt(json, layer, "\"layer_index\":2,", "\"layer_index\":3,")),
                secondChallenge() + ".labeling_proofs[1].layer_index", "expected layer_index 2, found 3");

        int path = json.indexOf("\"index\":", json.indexOf("\"comm_r_last_proof\"", second));
        String old = json.substring(path, json.indexOf('}', path));
        assertMessage(refused(replaceAt(json, path, old, "\"index\":8")),
                secondChallenge() + ".comm_r_last_proof.data.Single.path.path[0].index",
                "expected a child position 0..7, found 8");

        int node = json.indexOf("\"node\":", json.indexOf("\"encoding_proof\"", second));
        String oldNode = json.substring(node, json.indexOf('}', node));
        assertMessage(refused(replaceAt(json, node, oldNode, "\"node\":64")),
                secondChallenge() + ".encoding_proof.node", "expected a node index below 64, found 64");
    }

    @Test
    void malformedJsonAndTrailingDataAreRefused() {
        assertMessage(refused(json + "{}"), "", "trailing data after the C1 object");
        int comma = json.indexOf(",\"leaf\":", secondChallengeStart());
        var e = refused(replaceAt(json, comma, ",", ";"));
        assertTrue(e.getMessage().contains("malformed JSON"), e.getMessage());
        assertTrue(e.jsonPath().startsWith(secondChallenge() + ".comm_d_proofs.data.Single"), e.getMessage());
    }

    /** Anything after the complete object, even a cut or unparsable token, is trailing data, not a truncation. */
    @Test
    void trailingGarbageIsCalledTrailingData() {
        for (String tail : new String[] {"xyz", "}", "{", "[1,", "\"abc", " 12", "\n\u0001", "NaN"}) {
            var e = refused(json + tail);
            assertFalse(e.truncated(), tail + ": " + e.getMessage());
            assertMessage(e, "", "trailing data after the C1 object (at byte " + json.length() + ")");
            assertFalse(e.getMessage().contains("truncated"), e.getMessage());
        }
    }

    /** A value of megabytes is shown cut, with its length, wherever a message quotes one. */
    @Test
    void longValuesAreCutAndTheirLengthSaid() {
        String huge = "StackedDrg" + "X".repeat(10 << 20);
        String name = "\"StackedDrg2KiBV1_1\"";
        String[] damaged = {
            json.replace(name, "\"" + huge + "\""),
            "{\"" + huge.substring(0, 40_000) + "\":1," + json.substring(1),
            json.replace("\"StackedDrg2KiBV1\":", "\"" + huge.substring(0, 30_000) + "\":"),
            json.replace(name, "\"" + huge.substring(0, 5000) + "\""),
            replaceAt(json, json.indexOf("\"layer_index\":1,"), "\"layer_index\":1,", "\"layer_index\":" + "9".repeat(999) + ","),
            replaceHash(json, "\"seed\":", 0, "[" + "7".repeat(999) + "]"),
        };
        int[] lengths = {huge.length(), 40_000, 30_000, 5000, 999, 999};
        for (int i = 0; i < damaged.length; i++) {
            var e = refused(damaged[i]);
            int shown = i;
            assertTrue(e.getMessage().length() < 400, () -> shown + ": " + e.getMessage().length() + " characters: "
                    + e.getMessage().substring(0, 400));
            assertTrue(e.getMessage().contains("(" + lengths[i] + " characters)"), i + ": " + e.getMessage());
        }
        var e = refused(json.replace(name, "\"Stacked\\nDrg\""));
        assertMessage(e, "registered_proof", "unknown registered proof \"Stacked\\u000aDrg\"");
    }

    /** Jackson's own vocabulary (its switches, limits and token names) never reaches a message. */
    @Test
    void parserInternalsAreNotNamed() {
        int layer = json.indexOf("\"layer_index\":1,");
        String[] values = {"NaN", "-Infinity", "+1", "01", "1.", "'1'", "/*c*/1", "tru"};
        for (String v : values) {
            var e = refused(replaceAt(json, layer, "\"layer_index\":1,", "\"layer_index\":" + v + ","));
            assertPlain(e, "malformed JSON");
            assertFalse(e.truncated(), e.getMessage());
        }
        assertPlain(refused(replaceAt(json, layer, "\"layer_index\":1,", "\"layer_index\":" + "1".repeat(1001) + ",")),
                "a number of more than 1000 characters");
        assertPlain(refused("{\"" + "n".repeat(60_000) + "\":1," + json.substring(1)), "a field name of more than");
        var small = refused("{\"registered_proof\":NaN}");
        assertPlain(small, "Non-standard token 'NaN'");
        assertFalse(small.truncated(), small.getMessage());
        var cut = refused(json.substring(0, json.indexOf("\"comm_r\":")) + "\"comm_r\":\"abc");
        assertTrue(cut.truncated(), cut.getMessage());
        assertPlain(cut, "truncated");
        assertPlain(refused(json.substring(0, json.length() - 1)), "truncated");
    }

    private static void assertPlain(C1FormatException e, String expected) {
        String m = e.getMessage();
        assertTrue(m.contains(expected), "expected '" + expected + "' in: " + m);
        for (String internal : new String[] {"JsonReadFeature", "StreamReadConstraints", "StreamReadFeature", "Feature",
            "REDACTED", "`", "VALUE_", "START_", "END_", "[Source"}) {
            assertFalse(m.contains(internal), internal + " in: " + m);
        }
    }

    /**
     * Random damage (a changed, deleted or inserted character, a cut-and-paste of a span) either
     * still reads or is refused with a C1FormatException: never another exception.
     */
    @Test
    void randomDamageOnlyEverGivesFormatErrors() {
        Random rnd = new Random(seed);
        String alphabet = "0123456789,[]{}\":-.aenul ";
        int refusedCount = 0;
        for (int trial = 0; trial < 300; trial++) {
            StringBuilder d = new StringBuilder(json);
            int at = rnd.nextInt(json.length());
            switch (trial % 4) {
                case 0 -> d.setCharAt(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                case 1 -> d.deleteCharAt(at);
                case 2 -> d.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                default -> {
                    int from = rnd.nextInt(json.length());
                    int len = rnd.nextInt(Math.min(2000, json.length() - from) + 1);
                    d.insert(at, json, from, from + len);
                }
            }
            try {
                C1Reader.read(new ByteArrayInputStream(d.toString().getBytes(StandardCharsets.US_ASCII)), "fuzz.json");
            } catch (C1FormatException e) {
                refusedCount++;
            } catch (Exception e) {
                throw new AssertionError("seed " + seed + ", trial " + trial + ": " + e, e);
            }
        }
        assertTrue(refusedCount > 150, "most random damage is refused: " + refusedCount);
    }
}
