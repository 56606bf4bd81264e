package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.WitnessSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .params and .vk files: round trips, and malformed files refused with the section named. */
class ParameterFilesTest {
    private static final int VK_FIXED = 3 * 96 + 3 * 192;
    private static final long SEED = new SecureRandom().nextLong();
    private static final int STEPS = 40;
    private static R1csShape shape;
    private static Parameters params;

    @TempDir
    Path dir;

    @BeforeAll
    static void setUp() {
        shape = ShapeSystem.of(ProvingCircuits.mixed(SEED, STEPS), true);
        params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
    }

    private static void assertSameParameters(Parameters want, Parameters got) {
        assertSameKey(want.vk(), got.vk());
        assertArrayEquals(want.h(), got.h());
        assertArrayEquals(want.l(), got.l());
        assertArrayEquals(want.a(), got.a());
        assertArrayEquals(want.bG1(), got.bG1());
        assertArrayEquals(want.bG2(), got.bG2());
    }

    private static void assertSameKey(VerifyingKey want, VerifyingKey got) {
        assertArrayEquals(want.alpha1(), got.alpha1());
        assertArrayEquals(want.beta1(), got.beta1());
        assertArrayEquals(want.beta2(), got.beta2());
        assertArrayEquals(want.gamma2(), got.gamma2());
        assertArrayEquals(want.delta1(), got.delta1());
        assertArrayEquals(want.delta2(), got.delta2());
        assertArrayEquals(want.ic(), got.ic());
    }

    @Test
    void paramsAndVkRoundTripAndStillProve() throws IOException {
        Path p = dir.resolve("test.params");
        Path v = dir.resolve("test.vk");
        ParameterFiles.writeParams(params, p);
        ParameterFiles.writeVk(params.vk(), v);
        int ic = params.vk().ic().length / 12;
        long expected = VK_FIXED + 4 + 96L * ic + 4 * 5 + 96L * (params.h().length + params.l().length
                + params.a().length + params.bG1().length) / 12 + 192L * params.bG2().length / 24;
        assertTrue(Files.size(p) == expected, "params file size " + Files.size(p) + ", expected " + expected);
        assertTrue(Files.size(v) == VK_FIXED + 4 + 96L * ic);
        Parameters checked = ParameterFiles.readParams(p, true);
        assertSameParameters(params, checked);
        assertSameParameters(params, ParameterFiles.readParams(p, false));
        assertSameKey(params.vk(), ParameterFiles.readVk(v));
        Proof proof = new CpuProver(shape, checked).prove(WitnessSystem.of(ProvingCircuits.mixed(SEED, STEPS)),
                new Random(3));
        assertTrue(new Verifier(ParameterFiles.readVk(v)).verify(ProvingCircuits.publicInputs(SEED, STEPS), proof));
    }

    private byte[] paramsBytes() throws IOException {
        Path p = dir.resolve("good.params");
        ParameterFiles.writeParams(params, p);
        return Files.readAllBytes(p);
    }

    /** Offset of the count of the named query section. */
    private static int sectionOffset(String name) {
        int off = VK_FIXED + 4 + 96 * params.vk().ic().length / 12;
        for (String[] s : new String[][] {{"h"}, {"l"}, {"a"}, {"b_g1"}}) {
            if (s[0].equals(name)) {
                return off;
            }
            long[] q = switch (s[0]) {
                case "h" -> params.h();
                case "l" -> params.l();
                case "a" -> params.a();
                default -> params.bG1();
            };
            off += 4 + 96 * q.length / 12;
        }
        return off;
    }

    /** The refusal's message, the same with and without the subgroup checks (without, points decode in SIMD lanes where the JVM has them). */
    private String refusal(byte[] bytes) throws IOException {
        Path bad = dir.resolve("bad.params");
        Files.write(bad, bytes);
        ParameterFileException e = assertThrows(ParameterFileException.class, () -> ParameterFiles.readParams(bad, true));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
        ParameterFileException trusted = assertThrows(ParameterFileException.class, () -> ParameterFiles.readParams(bad, false));
        assertEquals(e.getMessage(), trusted.getMessage());
        return e.getMessage();
    }

    @Test
    void malformedFilesAreRefusedWithSectionAndIndex() throws IOException {
        byte[] good = paramsBytes();
        Random rnd = new Random(SEED);

        int aPoints = params.a().length / 12;
        int k = rnd.nextInt(aPoints);
        byte[] offCurve = good.clone();
        offCurve[sectionOffset("a") + 4 + 96 * k + 95] ^= 1;
        String m = refusal(offCurve);
        assertTrue(m.contains("section a, point " + k), m);

        int lk = rnd.nextInt(params.l().length / 12);
        byte[] infinity = good.clone();
        int lo = sectionOffset("l") + 4 + 96 * lk;
        Arrays.fill(infinity, lo, lo + 96, (byte) 0);
        infinity[lo] = 0x40;
        m = refusal(infinity);
        assertTrue(m.contains("section l, point " + lk) && m.contains("infinity"), m);

        m = refusal(Arrays.copyOf(good, sectionOffset("b_g1") + 4 + 96 + 10));
        assertTrue(m.contains("section b_g1") && m.contains("file ends"), m);

        m = refusal(Arrays.copyOf(good, good.length + 1));
        assertTrue(m.contains("after the last section"), m);

        byte[] vkBad = good.clone();
        vkBad[96 + 96 + 10] ^= 4;
        m = refusal(vkBad);
        assertTrue(m.contains("section beta_g2"), m);

        byte[] bigCount = good.clone();
        bigCount[sectionOffset("h")] = 0x7f;
        m = refusal(bigCount);
        assertTrue(m.contains("section h: file ends"), m);
        assertFalse(m.contains("chunked storage"), m);

        // Counts the reader looks ahead at while the section before decodes: one too big for the
        // file, and one read from the wrong place after a section one point short.
        byte[] bigNext = good.clone();
        bigNext[sectionOffset("a")] = 0x7f;
        m = refusal(bigNext);
        assertTrue(m.contains("section a"), m);
        // 2^24 points: one array holds them (1.6 GB), the file does not; refused before allocating.
        byte[] pastTheEnd = good.clone();
        int at = sectionOffset("a");
        pastTheEnd[at] = 1;
        pastTheEnd[at + 1] = 0;
        pastTheEnd[at + 2] = 0;
        pastTheEnd[at + 3] = 0;
        m = refusal(pastTheEnd);
        assertTrue(m.contains("section a: file ends") && m.contains("16777216 points"), m);
        byte[] shortL = good.clone();
        shortL[sectionOffset("l") + 3]--;
        m = refusal(shortL);
        assertTrue(m.contains("section a"), m);
    }
}
