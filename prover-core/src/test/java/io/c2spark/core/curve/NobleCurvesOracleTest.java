package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.testing.NodeOracle;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * G1 and G2 against @noble/curves (oracles/noble-curves.mjs): generator encodings, [k] G for fresh
 * random k in both encodings and both directions, and the same verdict on malformed encodings.
 *
 * <p>Where the two differ by design, only our side is tested (ZcashEncodingTest): noble 1.9.7
 * reduces coordinates mod p instead of rejecting values not below p, and for G1 it ignores the
 * larger-y flag on uncompressed and infinity encodings; the zcash format rejects all of these.
 */
class NobleCurvesOracleTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(\"([^\"]*)\"|true|false)");

    /** Sends the requests (JSON objects) to the oracle; one map of string fields per answer. */
    private static List<Map<String, String>> ask(List<String> requests) {
        String out = NodeOracle.run("noble-curves.mjs", "[" + String.join(",", requests) + "]");
        List<Map<String, String>> answers = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.startsWith("{")) {
                continue;
            }
            Map<String, String> m = new HashMap<>();
            Matcher f = FIELD.matcher(line);
            while (f.find()) {
                m.put(f.group(1), f.group(3) != null ? f.group(3) : f.group(2));
            }
            answers.add(m);
        }
        assertEquals(requests.size(), answers.size(), out);
        return answers;
    }

    private static String parse(CurveGroup g, byte[] enc) {
        return "{\"op\":\"parse\",\"group\":\"" + g + "\",\"hex\":\"" + HEX.formatHex(enc) + "\"}";
    }

    @Test
    void generatorEncodingsAgree() {
        List<Map<String, String>> a = ask(List.of("{\"op\":\"generator\",\"group\":\"G1\"}",
                "{\"op\":\"generator\",\"group\":\"G2\"}"));
        assertEquals(a.get(0).get("compressed"), HEX.formatHex(ZcashEncoding.encodeG1(G1.generator(), 0, true)));
        assertEquals(a.get(0).get("uncompressed"), HEX.formatHex(ZcashEncoding.encodeG1(G1.generator(), 0, false)));
        assertEquals(a.get(1).get("compressed"), HEX.formatHex(ZcashEncoding.encodeG2(G2.generator(), 0, true)));
        assertEquals(a.get(1).get("uncompressed"), HEX.formatHex(ZcashEncoding.encodeG2(G2.generator(), 0, false)));
    }

    @Test
    void randomMultiplesOfTheGeneratorAgreeBothWays() {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        List<CurveGroup> groups = List.of(CurveGroup.G1_GROUP, CurveGroup.G2_GROUP);
        List<BigInteger> ks = new ArrayList<>();
        List<long[]> ours = new ArrayList<>();
        List<String> mulRequests = new ArrayList<>();
        List<String> parseRequests = new ArrayList<>();
        for (CurveGroup g : groups) {
            for (int i = 0; i < 4; i++) {
                BigInteger k = i == 0 ? BigInteger.ZERO : new BigInteger(260, rnd).mod(Fr.MODULUS);
                long[] p = new long[g.jacobianLimbs()];
                g.fromAffine(g.generator(), 0, p, 0);
                g.mulFr(p, 0, Fr.of(k), 0, p, 0);
                long[] a = new long[g.affineLimbs()];
                g.toAffine(p, 0, a, 0);
                ks.add(k);
                ours.add(a);
                mulRequests.add("{\"op\":\"mul\",\"group\":\"" + g + "\",\"k\":\"" + k + "\"}");
                parseRequests.add(parse(g, g.encode(a, 0, true)));
                parseRequests.add(parse(g, g.encode(a, 0, false)));
            }
        }
        List<String> all = new ArrayList<>(mulRequests);
        all.addAll(parseRequests);
        List<Map<String, String>> answers = ask(all);
        for (int i = 0; i < mulRequests.size(); i++) {
            CurveGroup g = groups.get(i / 4);
            String what = g + " [" + ks.get(i) + "]G, seed " + seed;
            Map<String, String> noble = answers.get(i);
            long[] a = ours.get(i);
            assertEquals(noble.get("compressed"), HEX.formatHex(g.encode(a, 0, true)), what);
            assertEquals(noble.get("uncompressed"), HEX.formatHex(g.encode(a, 0, false)), what);
            assertArrayEquals(a, g.decode(HEX.parseHex(noble.get("compressed")), true), what);
            assertArrayEquals(a, g.decode(HEX.parseHex(noble.get("uncompressed")), true), what);
            for (int form = 0; form < 2; form++) {
                Map<String, String> parsed = answers.get(mulRequests.size() + 2 * i + form);
                assertEquals("true", parsed.get("ok"), what + ": " + parsed.get("error"));
                assertEquals(noble.get("compressed"), parsed.get("compressed"), what);
                assertEquals(noble.get("uncompressed"), parsed.get("uncompressed"), what);
            }
        }
    }

    @Test
    void malformedEncodingsGetTheSameVerdict() {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        List<CurveGroup> groups = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<byte[]> cases = new ArrayList<>();
        for (CurveGroup g : List.of(CurveGroup.G1_GROUP, CurveGroup.G2_GROUP)) {
            long[] good = ZcashEncodingTest.randomPoint(g, rnd);
            long[] outside = g.randomCurvePoint(rnd);
            long[] offCurve = good.clone();
            Fp.add(offCurve, g.coordinateLimbs(), Fp.of(1), 0, offCurve, g.coordinateLimbs());
            long[] identity = new long[g.affineLimbs()];
            for (boolean compressed : new boolean[] {true, false}) {
                String form = compressed ? " compressed" : " uncompressed";
                Map<String, byte[]> m = new java.util.LinkedHashMap<>();
                m.put("valid point" + form, g.encode(good, 0, compressed));
                m.put("identity" + form, g.encode(identity, 0, compressed));
                m.put("not in subgroup" + form, g.encode(outside, 0, compressed));
                byte[] flipped = g.encode(good, 0, compressed);
                flipped[0] ^= (byte) 0x80;
                m.put("compression flag flipped" + form, flipped);
                byte[] inf = g.encode(identity, 0, compressed);
                inf[inf.length - 1] = 1;
                m.put("infinity with a non-zero bit" + form, inf);
                byte[] shortened = java.util.Arrays.copyOf(g.encode(good, 0, compressed), (compressed
                        ? g.compressedBytes() : g.uncompressedBytes()) - 1);
                m.put("one byte short" + form, shortened);
                if (!compressed) {
                    m.put("off the curve" + form, g.encode(offCurve, 0, false));
                }
                if (g == CurveGroup.G2_GROUP) {
                    byte[] sortedInf = g.encode(identity, 0, compressed);
                    sortedInf[0] |= 0x20;
                    m.put("infinity with the larger-y flag" + form, sortedInf);
                    if (!compressed) {
                        byte[] sorted = g.encode(good, 0, false);
                        sorted[0] |= 0x20;
                        m.put("larger-y flag on uncompressed", sorted);
                    }
                }
                for (Map.Entry<String, byte[]> e : m.entrySet()) {
                    groups.add(g);
                    names.add(g + " " + e.getKey());
                    cases.add(e.getValue());
                }
            }
            for (int i = 0; i < 2; i++) {
                long[] x = new long[g.affineLimbs()];
                byte[] enc;
                do {
                    for (int j = 0; j < g.coordinateLimbs(); j += Fp.LIMBS) {
                        Fp.random(rnd, x, j);
                    }
                    Fp.setOne(x, g.coordinateLimbs());
                    enc = g.encode(x, 0, true);
                } while (accepts(g, enc, false));
                groups.add(g);
                names.add(g + " x with no curve point " + i);
                cases.add(enc);
            }
        }
        List<String> requests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            requests.add(parse(groups.get(i), cases.get(i)));
        }
        List<Map<String, String>> answers = ask(requests);
        int accepted = 0;
        for (int i = 0; i < cases.size(); i++) {
            boolean ours = accepts(groups.get(i), cases.get(i), true);
            boolean noble = "true".equals(answers.get(i).get("ok"));
            assertEquals(noble, ours, names.get(i) + " (noble: " + answers.get(i).get("error") + "), seed " + seed);
            accepted += ours ? 1 : 0;
        }
        assertEquals(8, accepted, "valid point and identity, two forms, two groups");
        assertTrue(cases.size() > 30);
    }

    private static boolean accepts(CurveGroup g, byte[] enc, boolean checkSubgroup) {
        try {
            g.decode(enc, checkSubgroup);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
