package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The public values of one sector's seal proof, which its partitions' proofs are verified against:
 * the registered proof, the partition count, comm_r, comm_d, replica_id, seed and ticket (from the
 * C1 file). {@link SealVerifier} derives the challenges and each partition's public inputs from
 * them. {@link SealProver} checks each proof against it as it is made; the Spark job's prepare stage
 * hands it to the driver as bytes, and the driver checks the sector's proofs against it.
 *
 * <p>Bytes: registered proof id and partitions (u32 big-endian each), then the five 32-byte values.
 */
public record SealStatement(RegisteredSealProof registeredProof, int partitions, byte[] commR, byte[] commD,
        byte[] replicaId, byte[] seed, byte[] ticket) {
    private static final int BYTES = 8 + 5 * 32;

    public static SealStatement of(C1Output c1) {
        return new SealStatement(c1.registeredProof(), c1.partitions(), c1.commR(), c1.commD(), c1.replicaId(),
                c1.seed(), c1.ticket());
    }

    /** The check of each partition's 192-byte proof against vk, for {@link PartitionPipeline}. */
    public PartitionPipeline.PartitionCheck partitionCheck(VerifyingKey vk) {
        return SealVerifier.partitionCheck(registeredProof, replicaId, commD, commR, seed, vk);
    }

    /**
     * The first partition of sealProof (the partitions' proofs concatenated) that does not decode or
     * does not verify against vk, or -1 when all verify.
     *
     * @throws IllegalArgumentException when the seal proof's length is not the sector size's
     */
    public int firstInvalidPartition(VerifyingKey vk, byte[] sealProof) {
        return SealVerifier.firstInvalidPartition(registeredProof, replicaId, commD, commR, seed, vk, sealProof);
    }

    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.putInt(registeredProof.id()).putInt(partitions);
        for (byte[] v : new byte[][] {commR, commD, replicaId, seed, ticket}) {
            b.put(v);
        }
        return b.array();
    }

    public static SealStatement fromBytes(byte[] bytes) {
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("a PoRep statement is " + BYTES + " bytes, got " + bytes.length);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        RegisteredSealProof proof = RegisteredSealProof.ofId(b.getInt());
        int partitions = b.getInt();
        byte[][] v = new byte[5][32];
        for (byte[] x : v) {
            b.get(x);
        }
        return new SealStatement(proof, partitions, v[0], v[1], v[2], v[3], v[4]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealStatement s && Arrays.equals(toBytes(), s.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "SealStatement[" + registeredProof + ", " + partitions + " partitions, comm_r "
                + C1Output.hex(commR) + "]";
    }
}
