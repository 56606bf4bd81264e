package io.c2spark.spark.porep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.testing.SealedSectors;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SetupException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** c2spark.params.preload: what an executor loads at start-up, and the errors that stop it there. */
class Groth16PoRepWorkloadTest {
    @TempDir
    Path params;

    private PartitionProver prover(String preload) throws Exception {
        Settings settings = Settings.of(Map.of(C2SparkSettings.PARAMS_DIR.key(), params.toString(),
                C2SparkSettings.PRELOAD.key(), preload));
        return new Groth16PoRepWorkload().prover(settings);
    }

    @Test
    void nothingToPreloadStartsWithoutParameters() throws Exception {
        try (PartitionProver p = prover("")) {
            p.preload(List.of(Device.CPU));
        }
    }

    @Test
    void aPreloadedSizeWithoutParametersFailsAtStartUpNamingTheFile() throws Exception {
        try (PartitionProver p = prover("2KiB")) {
            SetupException e = assertThrows(SetupException.class, () -> p.preload(List.of(Device.CPU)));
            assertTrue(e.getMessage().startsWith("no parameters for 2KiB in " + params
                    + ": c2spark-insecure-test-porep-2KiB.params missing (c2spark.params.dir; "), e.getMessage());
            assertTrue(e.getMessage().contains("c2spark params --sector-size 2KiB --out " + params), e.getMessage());
        }
    }

    /** A size only GPUs prove, on an executor without CUDA: refused at start-up, before any file is read. */
    @Test
    void aGpuOnlySizeWithoutCudaIsRefusedAtStartUp() throws Exception {
        assumeTrue(GpuDevice.count() == 0, "this machine has a GPU");
        try (PartitionProver p = prover("32GiB")) {
            SetupException e = assertThrows(SetupException.class, () -> p.preload(List.of(Device.CPU)));
            assertTrue(e.getMessage().contains("no CUDA device") && e.getMessage().contains("32GiB"), e.getMessage());
        }
    }

    @Test
    void anUnreadableParameterFileIsASetupProblem() throws Exception {
        Files.writeString(params.resolve("c2spark-insecure-test-porep-2KiB.params"), "not parameters");
        try (PartitionProver p = prover("2KiB")) {
            SetupException e = assertThrows(SetupException.class, () -> p.preload(List.of(Device.CPU)));
            assertTrue(e.getMessage().startsWith("cannot read the parameters for 2KiB in " + params
                    + ": c2spark-insecure-test-porep-2KiB.params: "), e.getMessage());
        }
    }

    @Test
    void anUnknownSizeIsRefusedNamingTheSetting() throws Exception {
        try (PartitionProver p = prover("2KiB, 3KiB")) {
            SetupException e = assertThrows(SetupException.class, () -> p.preload(List.of(Device.CPU)));
            assertTrue(e.getMessage().startsWith("c2spark.params.preload: ") && e.getMessage().contains("3KiB"),
                    e.getMessage());
        }
    }

    /** A GPU holds one 32GiB or 64GiB key at a time: preloading both is refused at start-up, naming the setting. */
    @Test
    void preloadingBoth32GiBAnd64GiBIsRefused() throws Exception {
        try (PartitionProver p = prover("2KiB,32GiB,64GiB")) {
            SetupException e = assertThrows(SetupException.class, () -> p.preload(List.of(Device.CPU)));
            assertEquals("c2spark.params.preload names 32GiB and 64GiB, but a GPU holds one 32GiB or 64GiB proving key at a time:"
                    + " preload one of them, and prove the other size in a run of its own", e.getMessage());
        }
    }

    /**
     * A task finds a missing parameter file before it builds anything: a corrupt circuit shape file
     * beside the missing parameters, which building the circuit first would trip over, goes unread.
     */
    @Test
    void aProveTaskRefusesMissingParametersBeforeBuildingTheCircuit() throws Exception {
        Files.writeString(PorepParameters.shapeFile(params, SectorShape.SIZE_2KIB), "not a shape file");
        byte[] input = CompactPartitionInput.of(SealedSectors.sealed2KiB(new SecureRandom()), 0).toBytes();
        try (PartitionProver p = prover("")) {
            SetupException e = assertThrows(SetupException.class,
                    () -> p.prove(new PartitionInput("s", 0, input), Device.CPU));
            assertTrue(e.getMessage().startsWith("no parameters for 2KiB in " + params + ": "), e.getMessage());
        }
    }

    /** The driver reads the preloaded sizes' verifying keys when it makes its verifier, not after proving. */
    @Test
    void theVerifierNeedsThePreloadedSizesVerifyingKeysAtOnce() throws Exception {
        Settings settings = Settings.of(Map.of(C2SparkSettings.PARAMS_DIR.key(), params.toString(),
                C2SparkSettings.PRELOAD.key(), "2KiB"));
        SetupException e = assertThrows(SetupException.class, () -> new Groth16PoRepWorkload().verifier(settings));
        assertTrue(e.getMessage().startsWith("no verifying key for 2KiB in " + params
                + ": c2spark-insecure-test-porep-2KiB.vk missing"), e.getMessage());
        SealedSectors.writeUnrelatedVk(params.resolve("c2spark-insecure-test-porep-2KiB.vk"));
        new Groth16PoRepWorkload().verifier(settings);
        new Groth16PoRepWorkload().verifier(Settings.of(Map.of(C2SparkSettings.PARAMS_DIR.key(),
                params.resolve("nowhere").toString())));
    }

    /** The c2spark.gpu settings reach the GPU prover's configuration. */
    @Test
    void gpuSettingsMakeTheProverConfig() {
        CoordinatedGpuProver.Config dflt = Groth16PoRepWorkload.gpuConfig(Settings.of(Map.of()));
        assertEquals(0, dflt.capBytes());
        assertFalse(dflt.forceStreamed());
        assertEquals(CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, dflt.chunkBytes());
        assertEquals(GpuCoordinator.Locks.TWO, dflt.locks());
        CoordinatedGpuProver.Config set = Groth16PoRepWorkload.gpuConfig(Settings.of(Map.of(
                C2SparkSettings.GPU_WORKERS.key(), "2", C2SparkSettings.GPU_VRAM_CAP.key(), "42949672960",
                C2SparkSettings.GPU_STREAM_PARAMS.key(), "true", C2SparkSettings.GPU_STREAM_CHUNK.key(), "67108864")));
        assertEquals(2, set.workers());
        assertEquals(40L << 30, set.capBytes());
        assertTrue(set.forceStreamed());
        assertEquals(64L << 20, set.chunkBytes());
    }
}
