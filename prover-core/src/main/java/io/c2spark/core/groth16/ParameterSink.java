package io.c2spark.core.groth16;

import io.c2spark.core.curve.ZcashEncoding;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where Groth16 parameters go as they are made: bellperson's file content in file order, every
 * point already encoded (uncompressed zcash: G1 96 bytes, G2 192). {@link ParameterFileWriter}
 * streams them to the .params and .vk files; {@link HeapParameterSink} decodes them into
 * {@link Parameters} for small circuits and tests.
 *
 * <p>The calls, in this order (the generator checks the order, the counts and every point's flags,
 * and stops a backend that breaks them):
 * <ol>
 * <li>{@link #verifyingKey} once, from {@link ParameterGenerator} itself;
 * <li>for each section IC, H, L, A, B_G1, B_G2 in turn: {@link #begin} with the section's point
 * count, {@link #points} any number of times with exactly that many points in all, then
 * {@link #end}. A section of no points is still begun and ended.
 * </ol>
 * Calls come from one thread at a time, not necessarily always the same one. {@link #points}
 * consumes the buffer's remaining bytes before it returns and keeps no reference to it, so the
 * caller may refill the buffer at once; a direct buffer (pinned host memory, for one) is written
 * to a file without a copy.
 */
public interface ParameterSink {
    /** Bytes of the verifying key's six points: alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2. */
    int VERIFYING_KEY_BYTES = 3 * ZcashEncoding.G1_UNCOMPRESSED + 3 * ZcashEncoding.G2_UNCOMPRESSED;

    /** The verifying key's six points, encoded, in file order ({@link #VERIFYING_KEY_BYTES} bytes). */
    void verifyingKey(byte[] encoded) throws IOException;

    /** Starts a section of count points (its file count, a u32). */
    void begin(ParameterSection section, long count) throws IOException;

    /** The next whole points of the current section: the buffer's position to its limit. */
    void points(ByteBuffer encoded) throws IOException;

    /** Ends the section, after all its points. */
    void end(ParameterSection section) throws IOException;
}
