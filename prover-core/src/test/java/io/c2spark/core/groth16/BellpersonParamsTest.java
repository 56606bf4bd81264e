package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.TestCircuits;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.r1cs.WitnessSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .params and .vk written and read back: same key, exact file sizes, a proof from the read key verifies. */
class BellpersonParamsTest {
    private static final long SEED = new Random().nextLong();

    @TempDir
    Path dir;

    @Test
    void roundTripKeepsTheKeyAndItsProofs() throws IOException {
        Circuit circuit = TestCircuits.bits32(new Random(SEED).nextInt(), -1);
        R1csShape shape = ShapeSystem.of(circuit, true);
        ProvingKey pk = Setup.generate(shape, new Random(SEED));
        Path params = dir.resolve("test.params");
        Path vkPath = dir.resolve("test.vk");
        BellpersonParams.write(params, pk);
        BellpersonParams.writeVerifyingKey(vkPath, pk.vk());

        int inputs = shape.numInputs();
        int denseA = 0;
        int denseB = 0;
        for (int v = 0; v < inputs + shape.numAux(); v++) {
            int var = v < inputs ? Variable.input(v) : v - inputs;
            denseA += shape.inA(var) ? 1 : 0;
            denseB += shape.inB(var) ? 1 : 0;
        }
        long vkBytes = 3 * 96 + 3 * 192 + 4 + 96L * inputs;
        assertEquals(vkBytes, Files.size(vkPath));
        assertEquals(vkBytes + 4 + 96L * (pk.domainSize() - 1) + 4 + 96L * shape.numAux() + 4 + 96L * denseA
                + 4 + 96L * denseB + 4 + 192L * denseB, Files.size(params));

        ProvingKey back = BellpersonParams.read(params, shape, true);
        assertArrayEquals(pk.h(), back.h());
        assertArrayEquals(pk.l(), back.l());
        assertArrayEquals(pk.a(), back.a());
        assertArrayEquals(pk.b1(), back.b1());
        assertArrayEquals(pk.b2(), back.b2());
        assertArrayEquals(pk.vk().ic(), back.vk().ic());
        VerifyingKey vk = BellpersonParams.readVerifyingKey(vkPath, true);
        assertArrayEquals(pk.vk().delta2(), vk.delta2());
        assertArrayEquals(pk.vk().beta1(), vk.beta1());

        Proof proof = new Prover(back, shape, MultiExp.PIPPENGER).prove(WitnessSystem.of(circuit));
        long[] in = WitnessSystem.of(circuit).inputs();
        long[] pub = Arrays.copyOfRange(in, 4, in.length);
        assertTrue(new Verifier(vk).verify(pub, proof), "seed " + SEED);
    }

    @Test
    void damagedFilesNameTheFileAndSection() throws IOException {
        Circuit circuit = TestCircuits.cubic(3, 35);
        R1csShape shape = ShapeSystem.of(circuit, true);
        ProvingKey pk = Setup.generate(shape, new Random(SEED));
        Path params = dir.resolve("damaged.params");
        BellpersonParams.write(params, pk);
        byte[] bytes = Files.readAllBytes(params);

        Files.write(params, Arrays.copyOf(bytes, bytes.length - 10));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BellpersonParams.read(params, shape, true));
        assertTrue(e.getMessage().startsWith(params.toString()) && e.getMessage().contains("b_g2"), e.getMessage());

        byte[] bad = bytes.clone();
        int hStart = 3 * 96 + 3 * 192 + 4 + 96 * shape.numInputs() + 4;
        bad[hStart + 50] ^= 0x01;
        Files.write(params, bad);
        e = assertThrows(IllegalArgumentException.class, () -> BellpersonParams.read(params, shape, true));
        assertTrue(e.getMessage().contains("h"), e.getMessage());

        R1csShape other = ShapeSystem.of(TestCircuits.bits32(5, -1), true);
        Files.write(params, bytes);
        e = assertThrows(IllegalArgumentException.class, () -> BellpersonParams.read(params, other, true));
        assertTrue(e.getMessage().contains("IC") || e.getMessage().contains("points"), e.getMessage());
    }
}
