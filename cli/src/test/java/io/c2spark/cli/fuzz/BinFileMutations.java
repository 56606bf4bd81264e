package io.c2spark.cli.fuzz;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutations of the iden3 binary container that snarkjs's .zkey, .wtns and .r1cs share (a magic, a
 * version, a section count, then sections of u32 type, u64 size and bytes, little-endian): of the
 * container (a section's size, type or order, a section removed, repeated, cut or grown, the
 * count, magic or version) and of the fields each format keeps in it (counts, primes, field
 * elements, points, coefficients and wires), set to edge values, to values not below p or r, or to
 * points with a fault.
 */
public final class BinFileMutations {
    private BinFileMutations() {
    }

    /** A section as the untouched file has it: type, where its header and data start, its size. */
    private record Section(int type, int headerAt, int dataAt, int size) {
    }

    /** A field of the format at a file offset: what kind of value it holds, and its name. */
    private record Field(String name, int at, Type type) {
    }

    private enum Type { U32, FR, PRIME, G1, G2, MATRIX }

    private static List<Section> sections(byte[] f) {
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        int n = b.getInt(8);
        List<Section> s = new ArrayList<>();
        int pos = 12;
        for (int i = 0; i < n; i++) {
            int type = b.getInt(pos);
            int size = (int) b.getLong(pos + 4);
            s.add(new Section(type, pos, pos + 12, size));
            pos += 12 + size;
        }
        return s;
    }

    public static Mutation any(Kind kind, byte[] file, Random rnd) {
        int pick = rnd.nextInt(10);
        if (pick < 3) {
            return ByteMutations.any(file, rnd);
        }
        if (pick < 5) {
            return container(file, rnd);
        }
        List<Field> fields = fields(kind, file, rnd);
        Field f = fields.get(rnd.nextInt(fields.size()));
        return field(f, file, rnd);
    }

    private static Mutation container(byte[] file, Random rnd) {
        List<Section> sections = sections(file);
        Section s = sections.get(rnd.nextInt(sections.size()));
        ByteBuffer in = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        String name = "section " + s.type();
        switch (rnd.nextInt(9)) {
            case 0: {
                long v = new long[] {s.size() + 1L, s.size() - 1L, s.size() + 8L, 0, -1, Long.MAX_VALUE, 1L << 32,
                    file.length}[rnd.nextInt(8)];
                byte[] out = file.clone();
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putLong(s.headerAt() + 4, v);
                return new Mutation(name + ": size " + s.size() + " set to " + v + ", its bytes as they were", out);
            }
            case 1: {
                int v = new int[] {0, 99, -1, sections.get(rnd.nextInt(sections.size())).type()}[rnd.nextInt(4)];
                byte[] out = file.clone();
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(s.headerAt(), v);
                return new Mutation(name + ": type set to " + v, out);
            }
            case 2: {
                byte[] out = new byte[file.length - 12 - s.size()];
                System.arraycopy(file, 0, out, 0, s.headerAt());
                System.arraycopy(file, s.dataAt() + s.size(), out, s.headerAt(), file.length - s.dataAt() - s.size());
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(8, sections.size() - 1);
                return new Mutation(name + " removed, the section count set to match", out);
            }
            case 3: {
                byte[] out = new byte[file.length + 12 + s.size()];
                System.arraycopy(file, 0, out, 0, file.length);
                System.arraycopy(file, s.headerAt(), out, file.length, 12 + s.size());
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(8, sections.size() + 1);
                return new Mutation(name + " repeated at the end, the section count set to match", out);
            }
            case 4: {
                // Moved to the end: sections are found by type, so this one is harmless.
                byte[] out = new byte[file.length];
                System.arraycopy(file, 0, out, 0, s.headerAt());
                int after = s.dataAt() + s.size();
                System.arraycopy(file, after, out, s.headerAt(), file.length - after);
                System.arraycopy(file, s.headerAt(), out, file.length - 12 - s.size(), 12 + s.size());
                return new Mutation(name + " moved to the end", out);
            }
            case 5:
            case 6: {
                boolean cut = rnd.nextBoolean();
                int k = cut ? 1 + rnd.nextInt(Math.max(1, Math.min(s.size(), 200))) : 1 + rnd.nextInt(200);
                if (cut && s.size() == 0) {
                    return ByteMutations.any(file, rnd);
                }
                int end = s.dataAt() + s.size();
                byte[] out = new byte[file.length + (cut ? -k : k)];
                if (cut) {
                    System.arraycopy(file, 0, out, 0, end - k);
                    System.arraycopy(file, end, out, end - k, file.length - end);
                } else {
                    System.arraycopy(file, 0, out, 0, end);
                    System.arraycopy(file, end, out, end + k, file.length - end);
                }
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putLong(s.headerAt() + 4, s.size() + (cut ? -k : k));
                return new Mutation(name + ": " + k + " bytes " + (cut ? "cut from its end" : "of zeros added")
                        + ", its size set to match", out);
            }
            case 7: {
                int was = in.getInt(8);
                int v = ShapeFileMutations.edge(was, rnd);
                byte[] out = file.clone();
                ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(8, v);
                return new Mutation("section count " + was + " set to " + v, out);
            }
            default: {
                byte[] out = file.clone();
                boolean magic = rnd.nextBoolean();
                if (magic) {
                    out[rnd.nextInt(4)] ^= (byte) (1 + rnd.nextInt(255));
                } else {
                    ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(4, new int[] {0, 2, 3, -1}[rnd.nextInt(4)]);
                }
                return new Mutation(magic ? "magic changed" : "version changed", out);
            }
        }
    }

    private static Mutation field(Field f, byte[] file, Random rnd) {
        byte[] out = file.clone();
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        switch (f.type()) {
            case U32: {
                int was = b.getInt(f.at());
                int v = ShapeFileMutations.edge(was, rnd);
                b.putInt(f.at(), v);
                return new Mutation(f.name() + " " + was + " set to " + v, out);
            }
            case MATRIX: {
                int v = new int[] {2, 3, -1}[rnd.nextInt(3)];
                b.putInt(f.at(), v);
                return new Mutation(f.name() + " set to " + v, out);
            }
            case FR: {
                int choice = rnd.nextInt(4);
                BigInteger v = switch (choice) {
                    case 0 -> BadPoints.notBelowR(rnd);
                    case 1 -> BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
                    case 2 -> BigInteger.ZERO;
                    default -> new BigInteger(250, rnd);
                };
                System.arraycopy(BigIntegers.fixedLE(v, Fr.BYTES), 0, out, f.at(), Fr.BYTES);
                return new Mutation(f.name() + " set to " + new String[] {"r + " + v.subtract(Fr.MODULUS), "2^256 - 1",
                    "0", "another value below r"}[choice], out);
            }
            case PRIME: {
                int n8 = b.getInt(f.at() - 4);
                BigInteger was = new BigInteger(1, reverse(out, f.at(), n8));
                BigInteger v = switch (rnd.nextInt(3)) {
                    case 0 -> was.add(BigInteger.ONE);
                    case 1 -> was.subtract(BigInteger.TWO);
                    default -> n8 == Fr.BYTES ? Fp.MODULUS.mod(BigInteger.ONE.shiftLeft(256)) : Fr.MODULUS;
                };
                System.arraycopy(BigIntegers.fixedLE(v, n8), 0, out, f.at(), n8);
                return new Mutation(f.name() + " changed", out);
            }
            default: {
                boolean g2 = f.type() == Type.G2;
                BadPoints.Fault fault = BadPoints.anyFault(rnd);
                byte[] enc = BadPoints.snarkjsBinary(fault, g2, rnd);
                System.arraycopy(enc, 0, out, f.at(), enc.length);
                return new Mutation(f.name() + " replaced: " + fault, out);
            }
        }
    }

    private static byte[] reverse(byte[] a, int at, int n) {
        byte[] r = new byte[n];
        for (int i = 0; i < n; i++) {
            r[i] = a[at + n - 1 - i];
        }
        return r;
    }

    private static Section section(List<Section> sections, int type) {
        for (Section s : sections) {
            if (s.type() == type) {
                return s;
            }
        }
        throw new IllegalStateException("the untouched file has no section " + type);
    }

    /** A few fields of the format, some at random positions within long sections. */
    private static List<Field> fields(Kind kind, byte[] file, Random rnd) {
        List<Section> sections = sections(file);
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<Field> f = new ArrayList<>();
        switch (kind) {
            case ZKEY: {
                f.add(new Field("protocol", section(sections, 1).dataAt(), Type.U32));
                int h = section(sections, 2).dataAt();
                f.add(new Field("header n8q", h, Type.U32));
                f.add(new Field("header q", h + 4, Type.PRIME));
                f.add(new Field("header n8r", h + 52, Type.U32));
                f.add(new Field("header r", h + 56, Type.PRIME));
                f.add(new Field("header nVars", h + 88, Type.U32));
                f.add(new Field("header nPublic", h + 92, Type.U32));
                f.add(new Field("header domainSize", h + 96, Type.U32));
                String[] key = {"alpha_1", "beta_1", "beta_2", "gamma_2", "delta_1", "delta_2"};
                boolean[] g2 = {false, false, true, true, false, true};
                int at = h + 100;
                for (int i = 0; i < key.length; i++) {
                    f.add(new Field("header " + key[i], at, g2[i] ? Type.G2 : Type.G1));
                    at += g2[i] ? 192 : 96;
                }
                int nPublic = b.getInt(h + 92);
                Section ic = section(sections, 3);
                int i = rnd.nextInt(nPublic + 1);
                f.add(new Field("IC point " + i, ic.dataAt() + 96 * i, Type.G1));
                Section coef = section(sections, 4);
                f.add(new Field("coefficient count", coef.dataAt(), Type.U32));
                int n = b.getInt(coef.dataAt());
                int k = rnd.nextInt(n);
                int c = coef.dataAt() + 4 + 44 * k;
                f.add(new Field("coefficient " + k + " matrix", c, Type.MATRIX));
                f.add(new Field("coefficient " + k + " constraint", c + 4, Type.U32));
                f.add(new Field("coefficient " + k + " signal", c + 8, Type.U32));
                f.add(new Field("coefficient " + k + " value", c + 12, Type.FR));
                String[] q = {"A", "B1", "B2", "C", "H"};
                for (int s = 0; s < q.length; s++) {
                    Section sec = section(sections, 5 + s);
                    int len = s == 2 ? 192 : 96;
                    if (sec.size() >= len) {
                        int p = rnd.nextInt(sec.size() / len);
                        f.add(new Field(q[s] + " point " + p, sec.dataAt() + len * p, s == 2 ? Type.G2 : Type.G1));
                    }
                }
                break;
            }
            case WTNS: {
                int h = section(sections, 1).dataAt();
                f.add(new Field("header n8", h, Type.U32));
                f.add(new Field("header prime", h + 4, Type.PRIME));
                f.add(new Field("header value count", h + 36, Type.U32));
                Section v = section(sections, 2);
                int i = rnd.nextInt(v.size() / 32);
                f.add(new Field("value " + i, v.dataAt() + 32 * i, Type.FR));
                f.add(new Field("value 0 (ONE)", v.dataAt(), Type.FR));
                break;
            }
            default: {
                int h = section(sections, 1).dataAt();
                f.add(new Field("header n8", h, Type.U32));
                f.add(new Field("header prime", h + 4, Type.PRIME));
                String[] counts = {"nWires", "nPubOut", "nPubIn", "nPrvIn"};
                for (int i = 0; i < counts.length; i++) {
                    f.add(new Field("header " + counts[i], h + 36 + 4 * i, Type.U32));
                }
                f.add(new Field("header nLabels (low word)", h + 52, Type.U32));
                f.add(new Field("header nConstraints", h + 60, Type.U32));
                Section c = section(sections, 2);
                int nConstraints = b.getInt(h + 60);
                int target = rnd.nextInt(nConstraints);
                int pos = c.dataAt();
                for (int r = 0; r <= target; r++) {
                    for (int m = 0; m < 3; m++) {
                        int terms = b.getInt(pos);
                        if (r == target && (m == 0 || terms > 0 && rnd.nextInt(3) == 0)) {
                            String where = "constraint " + r + " matrix " + "ABC".charAt(m);
                            f.add(new Field(where + " term count", pos, Type.U32));
                            if (terms > 0) {
                                int t = rnd.nextInt(terms);
                                f.add(new Field(where + " term " + t + " wire", pos + 4 + 36 * t, Type.U32));
                                f.add(new Field(where + " term " + t + " coefficient", pos + 8 + 36 * t, Type.FR));
                            }
                        }
                        pos += 4 + 36 * terms;
                    }
                }
                break;
            }
        }
        return f;
    }
}
