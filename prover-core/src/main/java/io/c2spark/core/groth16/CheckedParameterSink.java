package io.c2spark.core.groth16;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Passes a backend's calls on to the real sink after checking them against {@link ParameterSink}'s
 * protocol and the circuit: the sections in file order, each begun and ended once, the counts that
 * the circuit fixes (IC: the inputs, H: m - 1, L: the aux variables; A and B at most every
 * variable, B_G2 as many as B_G1), whole points, exactly the announced number, and every point's
 * flag bits clear (uncompressed, not at infinity, no sort flag). A backend that breaks one gets an
 * IllegalStateException naming it and the fault, except for a point at infinity in L, which is
 * bellperson's unconstrained aux variable (IllegalArgumentException).
 */
final class CheckedParameterSink implements ParameterSink {
    private static final int FLAGS = 0xE0;
    private static final int INFINITY = 0x40;

    private final ParameterSink sink;
    private final String backend;
    private final int inputs;
    private final int aux;
    private final long hPoints;
    /** The section begun last, or null before IC. */
    private ParameterSection current;
    private boolean open;
    private long count;
    private long done;
    private long bG1Count = -1;

    CheckedParameterSink(ParameterSink sink, String backend, int inputs, int aux, long hPoints) {
        this.sink = sink;
        this.backend = backend;
        this.inputs = inputs;
        this.aux = aux;
        this.hPoints = hPoints;
    }

    @Override
    public void verifyingKey(byte[] encoded) {
        throw fault("pushed a verifying key; the generator pushes it");
    }

    @Override
    public void begin(ParameterSection section, long count) throws IOException {
        ParameterSection expected = current == null ? ParameterSection.IC
                : current.ordinal() + 1 < ParameterSection.values().length ? ParameterSection.values()[current.ordinal() + 1]
                : null;
        if (open || section != expected) {
            throw fault("began section " + section.label() + (open ? " inside section " + current.label()
                    : expected == null ? " after the last section" : "; the next section is " + expected.label()));
        }
        long max = inputs + (long) aux;
        String wrong = switch (section) {
            case IC -> count == inputs ? null : "the circuit's " + inputs + " inputs";
            case H -> count == hPoints ? null : "m - 1 = " + hPoints;
            case L -> count == aux ? null : "the circuit's " + aux + " aux variables";
            case A, B_G1 -> count >= 0 && count <= max ? null : "at most the circuit's " + max + " variables";
            case B_G2 -> count == bG1Count ? null : "b_g1's " + bG1Count;
        };
        if (wrong != null) {
            throw fault("announced " + count + " points for section " + section.label() + ", not " + wrong);
        }
        if (section == ParameterSection.B_G1) {
            bG1Count = count;
        }
        current = section;
        open = true;
        this.count = count;
        done = 0;
        sink.begin(section, count);
    }

    @Override
    public void points(ByteBuffer encoded) throws IOException {
        if (!open) {
            throw fault("pushed points outside a section");
        }
        int len = current.pointBytes();
        int bytes = encoded.remaining();
        if (bytes % len != 0) {
            throw fault("pushed " + bytes + " bytes to section " + current.label() + ", not whole " + len + "-byte points");
        }
        long n = bytes / len;
        if (done + n > count) {
            throw fault("pushed " + (done + n) + " points to section " + current.label() + " of " + count);
        }
        int at = encoded.position();
        for (long i = 0; i < n; i++) {
            int flags = encoded.get(at + (int) i * len) & FLAGS;
            if (flags != 0) {
                long index = done + i;
                if (flags == INFINITY && current == ParameterSection.L) {
                    throw new IllegalArgumentException(ParameterGenerator.unconstrained(index));
                }
                throw fault("made " + current.label() + "[" + index + "] with flag bits " + Integer.toHexString(flags)
                        + (flags == INFINITY ? " (the point at infinity, which no section may hold)"
                        : " (every point is uncompressed and finite)"));
            }
        }
        sink.points(encoded);
        done += n;
    }

    @Override
    public void end(ParameterSection section) throws IOException {
        if (!open || section != current) {
            throw fault("ended section " + section.label() + " while " + (open ? current.label() + " was open"
                    : "no section was open"));
        }
        if (done != count) {
            throw fault("ended section " + section.label() + " after " + done + " of its " + count + " points");
        }
        open = false;
        sink.end(section);
    }

    /** After the backend returns: every section was made. */
    void finish() {
        if (open || current != ParameterSection.B_G2) {
            throw fault("returned before the end of section " + (current == null ? "ic"
                    : open ? current.label() : ParameterSection.values()[current.ordinal() + 1].label()));
        }
    }

    private IllegalStateException fault(String what) {
        return new IllegalStateException("parameter backend " + backend + " " + what);
    }
}
