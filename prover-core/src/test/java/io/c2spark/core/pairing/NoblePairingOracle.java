package io.c2spark.core.pairing;

import io.c2spark.core.field.Fp;
import io.c2spark.core.testing.NodeOracle;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * oracles/noble-pairing.mjs from Java: multiples [a]G1, [b]G2 of the generators in our affine
 * layout and @noble/curves' pairing values as Fp12 arrays. One node process per call.
 */
final class NoblePairingOracle {
    /** [a]G1 (12 longs), [b]G2 (24 longs) and noble's e([a]G1, [b]G2) (72 longs). */
    record Case(BigInteger a, BigInteger b, long[] g1, long[] g2, long[] gt) {
    }

    record Result(List<Case> cases, List<long[]> batches) {
    }

    private static final Pattern ARRAY = Pattern.compile("\"(g1|g2|gt)\":\\[([^\\]]*)\\]");

    private NoblePairingOracle() {
    }

    /** Runs the oracle on scalar pairs (a_i, b_i) and on batches of such pairs. */
    static Result run(List<BigInteger[]> cases, List<List<BigInteger[]>> batches) {
        StringBuilder in = new StringBuilder("{\"cases\":[");
        appendPairs(in, cases);
        in.append("],\"batches\":[");
        for (int i = 0; i < batches.size(); i++) {
            in.append(i == 0 ? "[" : ",[");
            appendPairs(in, batches.get(i));
            in.append(']');
        }
        in.append("]}");
        String out = NodeOracle.run("noble-pairing.mjs", in.toString());

        List<long[]> arrays = new ArrayList<>();
        Matcher m = ARRAY.matcher(out);
        while (m.find()) {
            arrays.add(field(m.group(2)));
        }
        int expected = 3 * cases.size() + batches.size();
        if (arrays.size() != expected) {
            throw new IllegalStateException("noble-pairing.mjs gave " + arrays.size() + " arrays, expected "
                    + expected + ": " + out);
        }
        List<Case> parsed = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            parsed.add(new Case(cases.get(i)[0], cases.get(i)[1], arrays.get(3 * i), arrays.get(3 * i + 1),
                    arrays.get(3 * i + 2)));
        }
        return new Result(parsed, arrays.subList(3 * cases.size(), arrays.size()));
    }

    private static void appendPairs(StringBuilder in, List<BigInteger[]> pairs) {
        for (int i = 0; i < pairs.size(); i++) {
            in.append(i == 0 ? "" : ",").append("{\"a\":\"").append(pairs.get(i)[0]).append("\",\"b\":\"")
                    .append(pairs.get(i)[1]).append("\"}");
        }
    }

    /** Quoted hex Fp values, in order, as consecutive Montgomery elements. */
    private static long[] field(String list) {
        String[] items = list.split(",");
        long[] r = new long[items.length * Fp.LIMBS];
        for (int i = 0; i < items.length; i++) {
            String hex = items[i].trim().replace("\"", "");
            Fp.FIELD.fromBigInteger(new BigInteger(hex, 16), r, i * Fp.LIMBS);
        }
        return r;
    }
}
