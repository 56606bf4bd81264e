package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Variable;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * bellperson's parameter files (groth16/params.rs, verifying_key.rs), streamed in chunks of points:
 * a .vk is alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2, then a u32 big-endian count
 * and the IC points; a .params is the vk, then h, l, a, b_g1, b_g2, each a u32 big-endian count
 * and its points. Points are zcash uncompressed (G1 96 bytes, G2 192). a, b_g1 and b_g2 hold only
 * the non-identity points (bellperson filters them by density, and refuses the identity on read);
 * reading places them back by the shape's A and B densities.
 */
public final class BellpersonParams {
    private static final int G1_BYTES = ZcashEncoding.G1_UNCOMPRESSED;
    private static final int G2_BYTES = ZcashEncoding.G2_UNCOMPRESSED;
    /** Points decoded per chunk (in parallel by the decoder). */
    private static final int CHUNK = 1 << 14;

    private BellpersonParams() {
    }

    public static void writeVerifyingKey(Path path, VerifyingKey vk) throws IOException {
        atomicWrite(path, out -> writeVk(out, vk));
    }

    public static VerifyingKey readVerifyingKey(Path path, boolean checkSubgroup) throws IOException {
        try (DataInputStream in = open(path)) {
            VerifyingKey vk = readVk(new Reader(path, in, checkSubgroup));
            if (in.read() != -1) {
                throw new IllegalArgumentException(path + ": bytes after the verifying key");
            }
            return vk;
        }
    }

    public static void write(Path path, ProvingKey pk) throws IOException {
        atomicWrite(path, out -> {
            writeVk(out, pk.vk());
            writePoints(out, pk.h(), G1.AFFINE, false);
            writePoints(out, pk.l(), G1.AFFINE, false);
            writePoints(out, pk.a(), G1.AFFINE, true);
            writePoints(out, pk.b1(), G1.AFFINE, true);
            writePoints(out, pk.b2(), G2.AFFINE, true);
        });
    }

    /** Reads a .params for the circuit of this shape (with its input constraints). */
    public static ProvingKey read(Path path, R1csShape shape, boolean checkSubgroup) throws IOException {
        try (DataInputStream in = open(path)) {
            Reader r = new Reader(path, in, checkSubgroup);
            VerifyingKey vk = readVk(r);
            if (vk.numPublic() + 1 != shape.numInputs()) {
                throw r.error("IC has " + (vk.numPublic() + 1) + " points, the circuit " + shape.numInputs() + " inputs");
            }
            long[] h = r.points("h", false, -1);
            long[] l = r.points("l", false, shape.numAux());
            long[] a = spread(r.points("a", false, count(shape, true)), shape, true, G1.AFFINE);
            long[] b1 = spread(r.points("b_g1", false, count(shape, false)), shape, false, G1.AFFINE);
            long[] b2 = spread(r.points("b_g2", true, count(shape, false)), shape, false, G2.AFFINE);
            if (in.read() != -1) {
                throw r.error("bytes after b_g2");
            }
            return new ProvingKey(vk, h, l, a, b1, b2);
        }
    }

    private static int count(R1csShape shape, boolean inA) {
        int n = 0;
        for (int i = 0; i < shape.numInputs(); i++) {
            n += (inA ? shape.inA(Variable.input(i)) : shape.inB(Variable.input(i))) ? 1 : 0;
        }
        for (int j = 0; j < shape.numAux(); j++) {
            n += (inA ? shape.inA(j) : shape.inB(j)) ? 1 : 0;
        }
        return n;
    }

    /** Dense points (one per dense variable, in variable order) to one slot per variable. */
    private static long[] spread(long[] dense, R1csShape shape, boolean inA, int stride) {
        int vars = shape.numInputs() + shape.numAux();
        long[] out = new long[vars * stride];
        int k = 0;
        for (int v = 0; v < vars; v++) {
            int var = v < shape.numInputs() ? Variable.input(v) : v - shape.numInputs();
            if (inA ? shape.inA(var) : shape.inB(var)) {
                System.arraycopy(dense, k++ * stride, out, v * stride, stride);
            }
        }
        return out;
    }

    private static void writeVk(DataOutputStream out, VerifyingKey vk) throws IOException {
        if (vk.beta1() == null || vk.delta1() == null) {
            throw new IllegalArgumentException("a bellperson verifying key needs beta_g1 and delta_g1");
        }
        out.write(ZcashEncoding.encodeG1(vk.alpha1(), 0, false));
        out.write(ZcashEncoding.encodeG1(vk.beta1(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.beta2(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.gamma2(), 0, false));
        out.write(ZcashEncoding.encodeG1(vk.delta1(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.delta2(), 0, false));
        writePoints(out, vk.ic(), G1.AFFINE, false);
    }

    private static VerifyingKey readVk(Reader r) throws IOException {
        long[] alpha1 = r.point("alpha_g1", false);
        long[] beta1 = r.point("beta_g1", false);
        long[] beta2 = r.point("beta_g2", true);
        long[] gamma2 = r.point("gamma_g2", true);
        long[] delta1 = r.point("delta_g1", false);
        long[] delta2 = r.point("delta_g2", true);
        long[] ic = r.points("ic", false, -1);
        if (ic.length == 0) {
            throw r.error("ic is empty");
        }
        return new VerifyingKey(alpha1, beta1, beta2, gamma2, delta1, delta2, ic);
    }

    /** A u32 big-endian count and the points; skipIdentity drops identities (the filtered queries). */
    private static void writePoints(DataOutputStream out, long[] points, int stride, boolean skipIdentity)
            throws IOException {
        int n = points.length / stride;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            kept += skipIdentity && isIdentity(points, i * stride, stride) ? 0 : 1;
        }
        out.writeInt(kept);
        for (int i = 0; i < n; i++) {
            if (skipIdentity && isIdentity(points, i * stride, stride)) {
                continue;
            }
            out.write(stride == G1.AFFINE ? ZcashEncoding.encodeG1(points, i * stride, false)
                    : ZcashEncoding.encodeG2(points, i * stride, false));
        }
    }

    private static boolean isIdentity(long[] p, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (p[off + i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static DataInputStream open(Path path) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(path), 1 << 20));
    }

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** Writes through a temporary name and a rename, so a crash leaves no half file under the name. */
    private static void atomicWrite(Path path, Body body) throws IOException {
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        try (OutputStream os = Files.newOutputStream(tmp);
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(os, 1 << 20))) {
            body.write(out);
        }
        Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads counted point sections; errors name the file, the section and the point. */
    private record Reader(Path path, DataInputStream in, boolean checkSubgroup) {
        IllegalArgumentException error(String message) {
            return new IllegalArgumentException(path + ": " + message);
        }

        long[] point(String name, boolean g2) throws IOException {
            int len = g2 ? G2_BYTES : G1_BYTES;
            byte[] b = new byte[len];
            readFully(b, len, name);
            long[] out = new long[g2 ? G2.AFFINE : G1.AFFINE];
            try {
                if (g2) {
                    ZcashEncoding.readG2(b, 0, len, checkSubgroup, out, 0);
                } else {
                    ZcashEncoding.readG1(b, 0, len, checkSubgroup, out, 0);
                }
            } catch (IllegalArgumentException e) {
                throw error(name + ": " + e.getMessage());
            }
            return out;
        }

        /** A counted section; expected < 0 accepts any count. Identities are refused, as bellperson does. */
        long[] points(String name, boolean g2, int expected) throws IOException {
            int n;
            try {
                n = in.readInt();
            } catch (EOFException e) {
                throw error("file ends before the " + name + " count");
            }
            if (n < 0 || (expected >= 0 && n != expected)) {
                throw error(name + " holds " + Integer.toUnsignedString(n) + " points"
                        + (expected >= 0 ? ", the circuit needs " + expected : ""));
            }
            int len = g2 ? G2_BYTES : G1_BYTES;
            int stride = g2 ? G2.AFFINE : G1.AFFINE;
            long[] out = new long[Math.multiplyExact(n, stride)];
            byte[] buf = new byte[Math.min(n, CHUNK) * len];
            for (int start = 0; start < n; start += CHUNK) {
                int k = Math.min(CHUNK, n - start);
                readFully(buf, k * len, name);
                long[] chunk;
                try {
                    chunk = g2 ? ZcashEncoding.decodeG2Batch(buf, 0, k, false, checkSubgroup)
                            : ZcashEncoding.decodeG1Batch(buf, 0, k, false, checkSubgroup);
                } catch (IllegalArgumentException e) {
                    throw error(name + " (points " + start + ".." + (start + k - 1) + "): " + e.getMessage());
                }
                for (int i = 0; i < k; i++) {
                    if (isIdentity(chunk, i * stride, stride)) {
                        throw error(name + " point " + (start + i) + " is the point at infinity");
                    }
                }
                System.arraycopy(chunk, 0, out, start * stride, k * stride);
            }
            return out;
        }

        private void readFully(byte[] b, int len, String name) throws IOException {
            try {
                in.readFully(b, 0, len);
            } catch (EOFException e) {
                throw error("file ends inside " + name);
            }
        }
    }
}
