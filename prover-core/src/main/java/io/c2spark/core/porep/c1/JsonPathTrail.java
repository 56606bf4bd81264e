package io.c2spark.core.porep.c1;

/**
 * The JSON path of the value being read ({@code a.b[3].c}), kept as one growing string so that
 * descending and returning cost no allocation; only an error turns it into a String.
 */
final class JsonPathTrail {
    private final StringBuilder path = new StringBuilder(256);
    private int[] marks = new int[32];
    private int depth;

    void field(String name) {
        mark();
        if (path.length() > 0) {
            path.append('.');
        }
        path.append(name);
    }

    void index(int i) {
        mark();
        path.append('[').append(i).append(']');
    }

    void pop() {
        path.setLength(marks[--depth]);
    }

    private void mark() {
        if (depth == marks.length) {
            marks = java.util.Arrays.copyOf(marks, depth * 2);
        }
        marks[depth++] = path.length();
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
