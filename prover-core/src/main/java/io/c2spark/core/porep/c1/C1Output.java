package io.c2spark.core.porep.c1;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A commit-phase-1 output (rust-filecoin-proofs-api src/seal.rs SealCommitPhase1Output): what C2
 * proves. {@code vanillaProofs[k][i]} is challenge {@code i} of partition {@code k}. The five
 * 32-byte values are as serde writes them: {@code commR}, {@code commD} and {@code replicaId} are
 * little-endian Fr encodings; {@code seed} and {@code ticket} are raw randomness.
 */
public record C1Output(RegisteredSealProof registeredProof, VanillaProof[][] vanillaProofs, byte[] commR,
        byte[] commD, byte[] replicaId, byte[] seed, byte[] ticket) {

    public C1Output {
        Objects.requireNonNull(registeredProof, "registeredProof");
        Objects.requireNonNull(vanillaProofs, "vanillaProofs");
        for (byte[] b : new byte[][] {commR, commD, replicaId, seed, ticket}) {
            if (b.length != 32) {
                throw new IllegalArgumentException("C1 commitments, replica_id, seed and ticket are 32 bytes");
            }
        }
    }

    public int partitions() {
        return vanillaProofs.length;
    }

    /** Total challenges over all partitions. */
    public int challenges() {
        int n = 0;
        for (VanillaProof[] partition : vanillaProofs) {
            n += partition.length;
        }
        return n;
    }

    /** Hex of a 32-byte value in file (little-endian) byte order, as Filecoin tools print commitments' bytes. */
    public static String hex(byte[] value) {
        return HexFormat.of().formatHex(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof C1Output c && registeredProof == c.registeredProof
                && Arrays.deepEquals(vanillaProofs, c.vanillaProofs) && Arrays.equals(commR, c.commR)
                && Arrays.equals(commD, c.commD) && Arrays.equals(replicaId, c.replicaId)
                && Arrays.equals(seed, c.seed) && Arrays.equals(ticket, c.ticket);
    }

    @Override
    public int hashCode() {
        return Objects.hash(registeredProof, Arrays.hashCode(commR), Arrays.hashCode(commD),
                Arrays.hashCode(replicaId));
    }

    @Override
    public String toString() {
        return "C1Output[" + registeredProof.serdeName() + ", " + partitions() + " partitions, " + challenges()
                + " challenges, comm_r=" + hex(commR) + "]";
    }
}
