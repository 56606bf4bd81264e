package io.c2spark.gpu.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.groth16.ParameterBackends;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.InsecureParameterDigests;
import io.c2spark.core.porep.c2.PorepParameters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Same seed, same files: the GPU backend's .params, .vk and .shape, made through the command's own
 * path (PorepParameters.ensure with the backend that --backend gpu finds), have the SHA-256
 * digests committed from the CPU backend's files of the same seed.
 */
@Tag("gpu")
class GpuParameterBackendTest {
    @ParameterizedTest
    @ValueSource(strings = {"2KiB", "8MiB"})
    void filesEqualTheCpuBackendsFromTheSameSeed(String size, @TempDir Path dir) throws Exception {
        SectorShape shape = SectorShape.parse(size);
        var backend = ParameterBackends.choose("gpu", line -> { });
        assertTrue(backend instanceof GpuParameterBackend, "--backend gpu finds " + backend.getClass());
        ToxicWaste tw = ToxicWaste.fromSeed(HexFormat.of().parseHex(InsecureParameterDigests.seed()));
        long t0 = System.nanoTime();
        PorepParameters.ensure(shape, dir, backend, tw, line -> System.out.println("[gpu params] " + size + " " + line));
        System.out.printf("[gpu params] %s from the seed on the GPU backend: %.1f s%n", size, (System.nanoTime() - t0) / 1e9);
        for (Map.Entry<String, String> e : InsecureParameterDigests.of(shape).entrySet()) {
            Path file = dir.resolve(e.getKey());
            assertTrue(Files.isRegularFile(file), file + " written");
            assertEquals(e.getValue(), InsecureParameterDigests.sha256(file), e.getKey() + " made on the GPU");
        }
    }
}
