package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.BitSink;

/**
 * {@link Sha256Gadget}'s witness, written without the gadget: the same bit variables in the same
 * order with the same values, and the same number of constraints, but computed a 32-bit word at a
 * time into a {@link BitSink} (the witness bitmap) with no object per bit or per constraint. SHA-256
 * is most of a PoRep partition's 130M variables, so this is the witness mode's hot path.
 *
 * <p>A word is kept as three masks in slot arrays: its bits' values, which bits are constants, and
 * which are negations of their variable (bellpepper's Boolean::Not). The gadget allocates a bit
 * exactly when its operands are not constants, and what it allocates depends on those masks alone:
 * an xor allocates the xor of its operands' variables, and-like operations (and, ch, maj) allocate
 * their results' values; so the variables' indices are never needed. Words whose operands are all
 * variables (nearly every word after the first rounds) take one bitwise expression; words mixing
 * constants (the IV in a message's first rounds, padding and constant message bits) take the
 * gadget's per-bit case analysis, repeated here from {@link Booleans}.
 */
final class Sha256WitnessWriter {
    private static final int W = 0;
    private static final int H_IN = 64;
    private static final int H_OUT = 72;
    private static final int A = 80;
    private static final int B = 81;
    private static final int C = 82;
    private static final int D = 83;
    private static final int E = 84;
    private static final int F = 85;
    private static final int G = 86;
    private static final int H = 87;
    private static final int DEFERRED_A = 88;
    private static final int DEFERRED_E = 95;
    private static final int NEW_A = 101;
    private static final int NEW_E = 102;
    private static final int S0 = 103;
    private static final int S1 = 104;
    private static final int CH = 105;
    private static final int MAJ = 106;
    private static final int ROT1 = 107;
    private static final int ROT2 = 108;
    private static final int K = 109;
    private static final int SLOTS = 110;

    /** bellpepper's MultiEq capacity: Fr's CAPACITY. */
    private static final int MULTIEQ_CAPACITY = Num.CAPACITY;

    /** A single boolean in the per-bit path: bit 0 its value, bit 1 constant, bit 2 negated variable. */
    private static final int FALSE = 2;
    private static final int TRUE = 3;

    private final BitSink sink;
    private final int[] val = new int[SLOTS];
    private final int[] cst = new int[SLOTS];
    private final int[] neg = new int[SLOTS];
    /** The first aux index of each output word's bits, -1 where the word is a constant. */
    private final int[] outFirst = new int[8];
    private final int[] ops = new int[10];
    private int multiEqBits;
    private int constraints;
    private long pending;
    private int pendingCount;

    Sha256WitnessWriter(BitSink sink) {
        this.sink = sink;
    }

    /** sha256 of whole bytes of packed booleans, as {@link Sha256Gadget#hash}. */
    long[] hash(long[] input) {
        long[] padded = Sha256Gadget.pad(input);
        setIv();
        for (int off = 0; off < padded.length; off += 512) {
            compress(padded, off);
            for (int i = 0; i < 8; i++) {
                copy(H_OUT + i, H_IN + i);
            }
        }
        return digest();
    }

    /** One compression of a 512-bit block from the IV, as {@link Sha256Gadget#blockNoPadding}. */
    long[] blockNoPadding(long[] block) {
        setIv();
        compress(block, 0);
        return digest();
    }

    private void setIv() {
        for (int i = 0; i < 8; i++) {
            constant(H_IN + i, Sha256Gadget.IV[i]);
        }
    }

    private long[] digest() {
        sink.countConstraints(constraints);
        constraints = 0;
        long[] out = new long[256];
        for (int i = 0; i < 8; i++) {
            int v = val[H_OUT + i];
            for (int j = 0; j < 32; j++) {
                int k = 31 - j;
                boolean b = ((v >>> k) & 1) != 0;
                out[32 * i + j] = outFirst[i] < 0 ? Bit.constant(b) : Bit.of(outFirst[i] + k, b);
            }
        }
        return out;
    }

    private void compress(long[] input, int off) {
        multiEqBits = 0;
        for (int i = 0; i < 16; i++) {
            loadWordBe(input, off + 32 * i, W + i);
        }
        for (int i = 16; i < 64; i++) {
            sigma(W + i - 15, 7, 18, 3, true, S0);
            sigma(W + i - 2, 17, 19, 10, true, S1);
            addmany(W + i, W + i - 16, S0, W + i - 7, S1);
        }
        for (int i = 0; i < 8; i++) {
            copy(H_IN + i, A + i);
        }
        boolean deferred = false;
        for (int i = 0; i < 64; i++) {
            settle(deferred, DEFERRED_E, 6, E, NEW_E);
            sigma(NEW_E, 6, 11, 25, false, S1);
            ch(NEW_E, F, G, CH);
            settle(deferred, DEFERRED_A, 7, A, NEW_A);
            sigma(NEW_A, 2, 13, 22, false, S0);
            maj(NEW_A, B, C, MAJ);
            constant(K, Sha256Gadget.K[i]);
            deferTemp1(DEFERRED_E, i);
            deferTemp1(DEFERRED_A, i);
            copy(D, DEFERRED_E + 5);
            copy(S0, DEFERRED_A + 5);
            copy(MAJ, DEFERRED_A + 6);
            copy(G, H);
            copy(F, G);
            copy(NEW_E, F);
            copy(C, D);
            copy(B, C);
            copy(NEW_A, B);
            deferred = true;
        }
        outFirst[0] = addmanyOf(DEFERRED_A, 7, H_IN, H_OUT);
        for (int i = 1; i < 4; i++) {
            outFirst[i] = addmany(H_OUT + i, H_IN + i, A + i);
        }
        outFirst[4] = addmanyOf(DEFERRED_E, 6, H_IN + 4, H_OUT + 4);
        for (int i = 5; i < 8; i++) {
            outFirst[i] = addmany(H_OUT + i, H_IN + i, A + i);
        }
        if (multiEqBits > 0) {
            constraints++;
        }
    }

    /** The gadget's temp1 operands h, s1, ch, K[i], w[i], deferred into the next round's additions. */
    private void deferTemp1(int dst, int round) {
        copy(H, dst);
        copy(S1, dst + 1);
        copy(CH, dst + 2);
        copy(K, dst + 3);
        copy(W + round, dst + 4);
    }

    /** UInt32::fromBitsBe: bit k of the word is input[off + 31 - k]. */
    private void loadWordBe(long[] input, int off, int dst) {
        int v = 0;
        int c = 0;
        int n = 0;
        for (int k = 0; k < 32; k++) {
            long b = input[off + 31 - k];
            v |= (Bit.value(b) ? 1 : 0) << k;
            c |= (Bit.isConstant(b) ? 1 : 0) << k;
            n |= (Bit.isNot(b) ? 1 : 0) << k;
        }
        set(dst, v, c, n);
    }

    private void set(int slot, int v, int c, int n) {
        val[slot] = v;
        cst[slot] = c;
        neg[slot] = n;
    }

    private void constant(int slot, int v) {
        set(slot, v, -1, 0);
    }

    private void copy(int from, int to) {
        set(to, val[from], cst[from], neg[from]);
    }

    private void rotr(int src, int by, int dst) {
        set(dst, Integer.rotateRight(val[src], by), Integer.rotateRight(cst[src], by),
                Integer.rotateRight(neg[src], by));
    }

    /** The vacated high bits are constant zeros. */
    private void shr(int src, int by, int dst) {
        set(dst, val[src] >>> by, (cst[src] >>> by) | ~(-1 >>> by), neg[src] >>> by);
    }

    /**
     * dst = rotr(x, r1) ^ rotr(x, r2) ^ (x >>> r3 when shift, else rotr(x, r3)): SHA-256's sigma
     * functions of the message schedule (shift) and Sigma functions of the rounds, in the gadget's
     * order of operations.
     */
    private void sigma(int x, int r1, int r2, int r3, boolean shift, int dst) {
        rotr(x, r1, ROT1);
        rotr(x, r2, ROT2);
        xor(ROT1, ROT2, dst);
        if (shift) {
            shr(x, r3, ROT1);
        } else {
            rotr(x, r3, ROT1);
        }
        xor(dst, ROT1, dst);
    }

    /**
     * dst = the round's new e or a: the deferred sum of count words once the rounds have begun,
     * else the initial word.
     */
    private void settle(boolean deferred, int deferredSum, int count, int initial, int dst) {
        if (deferred) {
            addmanyOf(deferredSum, count, -1, dst);
        } else {
            copy(initial, dst);
        }
    }

    /**
     * Boolean::xor per bit: a constant operand passes the other through (negated for true), so only
     * bits where both are variables allocate; the new variable holds the xor of the two variables,
     * and the result is its negation when exactly one operand was a negation.
     */
    private void xor(int x, int y, int dst) {
        int cx = cst[x];
        int cy = cst[y];
        int both = ~cx & ~cy;
        allocateMasked((val[x] ^ neg[x]) ^ (val[y] ^ neg[y]), both);
        int c = cx & cy;
        set(dst, val[x] ^ val[y], c, (neg[x] ^ neg[y] ^ (cx & val[x]) ^ (cy & val[y])) & ~c);
    }

    /** Boolean::sha256_ch per bit: one allocated bit holding the result when all three are variables. */
    private void ch(int a, int b, int c, int dst) {
        if ((cst[a] | cst[b] | cst[c]) == 0) {
            int v = (val[a] & val[b]) ^ (~val[a] & val[c]);
            allocate(v & 0xFFFFFFFFL, 32);
            set(dst, v, 0, 0);
            return;
        }
        bitByBit(a, b, c, dst, false);
    }

    /**
     * Boolean::sha256_maj per bit: when all three are variables, the result bit and then (b and c)
     * are allocated, interleaved bit by bit.
     */
    private void maj(int a, int b, int c, int dst) {
        if ((cst[a] | cst[b] | cst[c]) == 0) {
            int v = (val[a] & val[b]) ^ (val[a] & val[c]) ^ (val[b] & val[c]);
            long both = spread(v) | (spread(val[b] & val[c]) << 1);
            allocate(both, 64);
            set(dst, v, 0, 0);
            return;
        }
        bitByBit(a, b, c, dst, true);
    }

    /** ch or maj of words with constant bits, bit by bit ({@link #bitCh}, {@link #bitMaj}). */
    private void bitByBit(int a, int b, int c, int dst, boolean maj) {
        int v = 0;
        int cs = 0;
        int ng = 0;
        for (int i = 0; i < 32; i++) {
            int r = maj ? bitMaj(bit(a, i), bit(b, i), bit(c, i)) : bitCh(bit(a, i), bit(b, i), bit(c, i));
            v |= (r & 1) << i;
            cs |= ((r >>> 1) & 1) << i;
            ng |= ((r >>> 2) & 1) << i;
        }
        flushPending();
        set(dst, v, cs, ng);
    }

    /** The 32 bits of x moved to the even bit positions of a long. */
    private static long spread(int x) {
        long v = x & 0xFFFFFFFFL;
        v = (v | (v << 16)) & 0x0000FFFF0000FFFFL;
        v = (v | (v << 8)) & 0x00FF00FF00FF00FFL;
        v = (v | (v << 4)) & 0x0F0F0F0F0F0F0F0FL;
        v = (v | (v << 2)) & 0x3333333333333333L;
        v = (v | (v << 1)) & 0x5555555555555555L;
        return v;
    }

    private int bit(int slot, int i) {
        return ((val[slot] >>> i) & 1) | (((cst[slot] >>> i) & 1) << 1) | (((neg[slot] >>> i) & 1) << 2);
    }

    private static int not(int b) {
        return (b & 2) != 0 ? b ^ 1 : b ^ 5;
    }

    private static boolean allConstant(int a, int b, int c) {
        return (a & b & c & 2) != 0;
    }

    /** Boolean::and: its allocated bit always holds the result's value, as a plain (not negated) variable. */
    private int bitAnd(int x, int y) {
        if (x == FALSE || y == FALSE) {
            return FALSE;
        }
        if (x == TRUE) {
            return y;
        }
        if (y == TRUE) {
            return x;
        }
        int v = x & y & 1;
        push(v);
        return v;
    }

    private int bitCh(int a, int b, int c) {
        int v = ((a & b) ^ (~a & c)) & 1;
        if (allConstant(a, b, c)) {
            return 2 | v;
        }
        if (a == FALSE) {
            return c;
        }
        if (b == FALSE) {
            return bitAnd(not(a), c);
        }
        if (c == FALSE) {
            return bitAnd(a, b);
        }
        if (c == TRUE) {
            return not(bitAnd(a, not(b)));
        }
        if (b == TRUE) {
            return not(bitAnd(not(a), not(c)));
        }
        push(v);
        return v;
    }

    private int bitMaj(int a, int b, int c) {
        int v = ((a & b) ^ (a & c) ^ (b & c)) & 1;
        if (allConstant(a, b, c)) {
            return 2 | v;
        }
        if (a == FALSE) {
            return bitAnd(b, c);
        }
        if (b == FALSE) {
            return bitAnd(a, c);
        }
        if (c == FALSE) {
            return bitAnd(a, b);
        }
        if (c == TRUE) {
            return not(bitAnd(not(a), not(b)));
        }
        if (b == TRUE) {
            return not(bitAnd(not(a), not(c)));
        }
        if (a == TRUE) {
            return not(bitAnd(not(b), not(c)));
        }
        push(v);
        bitAnd(b, c);
        return v;
    }

    private int addmany(int dst, int x, int y) {
        ops[0] = x;
        ops[1] = y;
        return addmanyOps(2, dst);
    }

    private int addmany(int dst, int w, int x, int y, int z) {
        ops[0] = w;
        ops[1] = x;
        ops[2] = y;
        ops[3] = z;
        return addmanyOps(4, dst);
    }

    /** The n operand slots from first on, then the slot extra unless it is -1. */
    private int addmanyOf(int first, int n, int extra, int dst) {
        for (int k = 0; k < n; k++) {
            ops[k] = first + k;
        }
        if (extra >= 0) {
            ops[n++] = extra;
        }
        return addmanyOps(n, dst);
    }

    /**
     * UInt32::addmany: all-constant operands give a constant; otherwise the full-width sum's bits are
     * allocated (one boolean constraint each) and their equality goes into the MultiEq, which emits a
     * constraint whenever the next one would pass its capacity, and when the compression ends.
     *
     * @return the aux index of the sum's first bit, or -1 for a constant
     */
    private int addmanyOps(int n, int dst) {
        long sum = 0;
        boolean allConstants = true;
        for (int k = 0; k < n; k++) {
            sum += val[ops[k]] & 0xFFFFFFFFL;
            allConstants &= cst[ops[k]] == -1;
        }
        if (allConstants) {
            constant(dst, (int) sum);
            return -1;
        }
        int width = 64 - Long.numberOfLeadingZeros(n * 0xFFFFFFFFL);
        int first = allocate(sum, width);
        if (MULTIEQ_CAPACITY <= multiEqBits + width) {
            constraints++;
            multiEqBits = 0;
        }
        multiEqBits += width;
        set(dst, (int) sum, 0, 0);
        return first;
    }

    /** Allocates count bits and their count of constraints (every bit the gadget allocates has one). */
    private int allocate(long values, int count) {
        constraints += count;
        return sink.allocateBits(values, count);
    }

    /** Allocates the bits of values at the positions set in mask, lowest first. */
    private void allocateMasked(int values, int mask) {
        if (mask == -1) {
            allocate(values & 0xFFFFFFFFL, 32);
            return;
        }
        for (int m = mask; m != 0; m &= m - 1) {
            push((values >>> Integer.numberOfTrailingZeros(m)) & 1);
        }
        flushPending();
    }

    private void push(int bit) {
        pending |= (long) bit << pendingCount++;
    }

    private void flushPending() {
        if (pendingCount > 0) {
            allocate(pending, pendingCount);
            pending = 0;
            pendingCount = 0;
        }
    }
}
