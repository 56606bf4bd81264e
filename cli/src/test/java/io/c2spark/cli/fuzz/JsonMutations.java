package io.c2spark.cli.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Mutations of JSON files (the C1 output and snarkjs's verification key, proof and public
 * signals), made on the parsed tree and written back compactly (a change of layout alone is
 * harmless): a value replaced by one of another type, an edge number, a number not below p or r,
 * deep nesting, a huge array, string or number; a member removed, added, repeated or swapped; text
 * a JSON parser must refuse (comments, NaN, single quotes, a trailing comma, a byte-order mark,
 * invalid UTF-8, trailing data); and mutations that know the file: a 32-byte hash of a C1 file
 * changed in range or out of it, a registered proof or sector size swapped, a point of a snarkjs
 * file replaced by one with a fault, a public signal moved off its value or not below r.
 */
public final class JsonMutations {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] REGISTERED = {"StackedDrg2KiBV1", "StackedDrg2KiBV1_1", "StackedDrg8MiBV1_1",
        "StackedDrg32GiBV1_1", "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep",
        "stackeddrg2kibv1_1", "", "StackedDrg2KiBV1_1 "};

    private JsonMutations() {
    }

    /** A JSON value parsed from file bytes. */
    static JsonNode parse(byte[] file) {
        try {
            return MAPPER.readTree(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] write(JsonNode tree) {
        try {
            return MAPPER.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Mutation any(Kind kind, byte[] file, Random rnd) {
        int pick = rnd.nextInt(20);
        if (pick < 4) {
            return ByteMutations.any(file, rnd);
        }
        JsonNode tree = parse(file);
        if (pick < 8) {
            return text(tree, rnd);
        }
        if (pick < 14) {
            return node(tree, rnd);
        }
        return switch (kind) {
            case C1 -> c1(tree, rnd);
            case PUBLIC_JSON -> publicSignals(tree, rnd);
            default -> point(tree, kind, rnd);
        };
    }

    /** Every node's path from the root, as [parent, key or index] steps ending at the node. */
    private record Place(JsonNode parent, String field, int index, JsonNode node, String path) {
        void replace(JsonNode v) {
            if (parent instanceof ObjectNode o) {
                o.set(field, v);
            } else {
                ((ArrayNode) parent).set(index, v);
            }
        }

        void remove() {
            if (parent instanceof ObjectNode o) {
                o.remove(field);
            } else {
                ((ArrayNode) parent).remove(index);
            }
        }
    }

    private static List<Place> places(JsonNode root) {
        List<Place> out = new ArrayList<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(JsonNode n, String path, List<Place> out) {
        if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path + "." + e.getKey();
                out.add(new Place(n, e.getKey(), -1, e.getValue(), p));
                collect(e.getValue(), p, out);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String p = path + "[" + i + "]";
                out.add(new Place(n, null, i, n.get(i), p));
                collect(n.get(i), p, out);
            }
        }
    }

    private static Place anyPlace(JsonNode root, Random rnd) {
        List<Place> p = places(root);
        return p.get(rnd.nextInt(p.size()));
    }

    private static JsonNode raw(String text) {
        return NODES.rawValueNode(new RawValue(text));
    }

    /** A value of another type, an edge number, a number not below p or r, or something huge or deep. */
    private static Mutation node(JsonNode root, Random rnd) {
        if (!root.isContainerNode() || root.isEmpty()) {
            return new Mutation("the document replaced by []", "[]".getBytes(StandardCharsets.US_ASCII));
        }
        Place at = anyPlace(root, rnd);
        String what;
        switch (rnd.nextInt(12)) {
            case 0: {
                Object[] values = {null, true, 0, -1, 1.5, 256, new BigInteger("1" + "0".repeat(100)), "", "x", "-1",
                    "0x10", "\u0000", "1e3", " 1"};
                Object v = values[rnd.nextInt(values.length)];
                at.replace(MAPPER.valueToTree(v));
                what = "replaced by " + (v instanceof String s ? "\"" + s.replace("\u0000", "\\u0000") + "\"" : v);
                break;
            }
            case 1: {
                BigInteger[] values = {Fp.MODULUS, Fp.MODULUS.add(BigInteger.ONE), Fr.MODULUS, Fr.MODULUS.subtract(BigInteger.ONE),
                    BigInteger.ONE.shiftLeft(256), BigInteger.ONE.shiftLeft(64), BigInteger.ONE.shiftLeft(32)};
                BigInteger v = values[rnd.nextInt(values.length)];
                boolean asString = rnd.nextBoolean();
                at.replace(asString ? NODES.textNode(v.toString()) : NODES.numberNode(v));
                what = "replaced by " + (asString ? "the string " : "the number ") + v;
                break;
            }
            case 2:
                at.replace(rnd.nextBoolean() ? NODES.arrayNode() : NODES.objectNode());
                what = "replaced by an empty container";
                break;
            case 3: {
                int depth = rnd.nextBoolean() ? 1001 + rnd.nextInt(2000) : 100_000 + rnd.nextInt(400_000);
                boolean arrays = rnd.nextBoolean();
                at.replace(raw((arrays ? "[" : "{\"a\":").repeat(depth) + "1" + (arrays ? "]" : "}").repeat(depth)));
                what = "replaced by " + (arrays ? "arrays" : "objects") + " nested " + depth + " deep";
                break;
            }
            case 4: {
                int n = rnd.nextBoolean() ? 1000 + rnd.nextInt(100_000) : 1_000_000 + rnd.nextInt(1_000_000);
                String element = new String[] {"1", "\"1\"", "[]", "0"}[rnd.nextInt(4)];
                StringBuilder s = new StringBuilder(n * (element.length() + 1) + 2).append('[');
                for (int i = 0; i < n; i++) {
                    s.append(i == 0 ? "" : ",").append(element);
                }
                at.replace(raw(s.append(']').toString()));
                what = "replaced by an array of " + n + " x " + element;
                break;
            }
            case 5: {
                // Up to a million characters, or about Jackson's limit of 20 million, either side of it.
                int n = rnd.nextBoolean() ? 10_000 + rnd.nextInt(1_000_000) : 19_000_000 + rnd.nextInt(2_000_000);
                boolean digits = rnd.nextBoolean();
                at.replace(raw(digits ? "1".repeat(n) : "\"" + "7".repeat(n) + "\""));
                what = "replaced by a " + n + "-character " + (digits ? "number" : "string");
                break;
            }
            case 6:
                at.remove();
                what = "removed";
                break;
            case 7:
                if (at.node().isArray() && !at.node().isEmpty()) {
                    ArrayNode a = (ArrayNode) at.node();
                    boolean grow = rnd.nextBoolean();
                    if (grow) {
                        a.add(a.get(rnd.nextInt(a.size())).deepCopy());
                    } else {
                        a.remove(rnd.nextInt(a.size()));
                    }
                    what = grow ? "given one element more (a copy)" : "given one element less";
                } else if (at.node().isObject()) {
                    ((ObjectNode) at.node()).put("unknown_field", 1);
                    what = "given an unknown member";
                } else {
                    at.replace(NODES.arrayNode().add(at.node()));
                    what = "wrapped in an array";
                }
                break;
            case 8: {
                JsonNode parent = at.parent();
                if (parent.size() < 2) {
                    at.remove();
                    what = "removed";
                    break;
                }
                if (parent instanceof ArrayNode a) {
                    int j = (at.index() + 1 + rnd.nextInt(a.size() - 1)) % a.size();
                    JsonNode x = a.get(at.index());
                    a.set(at.index(), a.get(j));
                    a.set(j, x);
                    what = "swapped with element " + j;
                } else {
                    ObjectNode o = (ObjectNode) parent;
                    o.set(at.field(), o.remove(at.field()));
                    what = "moved to the end of its object";
                }
                break;
            }
            case 9: {
                String[] texts = {"NaN", "Infinity", "-0", "1e400", "007", "'x'", "\"\\ud800\"", "\"a\u0001b\"", "\"\\x41\"",
                    "01.5"};
                String t = texts[rnd.nextInt(texts.length)];
                at.replace(raw(t));
                what = "replaced by the text " + t.replace("\u0001", "\\u0001");
                break;
            }
            case 10: {
                if (!at.node().isObject() || at.node().isEmpty()) {
                    at.replace(NODES.nullNode());
                    what = "replaced by null";
                    break;
                }
                // A member written twice: serde and Jackson's tree keep different ones.
                ObjectNode o = (ObjectNode) at.node();
                String key = o.fieldNames().next();
                String json = new String(write(o), StandardCharsets.UTF_8);
                at.replace(raw("{\"" + key + "\":" + new String(write(o.get(key)), StandardCharsets.UTF_8) + ","
                        + json.substring(1)));
                what = "member " + key + " repeated";
                break;
            }
            default:
                at.replace(NODES.nullNode());
                what = "replaced by null";
                break;
        }
        return new Mutation("JSON " + at.path() + " " + what, write(root));
    }

    /** Text around a valid value that a JSON reader must refuse, or a layout change it must accept. */
    private static Mutation text(JsonNode root, Random rnd) {
        byte[] compact = write(root);
        String s = new String(compact, StandardCharsets.UTF_8);
        switch (rnd.nextInt(8)) {
            case 0: {
                byte[] out = new byte[compact.length + 3];
                out[0] = (byte) 0xEF;
                out[1] = (byte) 0xBB;
                out[2] = (byte) 0xBF;
                System.arraycopy(compact, 0, out, 3, compact.length);
                return new Mutation("a UTF-8 byte-order mark before the document", out);
            }
            case 1: {
                String[] tails = {"x", "{}", "[]", ",", "\u0000", "null", "}", s};
                String t = tails[rnd.nextInt(tails.length)];
                return new Mutation("trailing data: " + (t.length() > 8 ? "a second copy of the document" : "'"
                        + t.replace("\u0000", "\\u0000") + "'"), (s + t).getBytes(StandardCharsets.UTF_8));
            }
            case 2: {
                try {
                    return new Mutation("written with indentation (harmless)", MAPPER.writerWithDefaultPrettyPrinter()
                            .writeValueAsBytes(root));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            case 3:
                return insertAt(s, rnd, ',', "/* comment */", "a comment after a comma");
            case 4:
                return insertBefore(s, rnd, "}]", ",", "a trailing comma");
            case 5: {
                int at = randomIndexOf(s, '"', rnd);
                if (at < 0) {
                    return ByteMutations.any(compact, rnd);
                }
                byte[] head = s.substring(0, at + 1).getBytes(StandardCharsets.UTF_8);
                byte[] tail = s.substring(at + 1).getBytes(StandardCharsets.UTF_8);
                byte[] out = new byte[head.length + 2 + tail.length];
                System.arraycopy(head, 0, out, 0, head.length);
                out[head.length] = (byte) 0xC3;
                out[head.length + 1] = (byte) 0x28;
                System.arraycopy(tail, 0, out, head.length + 2, tail.length);
                return new Mutation("invalid UTF-8 inside a string at byte " + head.length, out);
            }
            case 6:
                return new Mutation("whitespace and newlines between every token (harmless)",
                        s.replace(",", " ,\n\t").replace(":", " : ").getBytes(StandardCharsets.UTF_8));
            default:
                return insertAt(s, rnd, ':', "'", "a stray quote after a colon");
        }
    }

    private static int randomIndexOf(String s, char c, Random rnd) {
        List<Integer> at = new ArrayList<>();
        for (int i = s.indexOf(c); i >= 0 && at.size() < 100_000; i = s.indexOf(c, i + 1)) {
            at.add(i);
        }
        return at.isEmpty() ? -1 : at.get(rnd.nextInt(at.size()));
    }

    private static Mutation insertAt(String s, Random rnd, char after, String insert, String what) {
        int at = randomIndexOf(s, after, rnd);
        if (at < 0) {
            return new Mutation(what + " at the end", (s + insert).getBytes(StandardCharsets.UTF_8));
        }
        return new Mutation(what + " at character " + at,
                (s.substring(0, at + 1) + insert + s.substring(at + 1)).getBytes(StandardCharsets.UTF_8));
    }

    private static Mutation insertBefore(String s, Random rnd, String closers, String insert, String what) {
        int at = randomIndexOf(s, closers.charAt(rnd.nextInt(closers.length())), rnd);
        if (at < 0) {
            at = s.length() - 1;
        }
        return new Mutation(what + " at character " + at,
                (s.substring(0, at) + insert + s.substring(at)).getBytes(StandardCharsets.UTF_8));
    }

    /** A C1 file's hashes, registered proof, sector key and numbers. */
    private static Mutation c1(JsonNode root, Random rnd) {
        List<Place> all = places(root);
        List<Place> hashes = new ArrayList<>();
        List<Place> numbers = new ArrayList<>();
        for (Place p : all) {
            if (p.node().isArray() && p.node().size() == 32 && p.node().get(0).isInt()) {
                hashes.add(p);
            } else if (p.node().isNumber() && !(p.parent().isArray() && p.parent().size() == 32)) {
                numbers.add(p);
            }
        }
        ObjectNode o = (ObjectNode) root;
        String what;
        Place at;
        switch (rnd.nextInt(6)) {
            case 0: {
                o.put("registered_proof", REGISTERED[rnd.nextInt(REGISTERED.length)]);
                return new Mutation("C1 registered_proof set to \"" + o.get("registered_proof").asText() + "\"", write(root));
            }
            case 1: {
                ObjectNode vp = (ObjectNode) o.get("vanilla_proofs");
                String key = vp.fieldNames().next();
                String[] keys = {"StackedDrg8MiBV1", "StackedDrg2KiBV1_1", "StackedDrg32GiBV1", "x"};
                String k = keys[rnd.nextInt(keys.length)];
                vp.set(k, vp.remove(key));
                return new Mutation("C1 vanilla_proofs key " + key + " renamed " + k, write(root));
            }
            case 2:
            case 3: {
                // The root's own values (comm_r, comm_d, replica_id, seed, ticket) as often as the rest.
                List<Place> pool = new ArrayList<>();
                if (rnd.nextBoolean()) {
                    for (Place p : hashes) {
                        if (p.parent() == root) {
                            pool.add(p);
                        }
                    }
                }
                at = (pool.isEmpty() ? hashes : pool).get(rnd.nextInt((pool.isEmpty() ? hashes : pool).size()));
                ArrayNode a = (ArrayNode) at.node();
                int i = rnd.nextInt(32);
                switch (rnd.nextInt(5)) {
                    case 0: {
                        int v = (a.get(i).asInt() + 1 + rnd.nextInt(255)) % 256;
                        a.set(i, NODES.numberNode(i == 31 ? v & 0x3F : v));
                        what = "byte " + i + " changed, in range";
                        break;
                    }
                    case 1:
                        a.set(31, NODES.numberNode(0x40 | rnd.nextInt(0xC0)));
                        what = "top byte set at or above 0x40 (not below r)";
                        break;
                    case 2: {
                        Object[] bad = {256, -1, 1.5, "7", null, 1L << 40};
                        Object v = bad[rnd.nextInt(bad.length)];
                        a.set(i, MAPPER.valueToTree(v));
                        what = "byte " + i + " set to " + v;
                        break;
                    }
                    case 3:
                        if (rnd.nextBoolean()) {
                            a.remove(i);
                            what = "given 31 bytes";
                        } else {
                            a.add(7);
                            what = "given 33 bytes";
                        }
                        break;
                    default:
                        at.replace(NODES.textNode("00".repeat(32)));
                        what = "written as a hex string";
                        break;
                }
                return new Mutation("C1 " + at.path() + " " + what, write(root));
            }
            default: {
                if (numbers.isEmpty()) {
                    return node(root, rnd);
                }
                at = numbers.get(rnd.nextInt(numbers.size()));
                long was = at.node().asLong();
                Object[] values = {was + 1, was - 1, -1, 0, 1L << 32, (1L << 32) + was, Long.MAX_VALUE,
                    new BigInteger("18446744073709551616"), 2048, 64, 1.0 * was, String.valueOf(was)};
                Object v = values[rnd.nextInt(values.length)];
                at.replace(MAPPER.valueToTree(v));
                return new Mutation("C1 " + at.path() + " " + was + " set to " + (v instanceof String ? "\"" + v + "\"" : v),
                        write(root));
            }
        }
    }

    /** A point of a snarkjs verification key or proof replaced by one with a fault, or made projective. */
    private static Mutation point(JsonNode root, Kind kind, Random rnd) {
        List<String> names = new ArrayList<>();
        if (kind == Kind.VK_JSON) {
            names.addAll(List.of("vk_alpha_1", "vk_beta_2", "vk_gamma_2", "vk_delta_2"));
            for (int i = 0; i < root.path("IC").size(); i++) {
                names.add("IC[" + i + "]");
            }
        } else {
            names.addAll(List.of("pi_a", "pi_b", "pi_c"));
        }
        String name = names.get(rnd.nextInt(names.size()));
        boolean g2 = name.endsWith("_2") || name.equals("pi_b");
        ObjectNode o = (ObjectNode) root;
        Place at = name.startsWith("IC[")
                ? new Place(o.get("IC"), null, Integer.parseInt(name.substring(3, name.length() - 1)),
                        o.get("IC").get(Integer.parseInt(name.substring(3, name.length() - 1))), "." + name)
                : new Place(o, name, -1, o.get(name), "." + name);
        switch (rnd.nextInt(kind == Kind.VK_JSON ? 5 : 4)) {
            case 0:
            case 1: {
                BadPoints.Fault f = BadPoints.anyFault(rnd);
                at.replace(MAPPER.valueToTree(BadPoints.snarkjsJson(f, g2, rnd)));
                return new Mutation("JSON " + at.path() + " replaced: " + f, write(root));
            }
            case 2: {
                // z = 2 with x and y unchanged: projective coordinates snarkjs never writes.
                if (g2) {
                    ((ArrayNode) at.node().get(2)).set(0, NODES.textNode("2"));
                } else {
                    ((ArrayNode) at.node()).set(2, NODES.textNode("2"));
                }
                return new Mutation("JSON " + at.path() + " z set to 2", write(root));
            }
            case 3: {
                String field = new String[] {"protocol", "curve"}[rnd.nextInt(2)];
                String v = new String[] {"plonk", "bn128", "", "GROTH16"}[rnd.nextInt(4)];
                o.put(field, v);
                return new Mutation("JSON ." + field + " set to \"" + v + "\"", write(root));
            }
            default: {
                int n = root.path("IC").size() - 1;
                Object v = new Object[] {n + 1, n - 1, -1, "x", String.valueOf(n), 1.5, null}[rnd.nextInt(7)];
                o.set("nPublic", MAPPER.valueToTree(v));
                return new Mutation("JSON .nPublic " + n + " set to " + v, write(root));
            }
        }
    }

    /** A public signal moved to another value, not below r, negative, or a signal added or removed. */
    private static Mutation publicSignals(JsonNode root, Random rnd) {
        if (!root.isArray() || root.isEmpty()) {
            return node(root, rnd);
        }
        ArrayNode a = (ArrayNode) root;
        int i = rnd.nextInt(a.size());
        BigInteger was = new BigInteger(a.get(i).asText());
        BigInteger v;
        String what;
        switch (rnd.nextInt(6)) {
            case 0:
                v = was.add(BigInteger.ONE).mod(Fr.MODULUS);
                what = "plus one";
                break;
            case 1:
                v = was.add(Fr.MODULUS);
                what = "plus r (not below r)";
                break;
            case 2:
                v = was.negate();
                what = "negated (a minus sign)";
                break;
            case 3:
                v = Fr.MODULUS.subtract(was).mod(Fr.MODULUS);
                what = "replaced by r minus it";
                break;
            case 4:
                a.add(a.get(i).deepCopy());
                return new Mutation("JSON public signal " + i + " repeated at the end", write(root));
            default:
                a.remove(i);
                return new Mutation("JSON public signal " + i + " removed", write(root));
        }
        a.set(i, NODES.textNode(v.toString()));
        return new Mutation("JSON public signal " + i + " " + what, write(root));
    }
}
