package io.c2spark.core.porep.c1;

import java.io.IOException;

/**
 * A C1 file that is not a well-formed SealCommitPhase1Output. The message names the file, the JSON
 * path of the offending value, the partition and challenge when inside vanilla_proofs, the byte
 * position, and what was expected; the same facts are available one by one.
 */
public final class C1FormatException extends IOException {
    private final String source;
    private final String jsonPath;
    private final int partition;
    private final int challenge;
    private final long byteOffset;
    private final boolean truncated;

    C1FormatException(String source, String jsonPath, int partition, int challenge, long byteOffset,
            boolean truncated, String problem, Throwable cause) {
        super(format(source, jsonPath, partition, challenge, byteOffset, truncated, problem), cause);
        this.source = source;
        this.jsonPath = jsonPath;
        this.partition = partition;
        this.challenge = challenge;
        this.byteOffset = byteOffset;
        this.truncated = truncated;
    }

    private static String format(String source, String jsonPath, int partition, int challenge, long byteOffset,
            boolean truncated, String problem) {
        StringBuilder m = new StringBuilder("C1 file ").append(source).append(": ");
        if (truncated) {
            m.append("truncated at byte ").append(byteOffset).append(", inside ");
        }
        m.append(jsonPath.isEmpty() ? "<root>" : jsonPath);
        if (partition >= 0) {
            m.append(" (partition ").append(partition);
            if (challenge >= 0) {
                m.append(", challenge ").append(challenge);
            }
            m.append(')');
        }
        m.append(": ").append(problem);
        if (!truncated && byteOffset >= 0) {
            m.append(" (at byte ").append(byteOffset).append(')');
        }
        return m.toString();
    }

    /** The file (or stream) name given to the reader. */
    public String source() {
        return source;
    }

    /** JSON path of the offending value, e.g. {@code vanilla_proofs.StackedDrg2KiBV1[0][1].comm_d_proofs}. */
    public String jsonPath() {
        return jsonPath;
    }

    /** Partition index, or -1 outside vanilla_proofs. */
    public int partition() {
        return partition;
    }

    /** Challenge index within the partition, or -1 outside one challenge's proof. */
    public int challenge() {
        return challenge;
    }

    /** Byte offset in the file where the problem was found, or -1 when unknown. */
    public long byteOffset() {
        return byteOffset;
    }

    /** Whether the file ended before the document did. */
    public boolean truncated() {
        return truncated;
    }
}
