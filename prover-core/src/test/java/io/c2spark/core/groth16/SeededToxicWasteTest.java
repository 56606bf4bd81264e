package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Toxic waste from a seed against values computed outside Java from the construction its javadoc
 * states (Python's hashlib: SHA-256 over "c2spark toxic waste v1" || seed || be64(counter), 64
 * bytes big-endian per value, mod r), for a one-byte and a 32-byte seed.
 */
class SeededToxicWasteTest {
    private static BigInteger hex(String h) {
        return new BigInteger(h, 16);
    }

    private static void assertWaste(String seedHex, String... values) {
        ParameterGenerator.ToxicWaste tw = ParameterGenerator.ToxicWaste.fromSeed(HexFormat.of().parseHex(seedHex));
        long[] g1 = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, g1, 0);
        G1.LAW.mul(g1, 0, hex(values[0]), g1, 0);
        long[] g1Affine = new long[G1.AFFINE];
        G1.LAW.toAffine(g1, 0, g1Affine, 0);
        assertArrayEquals(g1Affine, tw.g1(), "g1 = s1 G1");
        long[] g2 = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, g2, 0);
        G2.LAW.mul(g2, 0, hex(values[1]), g2, 0);
        long[] g2Affine = new long[G2.AFFINE];
        G2.LAW.toAffine(g2, 0, g2Affine, 0);
        assertArrayEquals(g2Affine, tw.g2(), "g2 = s2 G2");
        long[][] scalars = {tw.alpha(), tw.beta(), tw.gamma(), tw.delta(), tw.tau()};
        String[] names = {"alpha", "beta", "gamma", "delta", "tau"};
        for (int k = 0; k < scalars.length; k++) {
            assertEquals(hex(values[k + 2]), Fr.toBigInteger(scalars[k], 0), names[k]);
        }
    }

    @Test
    void knownAnswers() {
        assertWaste("c2",
                "58fbc10b42b8491c5895dfbdbf8122784321044b602ad0bfbfb28c59b841a1ae",
                "33596287c6448dbfdab37e90a69330e3545e9cea3b4d63e0ef9e9384dbc68d99",
                "14b4b733d8c431a9e28d1f6082ba22bd2a50ad19904649f91181413fbe6214cd",
                "c9991600e58cabd49e0517d41b3d0d165aa97e715b4b319fe2aacc410f518e9",
                "261202f4d419fdfc9168cf1a7ebd02ec298cdbcd1ecbfbc54e22b754faed6311",
                "5728fe39b825808c350fd2b31d2b0949fc2ae4933d2e191b68067de1957aab1d",
                "23947ab7a7e75736370815f684879a4197b7d8b088fe3178dd33869d0121b800");
        assertWaste("0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
                "a2e1e3358b7af37eb7756f8cfa8676c980a13f3c97dcb7e69268f3ba4e85f14",
                "6f789dce8df2501a778a705ac9ff56cb13399e8b5a57cb90da9a2b7a21f9cd06",
                "60f54cfe5b57b02d1ee83f7633a0a3718ebc89b669f0d49796195ae2987dc28b",
                "b5e496042410cddf23348f733da542f14048fbdadf89c17930d37df98217439",
                "63c3e4622b588374c11b280e8f310ff029f18299e3ba307786b2ef9abb6ed100",
                "5a17d9e603cb0601c23cc4d8e04d03a6003584cbbedc47e2e5d147dec06cd390",
                "33a0a6db8dfc1468b61bfb2d12acfc0104a92231ac3a3207015cfccea4fa7c69");
    }

    @Test
    void everySeedByteCountsAndTheLengthIsBounded() {
        // Every seed byte counts, a trailing zero too.
        assertNotEquals(Fr.toBigInteger(ParameterGenerator.ToxicWaste.fromSeed(new byte[] {(byte) 0xc2}).tau(), 0),
                Fr.toBigInteger(ParameterGenerator.ToxicWaste.fromSeed(new byte[] {(byte) 0xc2, 0}).tau(), 0));
        assertThrows(IllegalArgumentException.class, () -> ParameterGenerator.ToxicWaste.fromSeed(new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> ParameterGenerator.ToxicWaste.fromSeed(new byte[1025]));
    }
}
