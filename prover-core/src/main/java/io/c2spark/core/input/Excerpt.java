package io.c2spark.core.input;

/**
 * A value taken from an input file as an error message shows it: on one line (control characters
 * escaped) and bounded, so that a field of megabytes gives a message of one line. A longer value
 * is cut to its first {@link #SHOWN} characters and its length is said.
 */
public final class Excerpt {
    /** Characters of a value a message shows. */
    public static final int SHOWN = 40;

    private Excerpt() {
    }

    /** The value in double quotes, e.g. {@code "abc"} or {@code "abcd..." (1048576 characters)}. */
    public static String quoted(String s) {
        return cut(s, "\"", "\"");
    }

    /** The value as it stands (a number's text, say), e.g. {@code 12345...} (1000 characters). */
    public static String plain(String s) {
        return cut(s, "", "");
    }

    private static String cut(String s, String open, String close) {
        StringBuilder out = new StringBuilder(open);
        int shown = Math.min(s.length(), SHOWN);
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (shown < s.length()) {
            out.append("...").append(close).append(" (").append(s.length()).append(" characters)");
        } else {
            out.append(close);
        }
        return out.toString();
    }
}
