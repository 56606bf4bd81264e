package io.c2spark.cli.fuzz;

import java.util.Arrays;
import java.util.Random;

/**
 * Mutations that know nothing of the format: a flipped bit, a byte set to an edge value,
 * truncation, trailing data, a range deleted, duplicated, inserted or overwritten. Positions lean
 * toward the start of the file, where headers, counts and lengths are, half the time.
 */
public final class ByteMutations {
    private ByteMutations() {
    }

    public static Mutation any(byte[] original, Random rnd) {
        byte[] b = original;
        int n = b.length;
        switch (rnd.nextInt(10)) {
            case 0: {
                int at = position(n, rnd);
                int bit = rnd.nextInt(8);
                byte[] out = b.clone();
                out[at] ^= (byte) (1 << bit);
                return new Mutation("byte " + at + ": bit " + bit + " flipped", out);
            }
            case 1: {
                int at = position(n, rnd);
                int v = new int[] {0x00, 0xFF, 0x7F, 0x80, 0x01, rnd.nextInt(256)}[rnd.nextInt(6)];
                byte[] out = b.clone();
                out[at] = (byte) v;
                return new Mutation("byte " + at + " set to 0x" + Integer.toHexString(v), out);
            }
            case 2: {
                int len = rnd.nextInt(4) == 0 ? rnd.nextInt(Math.min(n, 64) + 1) : rnd.nextInt(n);
                return new Mutation("truncated to " + len + " of " + n + " bytes", Arrays.copyOf(b, len));
            }
            case 3: {
                byte[] tail = trailing(b, rnd);
                byte[] out = Arrays.copyOf(b, n + tail.length);
                System.arraycopy(tail, 0, out, n, tail.length);
                return new Mutation(tail.length + " bytes of trailing data", out);
            }
            case 4: {
                int at = position(n, rnd);
                int len = 1 + rnd.nextInt(Math.min(n - at, 1 + rnd.nextInt(200)));
                byte[] out = new byte[n - len];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + len, out, at, n - at - len);
                return new Mutation(len + " bytes deleted at " + at, out);
            }
            case 5: {
                int at = position(n, rnd);
                int len = 1 + rnd.nextInt(Math.min(n - at, 1 + rnd.nextInt(200)));
                byte[] out = new byte[n + len];
                System.arraycopy(b, 0, out, 0, at + len);
                System.arraycopy(b, at, out, at + len, n - at);
                return new Mutation(len + " bytes at " + at + " duplicated", out);
            }
            case 6: {
                int at = position(n, rnd);
                byte[] ins = new byte[1 + rnd.nextInt(16)];
                rnd.nextBytes(ins);
                byte[] out = new byte[n + ins.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(ins, 0, out, at, ins.length);
                System.arraycopy(b, at, out, at + ins.length, n - at);
                return new Mutation(ins.length + " random bytes inserted at " + at, out);
            }
            case 7: {
                int at = position(n, rnd);
                int len = 1 + rnd.nextInt(Math.min(n - at, 1 + rnd.nextInt(64)));
                byte[] out = b.clone();
                int fill = rnd.nextInt(3);
                for (int i = at; i < at + len; i++) {
                    out[i] = fill == 0 ? 0 : fill == 1 ? (byte) 0xFF : (byte) rnd.nextInt(256);
                }
                return new Mutation(len + " bytes at " + at + " overwritten with " + new String[] {"zeros", "0xff",
                    "random bytes"}[fill], out);
            }
            case 8: {
                byte[] out = b.clone();
                int k = 2 + rnd.nextInt(8);
                StringBuilder d = new StringBuilder();
                for (int i = 0; i < k; i++) {
                    int at = rnd.nextInt(n);
                    out[at] = (byte) rnd.nextInt(256);
                    d.append(i == 0 ? "" : ",").append(at);
                }
                return new Mutation(k + " random bytes set at " + d, out);
            }
            default: {
                int len = 1 + rnd.nextInt(Math.max(1, Math.min(n / 2, 256)));
                int x = rnd.nextInt(n - len + 1);
                int y = rnd.nextInt(n - len + 1);
                byte[] out = b.clone();
                System.arraycopy(b, x, out, y, len);
                System.arraycopy(b, y, out, x, len);
                return new Mutation(len + " bytes at " + x + " and " + y + " swapped", out);
            }
        }
    }

    /** A byte position, within the first 256 bytes half the time. */
    static int position(int n, Random rnd) {
        return rnd.nextBoolean() ? rnd.nextInt(Math.min(n, 256)) : rnd.nextInt(n);
    }

    private static byte[] trailing(byte[] b, Random rnd) {
        switch (rnd.nextInt(4)) {
            case 0:
                return new byte[] {'\n'};
            case 1:
                return new byte[1 + rnd.nextInt(64)];
            case 2: {
                byte[] t = new byte[1 + rnd.nextInt(4096)];
                rnd.nextBytes(t);
                return t;
            }
            default: {
                int len = 1 + rnd.nextInt(Math.min(b.length, 1024));
                return Arrays.copyOfRange(b, b.length - len, b.length);
            }
        }
    }
}
