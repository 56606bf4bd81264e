package io.c2spark.core.porep.c1;

import io.c2spark.core.input.Excerpt;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What one partition's prove task needs of a C1 file, in a compact binary form: the sector's public
 * values and that partition's vanilla proofs. The prepare stage parses the (JSON, tens of MB) C1
 * once and writes one of these per partition; each prove task then reads only its own.
 *
 * <p>Layout, big-endian ({@link DataOutputStream}): the magic {@code "C2SPART1"}; registered proof
 * id, partition, partitions, challenge count (u32 each); comm_r, comm_d, replica_id, seed, ticket
 * (32 bytes each); then per challenge a vanilla proof: comm_d proof, comm_r_last proof, the column
 * proofs of c_x, the DRG parents and the expander parents (each list with a u32 count), the
 * labeling proofs (u32 count) and the encoding proof. A Merkle proof is its tree shape (four u32),
 * root, leaf, siblings (u32 length + bytes) and indices (u32 count + u32s); a column proof is its
 * index (u64), rows (u32 length + bytes) and Merkle proof; a labeling or encoding proof is its
 * parents (u32 length + bytes), layer index (u32) and node (u64).
 */
public record CompactPartitionInput(RegisteredSealProof registeredProof, int partition, int partitions,
        byte[] commR, byte[] commD, byte[] replicaId, byte[] seed, byte[] ticket, VanillaProof[] challenges) {

    private static final byte[] MAGIC = "C2SPART1".getBytes(StandardCharsets.US_ASCII);
    /** Bounds any length field read back, so a damaged file fails cleanly instead of allocating gigabytes. */
    private static final int MAX_ARRAY = 1 << 26;

    /** Partition {@code k} of a C1 output. */
    public static CompactPartitionInput of(C1Output c1, int k) {
        if (k < 0 || k >= c1.partitions()) {
            throw new IllegalArgumentException("partition " + k + " of " + c1.partitions());
        }
        return new CompactPartitionInput(c1.registeredProof(), k, c1.partitions(), c1.commR(), c1.commD(),
                c1.replicaId(), c1.seed(), c1.ticket(), c1.vanillaProofs()[k]);
    }

    public void write(OutputStream os) throws IOException {
        DataOutputStream out = new DataOutputStream(os);
        out.write(MAGIC);
        out.writeInt(registeredProof.id());
        out.writeInt(partition);
        out.writeInt(partitions);
        out.writeInt(challenges.length);
        for (byte[] b : new byte[][] {commR, commD, replicaId, seed, ticket}) {
            out.write(b);
        }
        for (VanillaProof v : challenges) {
            writeMerkle(out, v.commDProofs());
            writeMerkle(out, v.commRLastProof());
            ReplicaColumnProof rc = v.replicaColumnProofs();
            writeColumn(out, rc.cX());
            out.writeInt(rc.drgParents().length);
            for (ColumnProof c : rc.drgParents()) {
                writeColumn(out, c);
            }
            out.writeInt(rc.expParents().length);
            for (ColumnProof c : rc.expParents()) {
                writeColumn(out, c);
            }
            out.writeInt(v.labelingProofs().length);
            for (LabelingProof l : v.labelingProofs()) {
                writeBytes(out, l.parents());
                out.writeInt(l.layerIndex());
                out.writeLong(l.node());
            }
            writeBytes(out, v.encodingProof().parents());
            out.writeInt(v.encodingProof().layerIndex());
            out.writeLong(v.encodingProof().node());
        }
        out.flush();
    }

    public byte[] toBytes() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try {
            write(b);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return b.toByteArray();
    }

    /**
     * Reads what {@link #write} wrote.
     *
     * @param source names the input in errors
     * @throws IllegalArgumentException a damaged or foreign input, naming {@code source} and the byte offset
     */
    public static CompactPartitionInput read(byte[] bytes, String source) {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        try {
            byte[] magic = take(in, MAGIC.length);
            if (!Arrays.equals(magic, MAGIC)) {
                throw new IllegalArgumentException("not a compact partition input (magic "
                        + Excerpt.quoted(new String(magic, StandardCharsets.ISO_8859_1)) + ")");
            }
            RegisteredSealProof proof = RegisteredSealProof.ofId(in.getInt());
            int partition = in.getInt();
            int partitions = in.getInt();
            int n = count(in);
            byte[][] values = new byte[5][];
            for (int i = 0; i < 5; i++) {
                values[i] = take(in, 32);
            }
            VanillaProof[] challenges = new VanillaProof[n];
            for (int i = 0; i < n; i++) {
                MerkleProof commD = readMerkle(in);
                MerkleProof commRLast = readMerkle(in);
                ColumnProof cX = readColumn(in);
                ColumnProof[] drg = new ColumnProof[count(in)];
                for (int j = 0; j < drg.length; j++) {
                    drg[j] = readColumn(in);
                }
                ColumnProof[] exp = new ColumnProof[count(in)];
                for (int j = 0; j < exp.length; j++) {
                    exp[j] = readColumn(in);
                }
                LabelingProof[] labels = new LabelingProof[count(in)];
                for (int j = 0; j < labels.length; j++) {
                    labels[j] = new LabelingProof(readBytes(in), in.getInt(), in.getLong());
                }
                EncodingProof enc = new EncodingProof(readBytes(in), in.getInt(), in.getLong());
                challenges[i] = new VanillaProof(commD, commRLast, new ReplicaColumnProof(cX, drg, exp), labels, enc);
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes after the last challenge");
            }
            return new CompactPartitionInput(proof, partition, partitions, values[0], values[1], values[2],
                    values[3], values[4], challenges);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException(source + ": compact partition input truncated at byte " + in.position(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": bad compact partition input at byte " + in.position()
                    + ": " + e.getMessage(), e);
        }
    }

    private static void writeMerkle(DataOutputStream out, MerkleProof m) throws IOException {
        TreeShape s = m.shape();
        out.writeInt(s.baseArity());
        out.writeInt(s.baseLevels());
        out.writeInt(s.subArity());
        out.writeInt(s.topArity());
        out.write(m.root());
        out.write(m.leaf());
        writeBytes(out, m.siblings());
        out.writeInt(m.indices().length);
        for (int i : m.indices()) {
            out.writeInt(i);
        }
    }

    private static MerkleProof readMerkle(ByteBuffer in) {
        TreeShape shape = new TreeShape(in.getInt(), in.getInt(), in.getInt(), in.getInt());
        byte[] root = take(in, 32);
        byte[] leaf = take(in, 32);
        byte[] siblings = readBytes(in);
        int[] indices = new int[count(in)];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = in.getInt();
        }
        return new MerkleProof(shape, root, leaf, siblings, indices);
    }

    private static void writeColumn(DataOutputStream out, ColumnProof c) throws IOException {
        out.writeLong(c.index());
        writeBytes(out, c.rows());
        writeMerkle(out, c.inclusionProof());
    }

    private static ColumnProof readColumn(ByteBuffer in) {
        return new ColumnProof(in.getLong(), readBytes(in), readMerkle(in));
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(ByteBuffer in) {
        return take(in, count(in));
    }

    private static int count(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0 || n > MAX_ARRAY || n > in.remaining()) {
            throw new IllegalArgumentException("length " + Integer.toUnsignedString(n) + " exceeds the input");
        }
        return n;
    }

    private static byte[] take(ByteBuffer in, int n) {
        byte[] b = new byte[n];
        in.get(b);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompactPartitionInput c && registeredProof == c.registeredProof && partition == c.partition
                && partitions == c.partitions && Arrays.equals(commR, c.commR) && Arrays.equals(commD, c.commD)
                && Arrays.equals(replicaId, c.replicaId) && Arrays.equals(seed, c.seed)
                && Arrays.equals(ticket, c.ticket) && Arrays.equals(challenges, c.challenges);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * registeredProof.hashCode() + partition) + Arrays.hashCode(commR);
    }

    @Override
    public String toString() {
        return "CompactPartitionInput[" + registeredProof + ", partition " + partition + "/" + partitions + ", "
                + challenges.length + " challenges]";
    }
}
