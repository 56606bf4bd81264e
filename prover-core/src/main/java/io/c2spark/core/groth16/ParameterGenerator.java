package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.JacobianGroupLaw;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Groth16 parameter generation with bellperson's semantics (groth16/generator.rs
 * generate_parameters), from a circuit's shape recorded with bellperson's input constraints
 * ({@code ShapeSystem.of(circuit, true)}). This class checks the circuit and the toxic waste, writes
 * the verifying key's six points, and has a {@link ParameterBackend} make the point sections (what
 * they hold is described there), checking what the backend delivers: the sections in order, their
 * counts, and no point at infinity or compressed. The parameters go to a {@link ParameterSink}: the
 * files ({@link ParameterFileWriter}) or the heap ({@link HeapParameterSink}, which the
 * {@code generate} methods returning {@link Parameters} use with the CPU backend).
 */
public final class ParameterGenerator {
    /**
     * The secret values: the bases g1 and g2 (affine) and alpha, beta, gamma, delta, tau (Fr
     * Montgomery).
     */
    public record ToxicWaste(long[] g1, long[] g2, long[] alpha, long[] beta, long[] gamma, long[] delta, long[] tau) {
        /** The domain tag T of {@link #fromSeed}: these 22 ASCII bytes. */
        public static final String SEED_TAG = "c2spark toxic waste v1";

        /**
         * Drawn in bellperson's order (g1, g2, alpha, beta, gamma, delta, tau) from rnd: a seeded
         * Random gives reproducible test parameters, a SecureRandom real ones. g1 and g2 are random
         * non-zero multiples of the generators; gamma and delta are non-zero (they are inverted).
         */
        public static ToxicWaste random(Random rnd) {
            return draw(() -> {
                long[] x = new long[Fr.LIMBS];
                Fr.random(rnd, x, 0);
                return x;
            });
        }

        /**
         * Drawn deterministically from seed (any number of bytes from 1 to 1024), so that the same
         * seed gives the same parameter files on every machine and backend. The construction, for
         * other implementations:
         * <ul>
         * <li>a byte stream S = SHA-256(T || seed || be64(0)) || SHA-256(T || seed || be64(1)) || ...,
         * with T the 22 ASCII bytes {@value #SEED_TAG} and be64(i) the counter as 8 bytes
         * big-endian;
         * <li>each value is the next 64 bytes of S read as a big-endian unsigned integer, reduced
         * modulo r (Fr's modulus);
         * <li>values are drawn in bellperson's order: s1, s2, alpha, beta, gamma, delta, tau, where
         * s1, s2, gamma and delta are drawn again (from the next 64 bytes) while they are zero;
         * g1 = s1 G1 and g2 = s2 G2, G1 and G2 the groups' standard generators.
         * </ul>
         * Such toxic waste is INSECURE: whoever knows the seed can forge proofs.
         */
        public static ToxicWaste fromSeed(byte[] seed) {
            if (seed.length == 0 || seed.length > 1024) {
                throw new IllegalArgumentException("the seed has " + seed.length + " bytes; 1 to 1024 are accepted");
            }
            SeedStream stream = new SeedStream(seed);
            return draw(stream::next);
        }

        private static ToxicWaste draw(java.util.function.Supplier<long[]> next) {
            long[] s1 = nonZero(next);
            long[] s2 = nonZero(next);
            long[] g1 = new long[G1.AFFINE];
            long[] p1 = new long[G1.JACOBIAN];
            G1.LAW.fromAffine(G1.generator(), 0, p1, 0);
            G1.LAW.mul(p1, 0, s1, 0, p1, 0);
            G1.LAW.toAffine(p1, 0, g1, 0);
            long[] g2 = new long[G2.AFFINE];
            long[] p2 = new long[G2.JACOBIAN];
            G2.LAW.fromAffine(G2.generator(), 0, p2, 0);
            G2.LAW.mul(p2, 0, s2, 0, p2, 0);
            G2.LAW.toAffine(p2, 0, g2, 0);
            long[] alpha = next.get();
            long[] beta = next.get();
            long[] gamma = nonZero(next);
            long[] delta = nonZero(next);
            return new ToxicWaste(g1, g2, alpha, beta, gamma, delta, next.get());
        }

        private static long[] nonZero(java.util.function.Supplier<long[]> next) {
            long[] x;
            do {
                x = next.get();
            } while (Fr.isZero(x, 0));
            return x;
        }
    }

    /** The byte stream of {@link ToxicWaste#fromSeed}, 64 bytes per value. */
    private static final class SeedStream {
        private final MessageDigest sha;
        private final byte[] prefix;
        private long counter;

        SeedStream(byte[] seed) {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JVM has no SHA-256", e);
            }
            byte[] tag = ToxicWaste.SEED_TAG.getBytes(StandardCharsets.US_ASCII);
            prefix = new byte[tag.length + seed.length];
            System.arraycopy(tag, 0, prefix, 0, tag.length);
            System.arraycopy(seed, 0, prefix, tag.length, seed.length);
        }

        /** The next value: two blocks of the stream, big-endian, mod r. */
        long[] next() {
            byte[] wide = new byte[64];
            System.arraycopy(block(), 0, wide, 0, 32);
            System.arraycopy(block(), 0, wide, 32, 32);
            return Fr.of(new BigInteger(1, wide).mod(Fr.MODULUS));
        }

        private byte[] block() {
            sha.update(prefix);
            sha.update(ByteBuffer.allocate(8).putLong(counter++).array());
            return sha.digest();
        }
    }

    private ParameterGenerator() {
    }

    /** Parameters on the heap from toxic waste drawn from a SecureRandom and discarded. */
    public static Parameters generate(R1csShape shape) {
        return generate(shape, ToxicWaste.random(new SecureRandom()));
    }

    /** Parameters on the heap from the given toxic waste, made on the CPU. */
    public static Parameters generate(R1csShape shape, ToxicWaste tw) {
        return generate(shape, tw, phase -> { });
    }

    /** Parameters on the heap from the given toxic waste, made on the CPU; each phase is reported with its time. */
    public static Parameters generate(R1csShape shape, ToxicWaste tw, Consumer<String> progress) {
        HeapParameterSink sink = new HeapParameterSink();
        try {
            generate(shape, tw, new CpuParameterBackend(), sink, progress);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.parameters();
    }

    /**
     * Makes the parameters of shape from the toxic waste on the backend into sink: checks the circuit
     * and the toxic waste (IllegalArgumentException naming the fault), pushes the verifying key, and
     * lets the backend push the sections, checking each call (IllegalStateException naming the
     * backend and what it did wrong).
     */
    public static void generate(R1csShape shape, ToxicWaste tw, ParameterBackend backend, ParameterSink sink,
            Consumer<String> log) throws IOException {
        checkInputConstraints(shape);
        int m = 1 << EvaluationDomain.logSizeFor(shape.numConstraints());
        checkToxicWaste(tw, m);
        checkEveryAuxConstrained(shape);
        sink.verifyingKey(encodedVerifyingKey(tw));
        CheckedParameterSink checked = new CheckedParameterSink(sink, backend.name(), shape.numInputs(),
                shape.numAux(), m - 1);
        backend.generate(shape, tw, checked, log);
        checked.finish();
    }

    /**
     * The last numInputs rows must be bellperson's {@code x_i * 0 = 0}, in input order: without
     * them the IC query is not full and the parameters would not fit Filecoin's.
     */
    static void checkInputConstraints(R1csShape shape) {
        int ni = shape.numInputs();
        int n = shape.numConstraints();
        long[] one = Fr.FIELD.one();
        for (int i = 0; i < ni; i++) {
            int row = n - ni + i;
            SparseMatrix a = shape.a();
            boolean ok = row >= 0 && a.rowEnd(row) - a.rowStart(row) == 1 && a.var(a.rowStart(row)) == Variable.input(i)
                    && Fr.equal(shape.coefficients(), a.coeffIndex(a.rowStart(row)) * Fr.LIMBS, one, 0)
                    && shape.b().rowEnd(row) == shape.b().rowStart(row) && shape.c().rowEnd(row) == shape.c().rowStart(row);
            if (!ok) {
                throw new IllegalArgumentException("the shape does not end with bellperson's input constraints "
                        + "(x_i * 0 = 0 for each of its " + ni + " inputs): record it with ShapeSystem.of(circuit, true)");
            }
        }
    }

    /** gamma and delta are inverted; Z(tau) = 0 (tau a root of unity of the domain) would empty h. */
    private static void checkToxicWaste(ToxicWaste tw, int m) {
        if (Fr.isZero(tw.gamma(), 0)) {
            throw new IllegalArgumentException("gamma is zero");
        }
        if (Fr.isZero(tw.delta(), 0)) {
            throw new IllegalArgumentException("delta is zero");
        }
        long[] z = new long[Fr.LIMBS];
        Fr.pow(tw.tau(), 0, new long[] {m}, z, 0);
        if (Fr.equal(z, 0, Fr.FIELD.one(), 0)) {
            throw new IllegalArgumentException("tau is an m-th root of unity (m = " + m + "): Z(tau) = 0");
        }
        if (G1.LAW.isIdentityAffine(tw.g1(), 0) || G2.LAW.isIdentityAffine(tw.g2(), 0)) {
            throw new IllegalArgumentException("a base point g1 or g2 is the identity");
        }
    }

    /**
     * An aux variable in no constraint has u, v and w zero, so its L point is the identity, which
     * bellperson refuses (SynthesisError::UnconstrainedVariable); found here from the matrices, before
     * anything is made. (A variable whose terms cancel at tau alone is caught from its point.)
     */
    static void checkEveryAuxConstrained(R1csShape shape) {
        int na = shape.numAux();
        long[] seen = new long[(na + 63) >>> 6];
        SparseMatrix[] matrices = {shape.a(), shape.b(), shape.c()};
        int tasks = ComputePool.parallelism();
        long[][] partial = new long[tasks][];
        ComputePool.forEach(tasks, t -> {
            long[] mine = t == 0 ? seen : new long[seen.length];
            for (SparseMatrix mat : matrices) {
                int lo = (int) ((long) mat.nonZeros() * t / tasks);
                int hi = (int) ((long) mat.nonZeros() * (t + 1) / tasks);
                for (int p = lo; p < hi; p++) {
                    int v = mat.var(p);
                    if (v >= 0) {
                        mine[v >>> 6] |= 1L << v;
                    }
                }
            }
            partial[t] = mine;
        });
        for (int t = 1; t < tasks; t++) {
            for (int w = 0; w < seen.length; w++) {
                seen[w] |= partial[t][w];
            }
        }
        for (int j = 0; j < na; j++) {
            if ((seen[j >>> 6] & (1L << j)) == 0) {
                throw new IllegalArgumentException(unconstrained(j) + " (it is in no constraint)");
            }
        }
    }

    /** bellperson's refusal of an aux variable whose L point is the identity. */
    static String unconstrained(long aux) {
        return "aux variable " + aux + " is unconstrained: its L point is the identity (bellperson refuses such circuits)";
    }

    /** alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2, encoded uncompressed. */
    static byte[] encodedVerifyingKey(ToxicWaste tw) {
        ByteBuffer out = ByteBuffer.allocate(ParameterSink.VERIFYING_KEY_BYTES);
        out.put(ZcashEncoding.encodeG1(g1Multiple(tw.g1(), tw.alpha()), 0, false));
        out.put(ZcashEncoding.encodeG1(g1Multiple(tw.g1(), tw.beta()), 0, false));
        out.put(ZcashEncoding.encodeG2(g2Multiple(tw.g2(), tw.beta()), 0, false));
        out.put(ZcashEncoding.encodeG2(g2Multiple(tw.g2(), tw.gamma()), 0, false));
        out.put(ZcashEncoding.encodeG1(g1Multiple(tw.g1(), tw.delta()), 0, false));
        out.put(ZcashEncoding.encodeG2(g2Multiple(tw.g2(), tw.delta()), 0, false));
        return out.array();
    }

    static long[] g1Multiple(long[] base, long[] k) {
        return multiple(G1.LAW, base, k);
    }

    static long[] g2Multiple(long[] base, long[] k) {
        return multiple(G2.LAW, base, k);
    }

    /** [k] base, affine, in the group of law. */
    private static long[] multiple(JacobianGroupLaw law, long[] base, long[] k) {
        long[] p = new long[law.jacobianLongs()];
        law.fromAffine(base, 0, p, 0);
        law.mul(p, 0, k, 0, p, 0);
        long[] out = new long[law.affineLongs()];
        law.toAffine(p, 0, out, 0);
        return out;
    }
}
