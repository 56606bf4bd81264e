package io.c2spark.spark.robustness;

import io.c2spark.gpu.runtime.CudaException;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.spark.device.CoordinatedTasks;
import io.c2spark.spark.porep.Groth16PoRepWorkload;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jcuda.driver.CUdeviceptr;
import org.apache.spark.SparkEnv;

/**
 * TEST WORKLOAD: the PoRep workload ({@link Groth16PoRepWorkload}) with a real CUDA error injected
 * into one proof of the whole run. Executors started with -D{@value #MARKER}=FILE count their GPU
 * proofs; the third one, in the first executor to get there (the one that creates FILE, writing the
 * sector, partition and executor into it), first runs a kernel on null pointers in the device's
 * primary context, the context its prover's coordinator uses: the kernel's loads fault (an illegal
 * address), an error CUDA keeps for every later call of the context. The proof then meets that
 * error in whichever CUDA call comes first, as it would meet a kernel of its own that faulted.
 * Named in c2spark.workload by its class name.
 */
public final class GpuFaultWorkload implements Workload {
    /** The system property naming the marker file; without it nothing is injected. */
    public static final String MARKER = "c2spark.test.gpuFaultMarker";
    /** Which GPU proof of an executor gets the fault: not its first, so that its prover was loaded before. */
    private static final int FAULTY_PROOF = 3;

    private final Groth16PoRepWorkload porep = new Groth16PoRepWorkload();

    @Override
    public String name() {
        return "test-porep-gpu-fault";
    }

    @Override
    public SectorPreparer preparer(Settings settings) {
        return porep.preparer(settings);
    }

    @Override
    public SectorVerifier verifier(Settings settings) throws Exception {
        return porep.verifier(settings);
    }

    @Override
    public PartitionProver prover(Settings settings) {
        PartitionProver inner = porep.prover(settings);
        AtomicInteger gpuProofs = new AtomicInteger();
        return new PartitionProver() {
            @Override
            public PartitionProof prove(PartitionInput input, Device device) throws Exception {
                String marker = System.getProperty(MARKER);
                if (marker != null && device.isGpu() && gpuProofs.incrementAndGet() == FAULTY_PROOF
                        && claim(Path.of(marker), input)) {
                    poison(CoordinatedTasks.ordinal(device));
                }
                return inner.prove(input, device);
            }

            @Override
            public void preload(List<Device> devices) throws Exception {
                inner.preload(devices);
            }

            @Override
            public void close() throws Exception {
                inner.close();
            }
        };
    }

    /** Creates the marker, naming the partition and this executor; false when another proof got the fault. */
    private static boolean claim(Path marker, PartitionInput input) throws IOException {
        String executor = SparkEnv.get() != null ? SparkEnv.get().executorId() : "driver";
        try {
            Files.writeString(marker, input.sectorId() + " " + input.partition() + " " + executor + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /**
     * Leaves the sticky error of a faulting kernel in the device's primary context, and makes sure it
     * is there before the proof goes on. The device and stream stay open: the context is lost anyway.
     */
    private static void poison(int ordinal) {
        GpuDevice d = GpuDevice.open(ordinal);
        GpuStream s = d.newStream();
        Launch.kernel(d, Kernel.FR_ADD_ARRAYS, 4, 256, s, new CUdeviceptr(), new CUdeviceptr(), new CUdeviceptr(), 1024L);
        try {
            s.synchronize();
        } catch (CudaException faulted) {
            System.err.println("c2spark test: injected a CUDA error into GPU " + ordinal + ": " + faulted.getMessage());
            return;
        }
        throw new IllegalStateException("the injected kernel on null pointers did not fault on GPU " + ordinal);
    }
}
