package io.c2spark.core.porep;

/** rfp storage-proofs-core api_version.rs: what changed between versions matters to the graph only. */
public enum ApiVersion {
    /** V1: the immediate predecessor is the last DRG parent. */
    V1_0_0,
    /** V1_1 and later: the immediate predecessor is the first DRG parent. */
    V1_1_0,
    V1_2_0;

    public boolean predecessorFirst() {
        return this != V1_0_0;
    }
}
