package io.c2spark.core.snarkjs;

import io.c2spark.core.field.Fr;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A snarkjs .wtns witness (snarkjs src/wtns_utils.js): section 1 holds the field size, the prime
 * and the value count, section 2 the values, canonical little-endian. Read into Fr Montgomery
 * form, one element per wire (wire 0 is ONE).
 */
public final class WtnsFile {
    private WtnsFile() {
    }

    /** The witness values, 4 limbs each, Montgomery form. */
    public static long[] read(Path path) throws IOException {
        try (BinFile f = BinFile.open(path, "wtns", 2)) {
            ByteBuffer h = f.section(1, "header");
            int n8;
            BigInteger prime;
            int n;
            try {
                n8 = h.getInt();
                if (n8 != Fr.BYTES) {
                    throw f.error("field size is " + n8 + " bytes; only BLS12-381 Fr (32) is supported");
                }
                prime = FieldBytes.readUnsigned(h, n8);
                n = h.getInt();
            } catch (BufferUnderflowException e) {
                throw f.error("header section is truncated");
            }
            if (!prime.equals(Fr.MODULUS)) {
                throw f.error("prime is " + prime + ", not the BLS12-381 scalar field");
            }
            if (n < 1) {
                throw f.error("holds " + n + " values");
            }
            ByteBuffer v = f.section(2, "values");
            f.expectSize(v, (long) n * n8, 2, "values");
            long[] out = new long[n * Fr.LIMBS];
            v.asLongBuffer().get(out);
            for (int i = 0; i < n; i++) {
                if (!Fr.FIELD.isCanonical(out, i * Fr.LIMBS)) {
                    throw f.error("value " + i + " is not below r");
                }
                Fr.FIELD.toMontgomery(out, i * Fr.LIMBS, out, i * Fr.LIMBS);
            }
            if (!Fr.FIELD.isOne(out, 0)) {
                throw f.error("value 0 (the constant ONE) is " + Fr.toBigInteger(out, 0));
            }
            return out;
        }
    }
}
