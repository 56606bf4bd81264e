package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.hash.FilecoinSha256;
import io.c2spark.core.poseidon.Poseidon;

/** The node hash of a Merkle tree: the children, 32 bytes each, contiguous, into one 32-byte node. */
public interface NodeHasher {
    void hash(byte[] children, int off, int arity, byte[] dst, int dstOff);

    /** filecoin-hashers Sha256Function: binary only. */
    NodeHasher SHA256 = (children, off, arity, dst, dstOff) -> {
        if (arity != 2) {
            throw new IllegalArgumentException("the SHA-256 tree is binary, got arity " + arity);
        }
        FilecoinSha256.node(children, off, off + 32, dst, dstOff);
    };

    /** filecoin-hashers PoseidonFunction: Poseidon of the node's arity with the Merkle domain tag. */
    NodeHasher POSEIDON = new NodeHasher() {
        private final ThreadLocal<Poseidon[]> byArity =
                ThreadLocal.withInitial(() -> new Poseidon[12]);

        @Override
        public void hash(byte[] children, int off, int arity, byte[] dst, int dstOff) {
            Poseidon[] p = byArity.get();
            if (arity >= p.length || arity < 2) {
                throw new IllegalArgumentException("no Poseidon of arity " + arity);
            }
            if (p[arity] == null) {
                p[arity] = new Poseidon(arity);
            }
            p[arity].hashBytes(children, off, dst, dstOff);
        }
    };
}
