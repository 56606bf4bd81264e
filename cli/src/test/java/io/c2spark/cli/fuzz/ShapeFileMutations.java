package io.c2spark.cli.fuzz;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.zip.CRC32C;

/**
 * Mutations of c2spark's .shape files (format in ShapeFiles): a header count, a row start, a
 * variable, a coefficient index, a table entry or a bitmap changed, the circuit's name changed.
 * The file ends in a CRC-32C of everything before it, which alone would refuse nearly every
 * mutation: three times in four the checksum is computed again, so that the checks behind it are
 * reached too.
 */
public final class ShapeFileMutations {
    private static final String[] HEADER = {"format version", "circuit name length", "inputs", "aux variables",
        "constraints", "coefficients", "non-zeros of A", "non-zeros of B", "non-zeros of C"};

    private ShapeFileMutations() {
    }

    /** Where the parts of an untouched shape file are. */
    private record Layout(int nameLength, int inputs, int aux, int constraints, int coefficients, int[] nonZeros,
            int[] matrixAt, int tableAt, int bitmapsAt) {
        static Layout of(byte[] f) {
            ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
            int nameLength = b.getInt(12);
            int h = 16 + nameLength;
            int inputs = b.getInt(h);
            int aux = b.getInt(h + 4);
            int constraints = b.getInt(h + 8);
            int coefficients = b.getInt(h + 12);
            int[] nnz = {b.getInt(h + 16), b.getInt(h + 20), b.getInt(h + 24)};
            int at = h + 28;
            int[] matrixAt = new int[3];
            for (int k = 0; k < 3; k++) {
                matrixAt[k] = at;
                at += 4 * (constraints + 1) + 8 * nnz[k];
            }
            return new Layout(nameLength, inputs, aux, constraints, coefficients, nnz, matrixAt, at,
                    at + 32 * coefficients);
        }

        int header(int field) {
            return field < 2 ? 8 + 4 * field : 16 + nameLength + 4 * (field - 2);
        }
    }

    public static Mutation any(byte[] file, Random rnd) {
        Mutation m = structural(file, rnd);
        if (rnd.nextInt(4) == 0) {
            return m;
        }
        byte[] out = m.bytes();
        if (out.length < 8) {
            return m;
        }
        CRC32C crc = new CRC32C();
        crc.update(out, 0, out.length - 8);
        ByteBuffer.wrap(out, out.length - 8, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(crc.getValue());
        return new Mutation(m.description() + "; checksum computed again", out);
    }

    private static Mutation structural(byte[] file, Random rnd) {
        Layout l = Layout.of(file);
        byte[] out = file.clone();
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        String[] m = {"A", "B", "C"};
        switch (rnd.nextInt(9)) {
            case 0: {
                int field = rnd.nextInt(HEADER.length);
                int at = l.header(field);
                int was = b.getInt(at);
                int v = edge(was, rnd);
                b.putInt(at, v);
                return new Mutation("header " + HEADER[field] + " " + was + " set to " + Integer.toUnsignedString(v), out);
            }
            case 1: {
                int k = rnd.nextInt(3);
                int r = rnd.nextInt(l.constraints() + 1);
                int at = l.matrixAt()[k] + 4 * r;
                int was = b.getInt(at);
                int v = edge(was, rnd);
                b.putInt(at, v);
                return new Mutation(m[k] + " row start " + r + " " + was + " set to " + v, out);
            }
            case 2: {
                int k = rnd.nextInt(3);
                if (l.nonZeros()[k] == 0) {
                    return ByteMutations.any(file, rnd);
                }
                int p = rnd.nextInt(l.nonZeros()[k]);
                int at = l.matrixAt()[k] + 4 * (l.constraints() + 1) + 4 * p;
                int v = new int[] {l.aux(), -1 - l.inputs(), Integer.MAX_VALUE, Integer.MIN_VALUE, rnd.nextInt(l.aux()),
                    -1 - rnd.nextInt(l.inputs())}[rnd.nextInt(6)];
                b.putInt(at, v);
                return new Mutation(m[k] + " variable of term " + p + " set to " + v, out);
            }
            case 3: {
                int k = rnd.nextInt(3);
                if (l.nonZeros()[k] == 0) {
                    return ByteMutations.any(file, rnd);
                }
                int p = rnd.nextInt(l.nonZeros()[k]);
                int at = l.matrixAt()[k] + 4 * (l.constraints() + 1) + 4 * l.nonZeros()[k] + 4 * p;
                int v = new int[] {l.coefficients(), -1, Integer.MAX_VALUE, rnd.nextInt(l.coefficients())}[rnd.nextInt(4)];
                b.putInt(at, v);
                return new Mutation(m[k] + " coefficient index of term " + p + " set to " + v, out);
            }
            case 4: {
                int i = rnd.nextInt(l.coefficients());
                BigInteger v = switch (rnd.nextInt(3)) {
                    case 0 -> BadPoints.notBelowR(rnd);
                    case 1 -> BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
                    default -> new BigInteger(250, rnd);
                };
                System.arraycopy(BigIntegers.fixedLE(v, 32), 0, out, l.tableAt() + 32 * i, 32);
                return new Mutation("coefficient table entry " + i + " set to " + (v.bitLength() > 254 ? v
                        : "another value below r"), out);
            }
            case 5: {
                int k = rnd.nextInt(5);
                int at = bitmapAt(l, b, k);
                int was = b.getInt(at);
                int v = edge(was, rnd);
                b.putInt(at, v);
                return new Mutation("bitmap " + k + " length " + was + " set to " + Integer.toUnsignedString(v), out);
            }
            case 6: {
                int k = rnd.nextInt(5);
                int at = bitmapAt(l, b, k);
                int words = b.getInt(at);
                if (words == 0) {
                    return ByteMutations.any(file, rnd);
                }
                int w = rnd.nextInt(words);
                long bit = 1L << rnd.nextInt(64);
                b.putLong(at + 4 + 8 * w, b.getLong(at + 4 + 8 * w) ^ bit);
                return new Mutation("bitmap " + k + " word " + w + ": bit " + Long.numberOfTrailingZeros(bit) + " flipped",
                        out);
            }
            case 7: {
                int at = 16 + rnd.nextInt(l.nameLength());
                out[at] = (byte) (rnd.nextBoolean() ? 0xC3 : out[at] ^ 0x20);
                return new Mutation("circuit name byte " + (at - 16) + " changed", out);
            }
            default:
                return ByteMutations.any(file, rnd);
        }
    }

    /** Where bitmap k's word count is. */
    private static int bitmapAt(Layout l, ByteBuffer b, int k) {
        int at = l.bitmapsAt();
        for (int i = 0; i < k; i++) {
            at += 4 + 8 * b.getInt(at);
        }
        return at;
    }

    /** An edge value for a count or index whose value was was. */
    static int edge(int was, Random rnd) {
        return new int[] {was + 1, was - 1, 0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 2 * was, 1 << 30,
            rnd.nextInt()}[rnd.nextInt(9)];
    }
}
