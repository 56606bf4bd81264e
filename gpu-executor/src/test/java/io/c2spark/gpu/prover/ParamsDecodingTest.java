package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.c2spark.core.groth16.ParameterSource.Query;

/**
 * The decoding kernels' flag word (kernels/params_kernels.cuh: ((2^40 - 1 - index) << 8) | reason)
 * read back on the host: every reason named with the query's coordinates, and the largest word,
 * which atomicMax keeps, is the lowest index. ParameterFileKeyTest checks each reason end to end
 * on a GPU.
 */
class ParamsDecodingTest {
    /** The word params_refuse writes for a point and a reason. */
    private static long flag(long index, int reason) {
        return ((0xFF_FFFF_FFFFL - index) << 8) | reason;
    }

    @Test
    void flagWordsNameThePointAndTheReason() {
        assertNull(ParamsDecoding.refusal(Query.H, 0));
        assertEquals("point 0: compression flag (0x80) set on a 96-byte uncompressed encoding",
                ParamsDecoding.refusal(Query.L, flag(0, 1)));
        assertEquals("point 7: point at infinity (flag 0x40); no query holds it", ParamsDecoding.refusal(Query.A, flag(7, 2)));
        assertEquals("point 134217726: larger-y flag (0x20) set on an uncompressed encoding",
                ParamsDecoding.refusal(Query.H, flag((1L << 27) - 2, 3)));
        assertEquals("point 5: y coordinate is not below the field modulus p", ParamsDecoding.refusal(Query.B_G1, flag(5, 5)));
        assertEquals("point 5: x.c1 coordinate is not below the field modulus p", ParamsDecoding.refusal(Query.B_G2, flag(5, 4)));
        assertEquals("point 5: y.c0 coordinate is not below the field modulus p", ParamsDecoding.refusal(Query.B_G2, flag(5, 7)));
        assertEquals("point 33000000: (x, y) is not on the curve", ParamsDecoding.refusal(Query.B_G2, flag(33_000_000, 8)));
        assertTrue(Long.compareUnsigned(flag(3, 8), flag(4, 1)) > 0, "a lower index wins atomicMax whatever the reason");
    }
}
