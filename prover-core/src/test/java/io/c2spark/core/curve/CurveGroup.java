package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Random;

/** One test body for G1 and G2: their static operations behind one interface. */
interface CurveGroup {
    String name();

    int affineLimbs();

    int jacobianLimbs();

    /** Limbs of one coordinate (Fp or Fp2). */
    int coordinateLimbs();

    long[] generator();

    void add(long[] p, int po, long[] q, int qo, long[] r, int ro);

    void addAffine(long[] p, int po, long[] a, int ao, long[] r, int ro);

    void dbl(long[] p, int po, long[] r, int ro);

    void neg(long[] p, int po, long[] r, int ro);

    void negAffine(long[] a, int ao, long[] r, int ro);

    void mul(long[] p, int po, BigInteger k, long[] r, int ro);

    void mulFr(long[] p, int po, long[] k, int ko, long[] r, int ro);

    boolean equal(long[] p, int po, long[] q, int qo);

    boolean isIdentity(long[] p, int po);

    void fromAffine(long[] a, int ao, long[] r, int ro);

    void toAffine(long[] p, int po, long[] r, int ro);

    void batchToAffine(long[] jac, int jo, long[] aff, int ao, int count);

    boolean isOnCurve(long[] p, int po);

    boolean isOnCurveAffine(long[] a, int ao);

    boolean isInSubgroup(long[] a, int ao);

    boolean isInSubgroupByOrder(long[] a, int ao);

    int compressedBytes();

    int uncompressedBytes();

    byte[] encode(long[] a, int ao, boolean compressed);

    /** Decodes bytes of either length; checkSubgroup false is the trusted-source mode. */
    long[] decode(byte[] in, boolean checkSubgroup);

    long[] decodeBatch(byte[] in, int io, int count, boolean compressed, boolean checkSubgroup);

    /** A uniformly random x with a y on the curve: almost never in the order-r subgroup. */
    long[] randomCurvePoint(Random rnd);

    /** Multiplies a coordinate (Fp or Fp2 element) by a random non-zero Fp value. */
    default void scaleCoordinate(long[] c, int co, long[] s) {
        for (int i = 0; i < coordinateLimbs(); i += Fp.LIMBS) {
            Fp.mul(c, co + i, s, 0, c, co + i);
        }
    }

    /** A random Jacobian representative of a random multiple of the generator, and its scalar. */
    default long[] randomJacobian(Random rnd, BigInteger[] scalarOut) {
        BigInteger k = new BigInteger(Fr.MODULUS.bitLength() + 8, rnd).mod(Fr.MODULUS);
        scalarOut[0] = k;
        long[] p = new long[jacobianLimbs()];
        fromAffine(generator(), 0, p, 0);
        mul(p, 0, k, p, 0);
        rescale(p, rnd);
        return p;
    }

    /** Multiplies (X, Y, Z) by (s^2, s^3, s) for a random Fp s: the same point, other limbs. */
    default void rescale(long[] p, Random rnd) {
        long[] s = new long[Fp.LIMBS];
        Fp.random(rnd, s, 0);
        int n = coordinateLimbs();
        scaleCoordinate(p, 0, s);
        scaleCoordinate(p, 0, s);
        scaleCoordinate(p, n, s);
        scaleCoordinate(p, n, s);
        scaleCoordinate(p, n, s);
        scaleCoordinate(p, 2 * n, s);
    }

    CurveGroup G1_GROUP = new CurveGroup() {
        public String name() {
            return "G1";
        }

        public int affineLimbs() {
            return G1.AFFINE;
        }

        public int jacobianLimbs() {
            return G1.JACOBIAN;
        }

        public int coordinateLimbs() {
            return Fp.LIMBS;
        }

        public long[] generator() {
            return G1.generator();
        }

        public int compressedBytes() {
            return ZcashEncoding.G1_COMPRESSED;
        }

        public int uncompressedBytes() {
            return ZcashEncoding.G1_UNCOMPRESSED;
        }

        public byte[] encode(long[] a, int ao, boolean compressed) {
            return ZcashEncoding.encodeG1(a, ao, compressed);
        }

        public long[] decode(byte[] in, boolean checkSubgroup) {
            long[] out = new long[G1.AFFINE];
            ZcashEncoding.readG1(in, 0, in.length, checkSubgroup, out, 0);
            return out;
        }

        public long[] decodeBatch(byte[] in, int io, int count, boolean compressed, boolean checkSubgroup) {
            return ZcashEncoding.decodeG1Batch(in, io, count, compressed, checkSubgroup);
        }

        public void add(long[] p, int po, long[] q, int qo, long[] r, int ro) {
            G1.LAW.add(p, po, q, qo, r, ro);
        }

        public void addAffine(long[] p, int po, long[] a, int ao, long[] r, int ro) {
            G1.LAW.addAffine(p, po, a, ao, r, ro);
        }

        public void dbl(long[] p, int po, long[] r, int ro) {
            G1.LAW.dbl(p, po, r, ro);
        }

        public void neg(long[] p, int po, long[] r, int ro) {
            G1.LAW.neg(p, po, r, ro);
        }

        public void negAffine(long[] a, int ao, long[] r, int ro) {
            G1.LAW.negAffine(a, ao, r, ro);
        }

        public void mul(long[] p, int po, BigInteger k, long[] r, int ro) {
            G1.LAW.mul(p, po, k, r, ro);
        }

        public void mulFr(long[] p, int po, long[] k, int ko, long[] r, int ro) {
            G1.LAW.mul(p, po, k, ko, r, ro);
        }

        public boolean equal(long[] p, int po, long[] q, int qo) {
            return G1.LAW.equal(p, po, q, qo);
        }

        public boolean isIdentity(long[] p, int po) {
            return G1.LAW.isIdentity(p, po);
        }

        public void fromAffine(long[] a, int ao, long[] r, int ro) {
            G1.LAW.fromAffine(a, ao, r, ro);
        }

        public void toAffine(long[] p, int po, long[] r, int ro) {
            G1.LAW.toAffine(p, po, r, ro);
        }

        public void batchToAffine(long[] jac, int jo, long[] aff, int ao, int count) {
            G1.batchToAffine(jac, jo, aff, ao, count);
        }

        public boolean isOnCurve(long[] p, int po) {
            return G1.LAW.isOnCurve(p, po);
        }

        public boolean isOnCurveAffine(long[] a, int ao) {
            return G1.LAW.isOnCurveAffine(a, ao);
        }

        public boolean isInSubgroup(long[] a, int ao) {
            return G1.isInSubgroup(a, ao);
        }

        public boolean isInSubgroupByOrder(long[] a, int ao) {
            return G1.LAW.isInSubgroupByOrder(a, ao);
        }

        public long[] randomCurvePoint(Random rnd) {
            long[] a = new long[G1.AFFINE];
            long[] b = Fp.of(4);
            do {
                Fp.random(rnd, a, 0);
                Fp.sqr(a, 0, a, Fp.LIMBS);
                Fp.mul(a, Fp.LIMBS, a, 0, a, Fp.LIMBS);
                Fp.add(a, Fp.LIMBS, b, 0, a, Fp.LIMBS);
            } while (!Fp.sqrt(a, Fp.LIMBS, a, Fp.LIMBS));
            return a;
        }

        @Override
        public String toString() {
            return name();
        }
    };

    CurveGroup G2_GROUP = new CurveGroup() {
        public String name() {
            return "G2";
        }

        public int affineLimbs() {
            return G2.AFFINE;
        }

        public int jacobianLimbs() {
            return G2.JACOBIAN;
        }

        public int coordinateLimbs() {
            return Fp2.LIMBS;
        }

        public long[] generator() {
            return G2.generator();
        }

        public int compressedBytes() {
            return ZcashEncoding.G2_COMPRESSED;
        }

        public int uncompressedBytes() {
            return ZcashEncoding.G2_UNCOMPRESSED;
        }

        public byte[] encode(long[] a, int ao, boolean compressed) {
            return ZcashEncoding.encodeG2(a, ao, compressed);
        }

        public long[] decode(byte[] in, boolean checkSubgroup) {
            long[] out = new long[G2.AFFINE];
            ZcashEncoding.readG2(in, 0, in.length, checkSubgroup, out, 0);
            return out;
        }

        public long[] decodeBatch(byte[] in, int io, int count, boolean compressed, boolean checkSubgroup) {
            return ZcashEncoding.decodeG2Batch(in, io, count, compressed, checkSubgroup);
        }

        public void add(long[] p, int po, long[] q, int qo, long[] r, int ro) {
            G2.LAW.add(p, po, q, qo, r, ro);
        }

        public void addAffine(long[] p, int po, long[] a, int ao, long[] r, int ro) {
            G2.LAW.addAffine(p, po, a, ao, r, ro);
        }

        public void dbl(long[] p, int po, long[] r, int ro) {
            G2.LAW.dbl(p, po, r, ro);
        }

        public void neg(long[] p, int po, long[] r, int ro) {
            G2.LAW.neg(p, po, r, ro);
        }

        public void negAffine(long[] a, int ao, long[] r, int ro) {
            G2.LAW.negAffine(a, ao, r, ro);
        }

        public void mul(long[] p, int po, BigInteger k, long[] r, int ro) {
            G2.LAW.mul(p, po, k, r, ro);
        }

        public void mulFr(long[] p, int po, long[] k, int ko, long[] r, int ro) {
            G2.LAW.mul(p, po, k, ko, r, ro);
        }

        public boolean equal(long[] p, int po, long[] q, int qo) {
            return G2.LAW.equal(p, po, q, qo);
        }

        public boolean isIdentity(long[] p, int po) {
            return G2.LAW.isIdentity(p, po);
        }

        public void fromAffine(long[] a, int ao, long[] r, int ro) {
            G2.LAW.fromAffine(a, ao, r, ro);
        }

        public void toAffine(long[] p, int po, long[] r, int ro) {
            G2.LAW.toAffine(p, po, r, ro);
        }

        public void batchToAffine(long[] jac, int jo, long[] aff, int ao, int count) {
            G2.batchToAffine(jac, jo, aff, ao, count);
        }

        public boolean isOnCurve(long[] p, int po) {
            return G2.LAW.isOnCurve(p, po);
        }

        public boolean isOnCurveAffine(long[] a, int ao) {
            return G2.LAW.isOnCurveAffine(a, ao);
        }

        public boolean isInSubgroup(long[] a, int ao) {
            return G2.isInSubgroup(a, ao);
        }

        public boolean isInSubgroupByOrder(long[] a, int ao) {
            return G2.LAW.isInSubgroupByOrder(a, ao);
        }

        public long[] randomCurvePoint(Random rnd) {
            long[] a = new long[G2.AFFINE];
            long[] b = Fp2.of(BigInteger.valueOf(4), BigInteger.valueOf(4));
            int n = Fp2.LIMBS;
            do {
                Fp2.random(rnd, a, 0);
                Fp2.sqr(a, 0, a, n);
                Fp2.mul(a, n, a, 0, a, n);
                Fp2.add(a, n, b, 0, a, n);
            } while (!Fp2.sqrt(a, n, a, n));
            return a;
        }

        @Override
        public String toString() {
            return name();
        }
    };
}
