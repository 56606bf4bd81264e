package io.c2spark.core.porep.vanilla.proof;

/** A vanilla proof that does not verify, naming where: partition, challenge index and field. */
public final class VanillaProofException extends Exception {
    private final int partition;
    private final int challengeIndex;
    private final String field;

    public VanillaProofException(int partition, int challengeIndex, String field, String problem) {
        super("vanilla proof invalid at partition " + partition
                + (challengeIndex >= 0 ? ", challenge " + challengeIndex : "") + ", field " + field + ": " + problem);
        this.partition = partition;
        this.challengeIndex = challengeIndex;
        this.field = field;
    }

    public int partition() {
        return partition;
    }

    public int challengeIndex() {
        return challengeIndex;
    }

    public String field() {
        return field;
    }
}
