package io.c2spark.core.groth16;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where a prover reads Groth16 parameters from, in bellperson's layout (groth16/params.rs
 * ParameterSource): the verifying key, the number of points of each query and the points
 * themselves, a range at a time, in the form a .params file holds them (bellperson's uncompressed
 * zcash encodings, G1 96 bytes, G2 192). Nothing here hands out a whole query, so that a key of
 * 47 GB (32GiB sectors) never has to be in the Java heap: {@link ParameterFile} reads the ranges
 * from the file, and the GPU decodes and checks them on the device. {@link Parameters}, the heap
 * key of small sizes that the CPU prover works on, is a source too (it encodes its points when
 * read), so that the GPU prover takes either.
 *
 * <p>The queries, none of which holds the identity:
 * <ul>
 * <li>h: tau^i Z(tau) / delta G1 for i = 0 .. m - 2 (m the domain size);
 * <li>l: (beta u_j(tau) + alpha v_j(tau) + w_j(tau)) / delta G1, one per aux variable;
 * <li>a: u_j(tau) G1 for every input, then for the aux variables that appear in A;
 * <li>b_g1, b_g2: v_j(tau) in G1 and G2, for the inputs that appear in B, then the aux variables
 * that appear in B.
 * </ul>
 */
public interface ParameterSource {
    /** The five queries, in file order, each a {@link ParameterSection} of the file. */
    enum Query {
        H(ParameterSection.H), L(ParameterSection.L), A(ParameterSection.A), B_G1(ParameterSection.B_G1),
        B_G2(ParameterSection.B_G2);

        /** The section's name in bellperson's file and in messages. */
        public final String section;
        /** Whether its points are in G2. */
        public final boolean g2;
        private final int encodedBytes;

        Query(ParameterSection s) {
            this.section = s.label();
            this.g2 = s.isG2();
            this.encodedBytes = s.pointBytes();
        }

        /** Bytes of one point's uncompressed encoding: 96 in G1, 192 in G2. */
        public int encodedBytes() {
            return encodedBytes;
        }
    }

    /** Where the parameters come from, for messages: a file's path, or what they are. */
    String origin();

    VerifyingKey vk();

    /** Points of the query. */
    int count(Query q);

    /**
     * Puts the uncompressed encodings of points first .. first + n - 1 of the query into dst at
     * its position, which advances by n * q.encodedBytes(). Safe to call from several threads at
     * once (each with its own buffer). A range outside the query is an IndexOutOfBoundsException,
     * a buffer without room for it an IllegalArgumentException.
     */
    void read(Query q, long first, int n, ByteBuffer dst) throws IOException;

    /** Checks that [first, first + n) lies in the query and that dst has room for it; for implementations. */
    static void checkRead(ParameterSource source, Query q, long first, int n, ByteBuffer dst) {
        int count = source.count(q);
        if (first < 0 || n < 0 || first > count - (long) n) {
            throw new IndexOutOfBoundsException("points " + first + " .. " + (first + n - 1) + " of section " + q.section
                    + ", which holds " + count + " (" + source.origin() + ")");
        }
        if (dst.remaining() < (long) n * q.encodedBytes()) {
            throw new IllegalArgumentException(n + " points of section " + q.section + " take " + (long) n * q.encodedBytes()
                    + " bytes, the buffer has room for " + dst.remaining());
        }
    }
}
