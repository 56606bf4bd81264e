package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.poseidon.PoseidonOptimizedConstants;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.LinearCombination;
import io.c2spark.core.r1cs.Variable;

/**
 * Poseidon in the circuit exactly as neptune's circuit.rs poseidon_hash (the form Filecoin's
 * circuits use): the state holds either allocated numbers or linear combinations ("Elt"); every
 * S-box allocates its input when it is a combination (one constraint), then x^2, x^4 and x^5 plus
 * the next round's compressed constant (three constraints); the first round folds the pre-round
 * constants into the S-box and treats the domain tag as a constant; the MDS products are linear
 * and cost nothing; partial rounds use the sparse factorisation.
 */
public final class PoseidonGadget {
    private PoseidonGadget() {
    }

    /** A state element: an allocated variable, or a linear combination of variables and ONE with its value. */
    private static final class Elt {
        static final int[] NO_VARS = new int[0];
        static final long[] NO_COEFFS = new long[0];
        final int[] vars;
        final long[] coeffs;
        final long[] value;
        final boolean allocated;

        Elt(int[] vars, long[] coeffs, long[] value, boolean allocated) {
            this.vars = vars;
            this.coeffs = coeffs;
            this.value = value;
            this.allocated = allocated;
        }

        /** An element that carries only its value: the witness mode needs no linear combinations. */
        static Elt valueOnly(long[] v) {
            return new Elt(NO_VARS, NO_COEFFS, v, false);
        }

        static Elt allocated(Num n) {
            long[] one = new long[Fr.LIMBS];
            Fr.setOne(one, 0);
            return new Elt(new int[] {n.variable()}, one, n.value(), true);
        }

        static Elt constant(long[] v) {
            return new Elt(new int[] {Variable.ONE}, v.clone(), v.clone(), false);
        }

        static Elt zero() {
            return new Elt(new int[0], new long[0], new long[Fr.LIMBS], false);
        }

        /** This element times s, as a combination. */
        Elt scale(long[] s, int so) {
            long[] c = new long[coeffs.length];
            for (int k = 0; k < vars.length; k++) {
                Fr.mul(coeffs, 4 * k, s, so, c, 4 * k);
            }
            long[] v = new long[Fr.LIMBS];
            Fr.mul(value, 0, s, so, v, 0);
            return new Elt(vars, c, v, false);
        }

        /** The sum of two combinations, terms of one variable merged (bellpepper's Indexer). */
        Elt plus(Elt o) {
            int[] vs = new int[vars.length + o.vars.length];
            long[] cs = new long[4 * vs.length];
            int n = 0;
            for (int pass = 0; pass < 2; pass++) {
                Elt e = pass == 0 ? this : o;
                for (int k = 0; k < e.vars.length; k++) {
                    int found = -1;
                    for (int q = 0; q < n; q++) {
                        if (vs[q] == e.vars[k]) {
                            found = q;
                            break;
                        }
                    }
                    if (found >= 0) {
                        Fr.add(cs, 4 * found, e.coeffs, 4 * k, cs, 4 * found);
                    } else {
                        vs[n] = e.vars[k];
                        System.arraycopy(e.coeffs, 4 * k, cs, 4 * n, 4);
                        n++;
                    }
                }
            }
            long[] v = new long[Fr.LIMBS];
            Fr.add(value, 0, o.value, 0, v, 0);
            return new Elt(java.util.Arrays.copyOf(vs, n), java.util.Arrays.copyOf(cs, 4 * n), v, false);
        }

        void addTo(LinearCombination lc) {
            for (int k = 0; k < vars.length; k++) {
                lc.add(vars[k], coeffs, 4 * k);
            }
        }

        /** ensure_allocated: an allocated element as is; a combination gets a variable and "lc * 1 = v". */
        Num ensureAllocated(ConstraintSystem cs) {
            if (allocated) {
                return new Num(vars[0], value);
            }
            Num v;
            try (var ns = cs.namespace(() -> "allocate for Elt::Num")) {
                v = Num.alloc(cs, value);
            }
            cs.enforce(() -> "enforce num allocation preserves lc", this::addTo, l -> l.add(Variable.ONE),
                    l -> l.add(v.variable()));
            return v;
        }
    }

    /** poseidon_hash over {@code preimage.length} = arity allocated numbers (arity 2, 4, 8 or 11). */
    public static Num hash(ConstraintSystem cs, Num[] preimage) {
        PoseidonOptimizedConstants c = PoseidonOptimizedConstants.of(preimage.length);
        Elt[] state = new Elt[c.width];
        state[0] = Elt.constant(c.domainTag);
        for (int i = 0; i < preimage.length; i++) {
            state[i + 1] = Elt.allocated(preimage[i]);
        }
        Permutation p = new Permutation(c, state, cs.buildsConstraints());
        return p.run(cs);
    }

    /** The round loop, with neptune's constants cursor and round counter. */
    private static final class Permutation {
        final PoseidonOptimizedConstants c;
        /** False in witness mode: the MDS products then carry values only, not linear combinations. */
        final boolean linear;
        Elt[] state;
        int offset;
        int round;

        Permutation(PoseidonOptimizedConstants c, Elt[] state, boolean linear) {
            this.c = c;
            this.state = state;
            this.linear = linear;
        }

        Num run(ConstraintSystem cs) {
            try (var ns = cs.namespace(() -> "first round")) {
                fullRound(cs, true, false);
            }
            for (int i = 1; i < c.halfFullRounds; i++) {
                int k = i;
                try (var ns = cs.namespace(() -> "initial full round " + k)) {
                    fullRound(cs, false, false);
                }
            }
            for (int i = 0; i < c.partialRounds; i++) {
                int k = i;
                try (var ns = cs.namespace(() -> "partial round " + k)) {
                    partialRound(cs);
                }
            }
            for (int i = 0; i < c.halfFullRounds - 1; i++) {
                int k = i;
                try (var ns = cs.namespace(() -> "final full round " + k)) {
                    fullRound(cs, false, false);
                }
            }
            try (var ns = cs.namespace(() -> "terminal full round")) {
                fullRound(cs, false, true);
            }
            try (var ns = cs.namespace(() -> "hash result")) {
                return state[1].ensureAllocated(cs);
            }
        }

        void fullRound(ConstraintSystem cs, boolean first, boolean last) {
            long[] k = c.compressedRoundConstants;
            int pre = 4 * offset;
            if (first) {
                offset += c.width;
            }
            int post = 4 * offset;
            boolean hasPost = first || !last;
            if (hasPost) {
                offset += c.width;
            }
            for (int i = 0; i < c.width; i++) {
                int e = i;
                if (first && i == 0) {
                    state[0] = constantSbox(state[0], k, pre, post);
                } else if (first) {
                    try (var ns = cs.namespace(() -> "quintic s-box " + e)) {
                        state[i] = sboxPreAdd(cs, state[i], k, pre + 4 * i, post + 4 * i);
                    }
                } else {
                    try (var ns = cs.namespace(() -> "quintic s-box " + e)) {
                        state[i] = sbox(cs, state[i], hasPost ? k : null, post + 4 * i);
                    }
                }
            }
            productMds();
        }

        void partialRound(ConstraintSystem cs) {
            int rk = offset;
            offset += 1;
            try (var ns = cs.namespace(() -> "solitary quintic s-box")) {
                state[0] = sbox(cs, state[0], c.compressedRoundConstants, 4 * rk);
            }
            productMds();
        }

        void productMds() {
            int sparseOffset = c.halfFullRounds - 1;
            if (round == sparseOffset) {
                productMatrix(c.preSparse);
            } else if (round > sparseOffset && round < c.halfFullRounds + c.partialRounds) {
                productSparse(round - sparseOffset - 1);
            } else {
                productMatrix(c.mds);
            }
            round++;
        }

        /** result[j] = sum_i state[i] * matrix[i][j]. */
        void productMatrix(long[] m) {
            Elt[] r = new Elt[c.width];
            if (!linear) {
                long[] t = new long[Fr.LIMBS];
                for (int j = 0; j < c.width; j++) {
                    long[] v = new long[Fr.LIMBS];
                    for (int i = 0; i < c.width; i++) {
                        Fr.mul(state[i].value, 0, m, 4 * (i * c.width + j), t, 0);
                        Fr.add(v, 0, t, 0, v, 0);
                    }
                    r[j] = Elt.valueOnly(v);
                }
                state = r;
                return;
            }
            for (int j = 0; j < c.width; j++) {
                Elt acc = Elt.zero();
                for (int i = 0; i < c.width; i++) {
                    acc = acc.plus(state[i].scale(m, 4 * (i * c.width + j)));
                }
                r[j] = acc;
            }
            state = r;
        }

        void productSparse(int index) {
            long[] wHat = c.sparseWHat[index];
            long[] vRest = c.sparseVRest[index];
            Elt[] r = new Elt[c.width];
            if (!linear) {
                long[] t = new long[Fr.LIMBS];
                long[] v0 = new long[Fr.LIMBS];
                for (int i = 0; i < c.width; i++) {
                    Fr.mul(state[i].value, 0, wHat, 4 * i, t, 0);
                    Fr.add(v0, 0, t, 0, v0, 0);
                }
                r[0] = Elt.valueOnly(v0);
                for (int j = 1; j < c.width; j++) {
                    long[] v = new long[Fr.LIMBS];
                    Fr.mul(state[0].value, 0, vRest, 4 * (j - 1), v, 0);
                    Fr.add(v, 0, state[j].value, 0, v, 0);
                    r[j] = Elt.valueOnly(v);
                }
                state = r;
                return;
            }
            Elt acc = Elt.zero();
            for (int i = 0; i < c.width; i++) {
                acc = acc.plus(state[i].scale(wHat, 4 * i));
            }
            r[0] = acc;
            for (int j = 1; j < c.width; j++) {
                r[j] = asCombination(state[j]).plus(state[0].scale(vRest, 4 * (j - 1)));
            }
            state = r;
        }

        private static Elt asCombination(Elt e) {
            return e.allocated ? new Elt(e.vars, e.coeffs, e.value, false) : e;
        }
    }

    /** The tag's first-round S-box, computed on the constant: ((tag + pre)^5 + post). */
    private static Elt constantSbox(Elt tag, long[] k, int pre, int post) {
        long[] x = new long[Fr.LIMBS];
        Fr.add(tag.value, 0, k, pre, x, 0);
        long[] x2 = new long[Fr.LIMBS];
        Fr.sqr(x, 0, x2, 0);
        Fr.sqr(x2, 0, x2, 0);
        Fr.mul(x2, 0, x, 0, x, 0);
        Fr.add(x, 0, k, post, x, 0);
        return Elt.constant(x);
    }

    /** quintic_s_box: (l^4 * l) + rk, rk absent in the terminal round. */
    private static Elt sbox(ConstraintSystem cs, Elt e, long[] k, int post) {
        Num l;
        try (var ns = cs.namespace(() -> "S-box input")) {
            l = e.ensureAllocated(cs);
        }
        Num l2 = square(cs, "l^2", l);
        Num l4 = square(cs, "l^4", l2);
        return Elt.allocated(mulSum(cs, "(l4 * l) + rk)", l4, l, null, 0, k, post));
    }

    /** quintic_s_box_pre_add: l4 * (l + pre) + post with l2 = (l + pre)^2. */
    private static Elt sboxPreAdd(ConstraintSystem cs, Elt e, long[] k, int pre, int post) {
        Num l;
        try (var ns = cs.namespace(() -> "S-box input")) {
            l = e.ensureAllocated(cs);
        }
        Num l2 = squareSum(cs, k, pre, l);
        Num l4 = square(cs, "l^4", l2);
        return Elt.allocated(mulSum(cs, "l4 * (l + rk)", l4, l, k, pre, k, post));
    }

    /** AllocatedNum::square. */
    private static Num square(ConstraintSystem cs, String name, Num a) {
        try (var ns = cs.namespace(() -> name)) {
            long[] v = a.value();
            Fr.sqr(v, 0, v, 0);
            Num r;
            try (var n = cs.namespace(() -> "squared num")) {
                r = Num.alloc(cs, v);
            }
            cs.enforce(() -> "squaring constraint", l -> l.add(a.variable()), l -> l.add(a.variable()),
                    l -> l.add(r.variable()));
            return r;
        }
    }

    /** square_sum: (num + toAdd)^2. */
    private static Num squareSum(ConstraintSystem cs, long[] k, int ko, Num num) {
        try (var ns = cs.namespace(() -> "(l+rk)^2")) {
            long[] v = num.value();
            Fr.add(v, 0, k, ko, v, 0);
            Fr.sqr(v, 0, v, 0);
            Num r;
            try (var n = cs.namespace(() -> "squared sum")) {
                r = Num.alloc(cs, v);
            }
            cs.enforce(() -> "squared sum constraint", l -> l.add(num.variable()).add(Variable.ONE, k, ko),
                    l -> l.add(num.variable()).add(Variable.ONE, k, ko), l -> l.add(r.variable()));
            return r;
        }
    }

    /** mul_sum: (b + pre) * a + post, pre and post optional (null arrays). */
    private static Num mulSum(ConstraintSystem cs, String name, Num a, Num b, long[] preK, int pre, long[] postK,
            int post) {
        try (var ns = cs.namespace(() -> name)) {
            long[] v = b.value();
            if (preK != null) {
                Fr.add(v, 0, preK, pre, v, 0);
            }
            Fr.mul(v, 0, a.value(), 0, v, 0);
            if (postK != null) {
                Fr.add(v, 0, postK, post, v, 0);
            }
            Num res;
            try (var n = cs.namespace(() -> "mul_sum")) {
                res = Num.alloc(cs, v);
            }
            cs.enforce(() -> "mul sum constraint",
                    l -> {
                        l.add(b.variable());
                        if (preK != null) {
                            l.add(Variable.ONE, preK, pre);
                        }
                    },
                    l -> l.add(a.variable()),
                    l -> {
                        l.add(res.variable());
                        if (postK != null) {
                            l.sub(Variable.ONE, postK, post);
                        }
                    });
            return res;
        }
    }
}
