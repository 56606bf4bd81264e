package io.c2spark.core.poseidon;

import io.c2spark.core.field.Fr;

/**
 * Small dense matrices over Fr (rows of 4-limb Montgomery elements), with neptune's matrix.rs
 * conventions: {@code m[row][col]}, {@link #leftApply} = M v, {@link #mul} = A B.
 */
final class FrMatrix {
    final int n;
    /** n rows of n elements, 4 limbs each. */
    final long[][] rows;

    FrMatrix(int n) {
        this.n = n;
        this.rows = new long[n][4 * n];
    }

    static FrMatrix of(long[] rowMajor, int n) {
        FrMatrix m = new FrMatrix(n);
        for (int i = 0; i < n; i++) {
            System.arraycopy(rowMajor, 4 * n * i, m.rows[i], 0, 4 * n);
        }
        return m;
    }

    static FrMatrix identity(int n) {
        FrMatrix m = new FrMatrix(n);
        for (int i = 0; i < n; i++) {
            Fr.setOne(m.rows[i], 4 * i);
        }
        return m;
    }

    long[] rowMajor() {
        long[] out = new long[4 * n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(rows[i], 0, out, 4 * n * i, 4 * n);
        }
        return out;
    }

    FrMatrix transpose() {
        FrMatrix t = new FrMatrix(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                System.arraycopy(rows[i], 4 * j, t.rows[j], 4 * i, 4);
            }
        }
        return t;
    }

    FrMatrix mul(FrMatrix b) {
        FrMatrix r = new FrMatrix(n);
        long[] t = new long[4];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    Fr.mul(rows[i], 4 * k, b.rows[k], 4 * j, t, 0);
                    Fr.add(r.rows[i], 4 * j, t, 0, r.rows[i], 4 * j);
                }
            }
        }
        return r;
    }

    /** M v for v of n elements (4 limbs each). */
    long[] leftApply(long[] v, int off) {
        long[] r = new long[4 * n];
        long[] t = new long[4];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Fr.mul(rows[i], 4 * j, v, off + 4 * j, t, 0);
                Fr.add(r, 4 * i, t, 0, r, 4 * i);
            }
        }
        return r;
    }

    /** The matrix without row i and column j. */
    FrMatrix minor(int ri, int cj) {
        FrMatrix m = new FrMatrix(n - 1);
        for (int i = 0, oi = 0; i < n; i++) {
            if (i == ri) {
                continue;
            }
            for (int j = 0, oj = 0; j < n; j++) {
                if (j == cj) {
                    continue;
                }
                System.arraycopy(rows[i], 4 * j, m.rows[oi], 4 * oj, 4);
                oj++;
            }
            oi++;
        }
        return m;
    }

    /** The inverse by Gauss-Jordan elimination; the matrices here (MDS and its minors) are invertible. */
    FrMatrix invert() {
        FrMatrix a = new FrMatrix(n);
        for (int i = 0; i < n; i++) {
            a.rows[i] = rows[i].clone();
        }
        FrMatrix inv = identity(n);
        long[] t = new long[4];
        long[] f = new long[4];
        for (int c = 0; c < n; c++) {
            int p = c;
            while (p < n && Fr.isZero(a.rows[p], 4 * c)) {
                p++;
            }
            if (p == n) {
                throw new ArithmeticException("singular matrix");
            }
            long[] sw = a.rows[p];
            a.rows[p] = a.rows[c];
            a.rows[c] = sw;
            sw = inv.rows[p];
            inv.rows[p] = inv.rows[c];
            inv.rows[c] = sw;
            Fr.inverse(a.rows[c], 4 * c, f, 0);
            for (int j = 0; j < n; j++) {
                Fr.mul(a.rows[c], 4 * j, f, 0, a.rows[c], 4 * j);
                Fr.mul(inv.rows[c], 4 * j, f, 0, inv.rows[c], 4 * j);
            }
            for (int r = 0; r < n; r++) {
                if (r == c || Fr.isZero(a.rows[r], 4 * c)) {
                    continue;
                }
                System.arraycopy(a.rows[r], 4 * c, f, 0, 4);
                for (int j = 0; j < n; j++) {
                    Fr.mul(a.rows[c], 4 * j, f, 0, t, 0);
                    Fr.sub(a.rows[r], 4 * j, t, 0, a.rows[r], 4 * j);
                    Fr.mul(inv.rows[c], 4 * j, f, 0, t, 0);
                    Fr.sub(inv.rows[r], 4 * j, t, 0, inv.rows[r], 4 * j);
                }
            }
        }
        return inv;
    }
}
