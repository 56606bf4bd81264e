package io.c2spark.spark.porep;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The public values of one sector's seal proof, as the prepare stage hands them to the verifier:
 * the registered proof, the partition count, comm_r, comm_d, replica_id, seed and ticket (from the
 * C1 file). The verifier derives the challenges and each partition's public inputs from them.
 *
 * <p>Bytes: registered proof id and partitions (u32 big-endian each), then the five 32-byte values.
 */
public record PoRepStatement(RegisteredSealProof registeredProof, int partitions, byte[] commR, byte[] commD,
        byte[] replicaId, byte[] seed, byte[] ticket) {
    private static final int BYTES = 8 + 5 * 32;

    public static PoRepStatement of(C1Output c1) {
        return new PoRepStatement(c1.registeredProof(), c1.partitions(), c1.commR(), c1.commD(), c1.replicaId(),
                c1.seed(), c1.ticket());
    }

    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.putInt(registeredProof.id()).putInt(partitions);
        for (byte[] v : new byte[][] {commR, commD, replicaId, seed, ticket}) {
            b.put(v);
        }
        return b.array();
    }

    public static PoRepStatement fromBytes(byte[] bytes) {
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
        return new PoRepStatement(proof, partitions, v[0], v[1], v[2], v[3], v[4]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PoRepStatement s && Arrays.equals(toBytes(), s.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "PoRepStatement[" + registeredProof + ", " + partitions + " partitions, comm_r "
                + C1Output.hex(commR) + "]";
    }
}
