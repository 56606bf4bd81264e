package io.c2spark.cli.fuzz;

import io.c2spark.core.curve.ZcashEncoding;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Mutations of bellperson's files, which hold zcash point encodings: .params and .vk (uncompressed
 * points; the verifying key's six points, then sections of a u32 big-endian count and its points)
 * and 192-byte proofs (A, B, C compressed). A point is replaced by one with a fault (another valid
 * point, one outside the subgroup, off the curve, at infinity, x not below p), its flag bits are
 * changed, a count is set to an edge value with or without the points to match, points are swapped.
 */
public final class ZcashFileMutations {
    private static final int G1U = ZcashEncoding.G1_UNCOMPRESSED;
    private static final int G2U = ZcashEncoding.G2_UNCOMPRESSED;
    private static final String[] VK_POINTS = {"alpha_g1", "beta_g1", "beta_g2", "gamma_g2", "delta_g1", "delta_g2"};
    private static final boolean[] VK_G2 = {false, false, true, true, false, true};

    /** One section: its name, where its count is, the count, and whether it holds G2 points. */
    record Section(String name, int countAt, int count, boolean g2) {
        int pointAt(int i) {
            return countAt + 4 + i * (g2 ? G2U : G1U);
        }

        int end() {
            return pointAt(count);
        }
    }

    private ZcashFileMutations() {
    }

    /** The sections of an untouched .vk (ic) or .params (ic, h, l, a, b_g1, b_g2) file. */
    static List<Section> sections(byte[] file, boolean params) {
        List<Section> s = new ArrayList<>();
        int at = 3 * G1U + 3 * G2U;
        String[] names = params ? new String[] {"ic", "h", "l", "a", "b_g1", "b_g2"} : new String[] {"ic"};
        for (String name : names) {
            int n = ByteBuffer.wrap(file, at, 4).getInt();
            Section sec = new Section(name, at, n, name.equals("b_g2"));
            s.add(sec);
            at = sec.end();
        }
        return s;
    }

    /** A mutation of an untouched .vk (params false) or .params file. */
    public static Mutation keyFile(byte[] file, boolean params, Random rnd) {
        if (rnd.nextInt(3) == 0) {
            return ByteMutations.any(file, rnd);
        }
        List<Section> sections = sections(file, params);
        switch (rnd.nextInt(6)) {
            case 0:
            case 1: {
                // A point replaced: one of the key's six, or one of a section's.
                String name;
                int at;
                boolean g2;
                if (rnd.nextInt(3) == 0) {
                    int k = rnd.nextInt(6);
                    name = VK_POINTS[k];
                    g2 = VK_G2[k];
                    at = vkPointAt(k);
                } else {
                    Section s = nonEmpty(sections, rnd);
                    int i = rnd.nextInt(s.count());
                    name = s.name() + " point " + i;
                    g2 = s.g2();
                    at = s.pointAt(i);
                }
                BadPoints.Fault f = BadPoints.anyFault(rnd);
                byte[] enc = BadPoints.zcash(f, g2, false, rnd);
                byte[] out = file.clone();
                System.arraycopy(enc, 0, out, at, enc.length);
                return new Mutation(name + " replaced: " + f, out);
            }
            case 2: {
                Section s = nonEmpty(sections, rnd);
                int i = rnd.nextInt(s.count());
                int flag = new int[] {0x80, 0x40, 0x20, 0xE0}[rnd.nextInt(4)];
                byte[] out = file.clone();
                out[s.pointAt(i)] |= (byte) flag;
                return new Mutation(s.name() + " point " + i + ": flag bits 0x" + Integer.toHexString(flag) + " set", out);
            }
            case 3: {
                Section s = sections.get(rnd.nextInt(sections.size()));
                int n = s.count();
                long v = new long[] {n + 1L, n - 1L, 0, 0xFFFFFFFFL, 0x7FFFFFFFL, 0x80000000L, 2L * n,
                    rnd.nextInt() & 0xFFFFFFFFL}[rnd.nextInt(8)] & 0xFFFFFFFFL;
                byte[] out = file.clone();
                ByteBuffer.wrap(out, s.countAt(), 4).putInt((int) v);
                return new Mutation("section " + s.name() + ": count " + n + " set to " + v + ", points as they were", out);
            }
            case 4: {
                // The count and the points agree, the file is shorter or longer: a key or query of the wrong size.
                Section s = nonEmpty(sections, rnd);
                boolean drop = rnd.nextBoolean();
                int len = s.g2() ? G2U : G1U;
                int k = drop ? 1 + rnd.nextInt(Math.min(s.count(), 3)) : 1 + rnd.nextInt(3);
                byte[] out;
                if (drop) {
                    out = new byte[file.length - k * len];
                    System.arraycopy(file, 0, out, 0, s.end() - k * len);
                    System.arraycopy(file, s.end(), out, s.end() - k * len, file.length - s.end());
                } else {
                    out = new byte[file.length + k * len];
                    System.arraycopy(file, 0, out, 0, s.end());
                    for (int j = 0; j < k; j++) {
                        System.arraycopy(file, s.pointAt(s.count() - 1), out, s.end() + j * len, len);
                    }
                    System.arraycopy(file, s.end(), out, s.end() + k * len, file.length - s.end());
                }
                ByteBuffer.wrap(out, s.countAt(), 4).putInt(s.count() + (drop ? -k : k));
                return new Mutation("section " + s.name() + ": " + k + " points " + (drop ? "removed" : "added")
                        + " and the count set to match", out);
            }
            default: {
                Section s = nonEmpty(sections, rnd);
                if (s.count() < 2) {
                    return ByteMutations.any(file, rnd);
                }
                int i = rnd.nextInt(s.count());
                int j = (i + 1 + rnd.nextInt(s.count() - 1)) % s.count();
                int len = s.g2() ? G2U : G1U;
                byte[] out = file.clone();
                System.arraycopy(file, s.pointAt(i), out, s.pointAt(j), len);
                System.arraycopy(file, s.pointAt(j), out, s.pointAt(i), len);
                return new Mutation("section " + s.name() + ": points " + i + " and " + j + " swapped", out);
            }
        }
    }

    /** A mutation of an untouched seal proof (192 bytes per partition: A, B, C compressed). */
    public static Mutation sealProof(byte[] proof, Random rnd) {
        if (rnd.nextInt(3) == 0) {
            return ByteMutations.any(proof, rnd);
        }
        int partition = rnd.nextInt(proof.length / 192);
        int base = 192 * partition;
        String[] names = {"A", "B", "C"};
        int[] at = {0, 48, 144};
        int k = rnd.nextInt(3);
        boolean g2 = k == 1;
        int len = g2 ? 96 : 48;
        byte[] out = proof.clone();
        String where = "partition " + partition + " point " + names[k];
        switch (rnd.nextInt(3)) {
            case 0: {
                BadPoints.Fault f = BadPoints.anyFault(rnd);
                byte[] enc = BadPoints.zcash(f, g2, true, rnd);
                System.arraycopy(enc, 0, out, base + at[k], len);
                return new Mutation(where + " replaced: " + f, out);
            }
            case 1: {
                int flag = new int[] {0x80, 0x40, 0x20}[rnd.nextInt(3)];
                out[base + at[k]] ^= (byte) flag;
                return new Mutation(where + ": flag bit 0x" + Integer.toHexString(flag) + " toggled", out);
            }
            default: {
                byte[] a = Arrays.copyOfRange(proof, base, base + 48);
                System.arraycopy(proof, base + 144, out, base, 48);
                System.arraycopy(a, 0, out, base + 144, 48);
                return new Mutation("partition " + partition + ": A and C swapped", out);
            }
        }
    }

    private static int vkPointAt(int k) {
        int at = 0;
        for (int i = 0; i < k; i++) {
            at += VK_G2[i] ? G2U : G1U;
        }
        return at;
    }

    private static Section nonEmpty(List<Section> sections, Random rnd) {
        List<Section> s = new ArrayList<>();
        for (Section x : sections) {
            if (x.count() > 0) {
                s.add(x);
            }
        }
        return s.get(rnd.nextInt(s.size()));
    }
}
