package io.c2spark.core.snarkjs;

import java.util.List;
import java.util.Map;

/**
 * JSON text laid out as snarkjs writes its files (JSON.stringify(value, null, 1): one value per
 * line, one space of indentation per level, no newline at the end), for trees of {@link Map} (keys
 * in their order), {@link List}, {@link String}, {@link Integer} and {@link Long}. The proof files
 * are written this way rather than through Jackson, whose object mapper takes about 0.15 s to start
 * in a fresh JVM: a tenth of a 2^16-constraint proof.
 */
final class JsonText {
    private JsonText() {
    }

    static String of(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value, 0);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value, int depth) {
        if (value instanceof Map<?, ?> map) {
            container(out, '{', '}', map.entrySet(), depth);
        } else if (value instanceof List<?> list) {
            container(out, '[', ']', list, depth);
        } else if (value instanceof String s) {
            quote(out, s);
        } else if (value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else {
            throw new IllegalArgumentException("no JSON form for " + (value == null ? "null" : value.getClass().getName()));
        }
    }

    private static void container(StringBuilder out, char open, char close, Iterable<?> items, int depth) {
        out.append(open);
        boolean first = true;
        for (Object item : items) {
            out.append(first ? "\n" : ",\n");
            first = false;
            out.append(" ".repeat(depth + 1));
            if (item instanceof Map.Entry<?, ?> e) {
                quote(out, String.valueOf(e.getKey()));
                out.append(": ");
                append(out, e.getValue(), depth + 1);
            } else {
                append(out, item, depth + 1);
            }
        }
        if (!first) {
            out.append('\n').append(" ".repeat(depth));
        }
        out.append(close);
    }

    private static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
