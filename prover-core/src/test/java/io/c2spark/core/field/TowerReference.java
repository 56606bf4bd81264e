package io.c2spark.core.field;

/**
 * A plain model of the tower for tests: an Fp6 or Fp12 element as a polynomial over Fp2 in v (mod
 * v^3 - xi) or in w (mod w^6 - xi), multiplied by schoolbook and reduced by substitution. It shares
 * only Fp2 with the code under test, not its Karatsuba formulas, sparse shapes or memory layout.
 */
final class TowerReference {
    private static final int E = Fp2.LIMBS;

    private TowerReference() {
    }

    /** Coefficient i of w^i sits at this Fp2 slot of the tower layout (1, v, v^2, w, vw, v^2 w). */
    static int towerSlotOfW(int i) {
        return (i % 2) * 3 + i / 2;
    }

    /** The Fp12 element at a[ao] as six Fp2 coefficients of w^0..w^5 (6 * 12 longs). */
    static long[] toW(long[] a, int ao) {
        long[] w = new long[6 * E];
        for (int i = 0; i < 6; i++) {
            System.arraycopy(a, ao + towerSlotOfW(i) * E, w, i * E, E);
        }
        return w;
    }

    static long[] fromW(long[] w) {
        long[] a = new long[Fp12.LIMBS];
        for (int i = 0; i < 6; i++) {
            System.arraycopy(w, i * E, a, towerSlotOfW(i) * E, E);
        }
        return a;
    }

    /** Product of polynomials of n Fp2 coefficients modulo (z^n - xi). */
    static long[] mulMod(long[] x, long[] y, int n) {
        long[] wide = new long[(2 * n - 1) * E];
        long[] t = new long[E];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Fp2.mul(x, i * E, y, j * E, t, 0);
                Fp2.add(wide, (i + j) * E, t, 0, wide, (i + j) * E);
            }
        }
        long[] r = new long[n * E];
        System.arraycopy(wide, 0, r, 0, n * E);
        for (int k = n; k < 2 * n - 1; k++) {
            Fp2.mulByNonResidue(wide, k * E, t, 0);
            Fp2.add(r, (k - n) * E, t, 0, r, (k - n) * E);
        }
        return r;
    }

    /** Fp6 product by the polynomial model (Fp6's layout already is the v-coefficient order). */
    static long[] fp6Mul(long[] a, int ao, long[] b, int bo) {
        long[] x = java.util.Arrays.copyOfRange(a, ao, ao + Fp6.LIMBS);
        long[] y = java.util.Arrays.copyOfRange(b, bo, bo + Fp6.LIMBS);
        return mulMod(x, y, 3);
    }

    /** Fp12 product by the polynomial model in w. */
    static long[] fp12Mul(long[] a, int ao, long[] b, int bo) {
        return fromW(mulMod(toW(a, ao), toW(b, bo), 6));
    }
}
