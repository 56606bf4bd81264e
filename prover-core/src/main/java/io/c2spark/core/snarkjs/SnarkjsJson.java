package io.c2spark.core.snarkjs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.input.Excerpt;
import io.c2spark.core.input.JsonProblems;
import io.c2spark.core.pairing.Pairing;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * snarkjs's Groth16 JSON files: verification_key.json, proof.json and public.json. Numbers are
 * decimal strings; points are written as ffjavascript's toObject writes them: G1 [x, y, "1"], G2
 * [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]], the identity with z = 0 (["0", "1", "0"] and
 * [["0", "0"], ["1", "0"], ["0", "0"]]). Reading accepts z = 1 or the identity only (snarkjs writes
 * affine points), and points on the curve and in the order-r subgroup only; a bad value is an
 * error naming the file and the field, in one bounded line. The files are written as
 * snarkjs writes them ({@link JsonText}) from trees of maps, lists and strings, and read with
 * Jackson.
 */
public final class SnarkjsJson {
    public static final String CURVE = "bls12381";

    private SnarkjsJson() {
    }

    /**
     * verification_key.json, with e(alpha, beta) as snarkjs writes it (its verifier does not read
     * it): Fp12 in tower order as nested arrays [[c0.c0, c0.c1, c0.c2], [c1.c0, c1.c1, c1.c2]] of
     * Fp2 pairs.
     */
    public static Map<String, Object> verificationKey(VerifyingKey vk) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("protocol", "groth16");
        o.put("curve", CURVE);
        o.put("nPublic", vk.numPublic());
        o.put("vk_alpha_1", g1(vk.alpha1(), 0));
        o.put("vk_beta_2", g2(vk.beta2(), 0));
        o.put("vk_gamma_2", g2(vk.gamma2(), 0));
        o.put("vk_delta_2", g2(vk.delta2(), 0));
        o.put("vk_alphabeta_12", fp12(Pairing.pairing(vk.alpha1(), 0, vk.beta2(), 0)));
        List<Object> ic = new ArrayList<>();
        for (int i = 0; i <= vk.numPublic(); i++) {
            ic.add(g1(vk.ic(), i * VerifyingKey.G1_LONGS));
        }
        o.put("IC", ic);
        return o;
    }

    public static Map<String, Object> proof(Proof p) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("pi_a", g1(p.a(), 0));
        o.put("pi_b", g2(p.b(), 0));
        o.put("pi_c", g1(p.c(), 0));
        o.put("protocol", "groth16");
        o.put("curve", CURVE);
        return o;
    }

    /** public.json: the public inputs after ONE, Fr Montgomery, 4 limbs each. */
    public static List<Object> publicSignals(long[] values) {
        List<Object> a = new ArrayList<>();
        for (int i = 0; i < values.length / Fr.LIMBS; i++) {
            a.add(Fr.toBigInteger(values, i * Fr.LIMBS).toString());
        }
        return a;
    }

    /** Writes a tree of this class's builders as snarkjs does, through a temporary file and a rename. */
    public static void write(Path path, Object tree) throws IOException {
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        Files.writeString(tmp, JsonText.of(tree));
        Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The file's one JSON value; anything after it (as JSON.parse, which snarkjs uses) is refused. */
    public static JsonNode parse(Path path) throws IOException {
        try (JsonParser p = Mapper.INSTANCE.createParser(path.toFile())) {
            JsonNode tree;
            try {
                tree = Mapper.INSTANCE.readTree(p);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(path + ": not valid JSON: " + JsonProblems.describe(e), e);
            }
            if (tree == null || tree.isMissingNode()) {
                throw new IllegalArgumentException(path + ": holds no JSON value");
            }
            boolean trailing;
            try {
                trailing = p.nextToken() != null;
            } catch (JsonProcessingException e) {
                trailing = true;
            }
            if (trailing) {
                throw new IllegalArgumentException(path + ": trailing data after the JSON value");
            }
            return tree;
        }
    }

    public static VerifyingKey readVerificationKey(Path path) throws IOException {
        JsonNode o = parse(path);
        Reader r = new Reader(path);
        r.expectText(o, "protocol", "groth16");
        r.expectText(o, "curve", CURVE);
        JsonNode ic = r.field(o, "IC");
        if (!ic.isArray() || ic.isEmpty()) {
            throw r.error("IC", "is not a non-empty array");
        }
        long[] icPoints = new long[ic.size() * VerifyingKey.G1_LONGS];
        for (int i = 0; i < ic.size(); i++) {
            r.g1(ic.get(i), "IC[" + i + "]", icPoints, i * VerifyingKey.G1_LONGS);
        }
        JsonNode n = o.get("nPublic");
        if (n != null) {
            int count = n.canConvertToInt() ? n.asInt()
                    : n.isTextual() && n.asText().matches("[0-9]{1,9}") ? Integer.parseInt(n.asText()) : -1;
            if (count < 0) {
                throw r.error("nPublic", "is not a count");
            }
            if (count != ic.size() - 1) {
                throw r.error("nPublic", "is " + count + " but IC holds " + ic.size() + " points");
            }
        }
        long[] alpha = new long[VerifyingKey.G1_LONGS];
        r.g1(r.field(o, "vk_alpha_1"), "vk_alpha_1", alpha, 0);
        return new VerifyingKey(alpha, null, r.g2(o, "vk_beta_2"), r.g2(o, "vk_gamma_2"), null, r.g2(o, "vk_delta_2"), icPoints);
    }

    public static Proof readProof(Path path) throws IOException {
        JsonNode o = parse(path);
        Reader r = new Reader(path);
        if (o.has("protocol")) {
            r.expectText(o, "protocol", "groth16");
        }
        if (o.has("curve")) {
            r.expectText(o, "curve", CURVE);
        }
        long[] a = new long[VerifyingKey.G1_LONGS];
        long[] c = new long[VerifyingKey.G1_LONGS];
        r.g1(r.field(o, "pi_a"), "pi_a", a, 0);
        r.g1(r.field(o, "pi_c"), "pi_c", c, 0);
        return new Proof(a, r.g2(o, "pi_b"), c);
    }

    /** public.json as Fr Montgomery values, 4 limbs each. */
    public static long[] readPublicSignals(Path path) throws IOException {
        JsonNode a = parse(path);
        Reader r = new Reader(path);
        if (!a.isArray()) {
            throw r.error("(top level)", "is not an array");
        }
        long[] out = new long[a.size() * Fr.LIMBS];
        for (int i = 0; i < a.size(); i++) {
            Fr.FIELD.fromBigInteger(r.below(a.get(i), "[" + i + "]", Fr.MODULUS, "r"), out, i * Fr.LIMBS);
        }
        return out;
    }

    private static String fp(long[] a, int off) {
        return Fp.toBigInteger(a, off).toString();
    }

    private static boolean isZero(long[] a, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (a[off + i] != 0) {
                return false;
            }
        }
        return true;
    }

    static List<Object> g1(long[] p, int off) {
        if (isZero(p, off, VerifyingKey.G1_LONGS)) {
            return List.of("0", "1", "0");
        }
        return List.of(fp(p, off), fp(p, off + Fp.LIMBS), "1");
    }

    static List<Object> g2(long[] p, int off) {
        if (isZero(p, off, VerifyingKey.G2_LONGS)) {
            return List.of(List.of("0", "0"), List.of("1", "0"), List.of("0", "0"));
        }
        return List.of(List.of(fp(p, off), fp(p, off + Fp.LIMBS)),
                List.of(fp(p, off + 2 * Fp.LIMBS), fp(p, off + 3 * Fp.LIMBS)), List.of("1", "0"));
    }

    private static List<Object> fp12(long[] f) {
        List<Object> n = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            List<Object> c6 = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                int off = (6 * i + 2 * j) * Fp.LIMBS;
                c6.add(List.of(fp(f, off), fp(f, off + Fp.LIMBS)));
            }
            n.add(c6);
        }
        return n;
    }

    /** Jackson's object mapper, started only by a read: writing a proof does without it. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = new ObjectMapper();
    }

    /** Field access with errors that name the file and the field. */
    private record Reader(Path path) {
        IllegalArgumentException error(String field, String problem) {
            return new IllegalArgumentException(path + ": " + field + " " + problem);
        }

        JsonNode field(JsonNode o, String name) {
            JsonNode n = o.get(name);
            if (n == null) {
                throw error(name, "is missing");
            }
            return n;
        }

        void expectText(JsonNode o, String name, String want) {
            String got = field(o, name).asText();
            if (!got.equals(want)) {
                throw error(name, "is " + Excerpt.quoted(got) + ", expected \"" + want + "\"");
            }
        }

        /**
         * A decimal number below modulus (named in errors). Its digits are counted before any
         * arithmetic: a megabyte of digits is refused at once rather than converted.
         */
        BigInteger below(JsonNode n, String field, BigInteger modulus, String name) {
            if (n == null || !(n.isTextual() || n.isIntegralNumber())) {
                throw error(field, "is not a decimal number");
            }
            String text = n.asText();
            boolean negative = text.startsWith("-");
            if (text.length() == (negative ? 1 : 0) || !text.chars().skip(negative ? 1 : 0).allMatch(Reader::isDigit)) {
                throw error(field, "is not a decimal number: " + Excerpt.quoted(text));
            }
            if (negative) {
                throw error(field, "is negative");
            }
            if (text.length() > modulus.toString().length()) {
                throw error(field, "is not below " + name + ": " + Excerpt.plain(text));
            }
            BigInteger v = new BigInteger(text);
            if (v.compareTo(modulus) >= 0) {
                throw error(field, "is not below " + name);
            }
            return v;
        }

        private static boolean isDigit(int c) {
            return c >= '0' && c <= '9';
        }

        void fp(JsonNode n, String field, long[] out, int off) {
            Fp.FIELD.fromBigInteger(below(n, field, Fp.MODULUS, "p"), out, off);
        }

        /** A point read must be on its curve and in the order-r subgroup. */
        void checkPoint(long[] p, int off, boolean g2, String field) {
            if (!(g2 ? G2.LAW.isOnCurveAffine(p, off) : G1.LAW.isOnCurveAffine(p, off))) {
                throw error(field, "is not on the curve");
            }
            if (!(g2 ? G2.isInSubgroup(p, off) : G1.isInSubgroup(p, off))) {
                throw error(field, "is not in the prime-order subgroup");
            }
        }

        /** Reads a G1 [x, y, z] with z 1 (affine) or 0 (identity). */
        void g1(JsonNode n, String field, long[] out, int off) {
            if (!n.isArray() || n.size() != 3) {
                throw error(field, "is not a G1 point [x, y, z]");
            }
            BigInteger z = below(n.get(2), field + "[2]", Fp.MODULUS, "p");
            if (z.signum() == 0) {
                Arrays.fill(out, off, off + VerifyingKey.G1_LONGS, 0L);
                return;
            }
            if (!z.equals(BigInteger.ONE)) {
                throw error(field, "is not affine (z is " + z + ")");
            }
            fp(n.get(0), field + "[0]", out, off);
            fp(n.get(1), field + "[1]", out, off + Fp.LIMBS);
            checkPoint(out, off, false, field);
        }

        /** Reads a G2 [[x0, x1], [y0, y1], [z0, z1]] with z 1 or 0. */
        long[] g2(JsonNode o, String field) {
            JsonNode n = field(o, field);
            long[] out = new long[VerifyingKey.G2_LONGS];
            if (!n.isArray() || n.size() != 3) {
                throw error(field, "is not a G2 point [[x0, x1], [y0, y1], [z0, z1]]");
            }
            for (int k = 0; k < 3; k++) {
                if (!n.get(k).isArray() || n.get(k).size() != 2) {
                    throw error(field + "[" + k + "]", "is not an Fp2 pair");
                }
            }
            BigInteger z0 = below(n.get(2).get(0), field + "[2][0]", Fp.MODULUS, "p");
            BigInteger z1 = below(n.get(2).get(1), field + "[2][1]", Fp.MODULUS, "p");
            if (z0.signum() == 0 && z1.signum() == 0) {
                return out;
            }
            if (!z0.equals(BigInteger.ONE) || z1.signum() != 0) {
                throw error(field, "is not affine (z is [" + z0 + ", " + z1 + "])");
            }
            for (int k = 0; k < 2; k++) {
                for (int j = 0; j < 2; j++) {
                    fp(n.get(k).get(j), field + "[" + k + "][" + j + "]", out, (2 * k + j) * Fp.LIMBS);
                }
            }
            checkPoint(out, 0, true, field);
            return out;
        }
    }
}
