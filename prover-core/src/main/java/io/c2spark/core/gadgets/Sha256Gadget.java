package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.BitSink;
import io.c2spark.core.r1cs.ConstraintSystem;
import java.util.ArrayList;
import java.util.List;

/**
 * SHA-256 in the circuit, exactly as bellpepper's gadgets/sha256.rs: the same allocations,
 * constraints and order (the message schedule, then 64 rounds with the additions of e and a
 * deferred into one addmany each, then the final additions), so Filecoin's parameter files fit.
 * Booleans are {@link Bit}-packed longs; input and output bits are big-endian per byte.
 */
public final class Sha256Gadget {
    static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };
    static final int[] IV = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };

    private Sha256Gadget() {
    }

    /**
     * sha256: pads the message (a whole number of bytes) and runs the compression per block. The
     * witness mode takes the dedicated writer, which allocates the same variables.
     */
    public static long[] hash(ConstraintSystem cs, long[] input) {
        if (input.length % 8 != 0) {
            throw new IllegalArgumentException("SHA-256 input must be whole bytes, got " + input.length + " bits");
        }
        if (cs instanceof BitSink sink) {
            return new Sha256WitnessWriter(sink).hash(input);
        }
        long[] padded = pad(input);
        UInt32[] cur = iv();
        for (int blk = 0; blk < padded.length / 512; blk++) {
            int k = blk;
            try (var ns = cs.namespace(() -> "block " + k)) {
                cur = compress(cs, padded, blk * 512, cur);
            }
        }
        return toBitsBe(cur);
    }

    /** The message, a one bit, zeros, and its length in bits as 64 big-endian bits: whole blocks. */
    static long[] pad(long[] input) {
        long plen = input.length;
        int total = (int) (((plen + 1 + 64 + 511) / 512) * 512);
        long[] padded = new long[total];
        System.arraycopy(input, 0, padded, 0, input.length);
        padded[input.length] = Bit.TRUE;
        for (int i = 0; i < 64; i++) {
            padded[total - 64 + i] = Bit.constant(((plen >>> (63 - i)) & 1) != 0);
        }
        return padded;
    }

    /** sha256_block_no_padding: one compression of a 512-bit block from the IV. */
    public static long[] blockNoPadding(ConstraintSystem cs, long[] input) {
        if (input.length != 512) {
            throw new IllegalArgumentException("a SHA-256 block has 512 bits, got " + input.length);
        }
        if (cs instanceof BitSink sink) {
            return new Sha256WitnessWriter(sink).blockNoPadding(input);
        }
        return toBitsBe(compress(cs, input, 0, iv()));
    }

    static UInt32[] iv() {
        UInt32[] iv = new UInt32[8];
        for (int i = 0; i < 8; i++) {
            iv[i] = UInt32.constant(IV[i]);
        }
        return iv;
    }

    static long[] toBitsBe(UInt32[] words) {
        long[] out = new long[256];
        for (int i = 0; i < 8; i++) {
            System.arraycopy(words[i].toBitsBe(), 0, out, 32 * i, 32);
        }
        return out;
    }

    /** A word not yet computed: the operands of its addmany, deferred as bellpepper does. */
    private static final class Maybe {
        final UInt32 concrete;
        final List<UInt32> deferred;

        Maybe(UInt32 concrete) {
            this.concrete = concrete;
            this.deferred = null;
        }

        Maybe(List<UInt32> deferred) {
            this.concrete = null;
            this.deferred = deferred;
        }

        UInt32 compute(ConstraintSystem cs, MultiEq meq, UInt32... others) {
            if (concrete != null) {
                return concrete;
            }
            List<UInt32> ops = new ArrayList<>(deferred);
            ops.addAll(List.of(others));
            return UInt32.addmany(cs, meq, ops.toArray(UInt32[]::new));
        }
    }

    /**
     * rotr(x, r1) ^ rotr(x, r2) ^ (x >>> r3 when shift, else rotr(x, r3)), the xors in the
     * namespaces "first xor for name" and "second xor for name": SHA-256's sigma functions of the
     * message schedule (shift) and Sigma functions of the rounds.
     */
    private static UInt32 sigma(ConstraintSystem cs, String name, UInt32 x, int r1, int r2, int r3, boolean shift) {
        UInt32 s = x.rotr(r1);
        try (var n = cs.namespace(() -> "first xor for " + name)) {
            s = s.xor(cs, x.rotr(r2));
        }
        try (var n = cs.namespace(() -> "second xor for " + name)) {
            s = s.xor(cs, shift ? x.shr(r3) : x.rotr(r3));
        }
        return s;
    }

    /** sha256_compression_function over input[off, off + 512). */
    public static UInt32[] compress(ConstraintSystem cs, long[] input, int off, UInt32[] h0) {
        UInt32[] w = new UInt32[64];
        for (int i = 0; i < 16; i++) {
            w[i] = UInt32.fromBitsBe(input, off + 32 * i);
        }
        try (MultiEq meq = new MultiEq(cs)) {
            for (int i = 16; i < 64; i++) {
                int k = i;
                try (var ns = cs.namespace(() -> "w extension " + k)) {
                    UInt32 s0 = sigma(cs, "s0", w[i - 15], 7, 18, 3, true);
                    UInt32 s1 = sigma(cs, "s1", w[i - 2], 17, 19, 10, true);
                    try (var n3 = cs.namespace(() -> "computation of w[i]")) {
                        w[i] = UInt32.addmany(cs, meq, w[i - 16], s0, w[i - 7], s1);
                    }
                }
            }
            Maybe a = new Maybe(h0[0]);
            UInt32 b = h0[1];
            UInt32 c = h0[2];
            UInt32 d = h0[3];
            Maybe e = new Maybe(h0[4]);
            UInt32 f = h0[5];
            UInt32 g = h0[6];
            UInt32 h = h0[7];
            for (int i = 0; i < 64; i++) {
                int k = i;
                try (var ns = cs.namespace(() -> "compression round " + k)) {
                    UInt32 newE;
                    try (var n = cs.namespace(() -> "deferred e computation")) {
                        newE = e.compute(cs, meq);
                    }
                    UInt32 s1 = sigma(cs, "s1", newE, 6, 11, 25, false);
                    UInt32 ch;
                    try (var n = cs.namespace(() -> "ch")) {
                        ch = UInt32.sha256Ch(cs, newE, f, g);
                    }
                    List<UInt32> temp1 = List.of(h, s1, ch, UInt32.constant(K[i]), w[i]);
                    UInt32 newA;
                    try (var n = cs.namespace(() -> "deferred a computation")) {
                        newA = a.compute(cs, meq);
                    }
                    UInt32 s0 = sigma(cs, "s0", newA, 2, 13, 22, false);
                    UInt32 maj;
                    try (var n = cs.namespace(() -> "maj")) {
                        maj = UInt32.sha256Maj(cs, newA, b, c);
                    }
                    h = g;
                    g = f;
                    f = newE;
                    List<UInt32> eOps = new ArrayList<>(temp1);
                    eOps.add(d);
                    e = new Maybe(eOps);
                    d = c;
                    c = b;
                    b = newA;
                    List<UInt32> aOps = new ArrayList<>(temp1);
                    aOps.add(s0);
                    aOps.add(maj);
                    a = new Maybe(aOps);
                }
            }
            UInt32[] out = new UInt32[8];
            try (var n = cs.namespace(() -> "deferred h0 computation")) {
                out[0] = a.compute(cs, meq, h0[0]);
            }
            out[1] = addNamed(cs, meq, "new h1", h0[1], b);
            out[2] = addNamed(cs, meq, "new h2", h0[2], c);
            out[3] = addNamed(cs, meq, "new h3", h0[3], d);
            try (var n = cs.namespace(() -> "deferred h4 computation")) {
                out[4] = e.compute(cs, meq, h0[4]);
            }
            out[5] = addNamed(cs, meq, "new h5", h0[5], f);
            out[6] = addNamed(cs, meq, "new h6", h0[6], g);
            out[7] = addNamed(cs, meq, "new h7", h0[7], h);
            return out;
        }
    }

    private static UInt32 addNamed(ConstraintSystem cs, MultiEq meq, String name, UInt32 x, UInt32 y) {
        try (var n = cs.namespace(() -> name)) {
            return UInt32.addmany(cs, meq, x, y);
        }
    }
}
