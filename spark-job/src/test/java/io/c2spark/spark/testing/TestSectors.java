package io.c2spark.spark.testing;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes test sectors for {@link FieldPowerTestWorkload}: fresh random seeds per run. */
public final class TestSectors {
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestSectors() {
    }

    public static byte[] randomSeed() {
        byte[] seed = new byte[32];
        RANDOM.nextBytes(seed);
        return seed;
    }

    /** A valid test sector; {@code extra} lines (e.g. "corrupt 1") are appended. */
    public static byte[] write(FileSystem fs, Path file, int partitions, int rounds, String... extra) throws IOException {
        byte[] seed = randomSeed();
        StringBuilder sb = new StringBuilder("c2spark-test-sector 1\n")
                .append("partitions ").append(partitions).append('\n')
                .append("seed ").append(HexFormat.of().formatHex(seed)).append('\n')
                .append("rounds ").append(rounds).append('\n');
        for (String e : extra) {
            sb.append(e).append('\n');
        }
        writeRaw(fs, file, sb.toString());
        return seed;
    }

    public static void writeRaw(FileSystem fs, Path file, String text) throws IOException {
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The proof file the job must write for a sector: partition values in order, 32 bytes each. */
    public static byte[] expectedProofFile(byte[] seed, int partitions, int rounds) {
        byte[] out = new byte[partitions * FieldPowerTestWorkload.OUTPUT_BYTES];
        for (int k = 0; k < partitions; k++) {
            BigInteger v = FieldPowerTestWorkload.expected(seed, k, rounds);
            System.arraycopy(FieldPowerTestWorkload.pad(v), 0, out, k * 32, 32);
        }
        return out;
    }
}
