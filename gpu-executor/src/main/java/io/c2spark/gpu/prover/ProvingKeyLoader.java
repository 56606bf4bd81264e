package io.c2spark.gpu.prover;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.coordinator.StreamBackend;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.runtime.CudaException;
import io.c2spark.gpu.runtime.GpuDevice;
import jcuda.driver.CUresult;

/**
 * One circuit's {@link DeviceProvingKey} as a device's coordinator loads and evicts it, with a
 * {@link ProofWorkspace} per slot. Preparing reads the circuit (its .shape file, or synthesis)
 * into the heap and sizes the key and a slot ({@link ProverFootprint}); loading reads the points
 * from the parameter source onto the device where the ledger's plan says, and makes the
 * workspaces; eviction frees both and lets the circuit go, so an evicted large key leaves neither
 * device memory nor heap behind. Over a key that is already on the device (the caller's), loading
 * only makes the workspaces, and eviction frees only them.
 */
final class ProvingKeyLoader implements KeyLoader<ProofWorkspace> {
    private final String name;
    private final boolean large;
    private final GpuDevice device;
    private final Supplier<R1csShape> circuit;
    private final ParameterSource params;
    private final CoordinatedGpuProver.Config config;
    /** The caller's key this loader proves with, or null: the loader loads its own. */
    private final DeviceProvingKey given;
    /** What the last load cost (not the key itself: an evicted key's circuit must not stay on the heap). */
    private volatile DeviceProvingKey.LoadReport lastLoad;

    /** A key loaded from circuit (read when the key is prepared) and params. */
    ProvingKeyLoader(String name, boolean large, GpuDevice device, Supplier<R1csShape> circuit, ParameterSource params,
            CoordinatedGpuProver.Config config) {
        this.name = name;
        this.large = large;
        this.device = device;
        this.circuit = circuit;
        this.params = params;
        this.config = config;
        this.given = null;
    }

    /** Over the caller's key, with its points where they are. */
    ProvingKeyLoader(String name, DeviceProvingKey key, CoordinatedGpuProver.Config config) {
        this.name = name;
        this.large = false;
        this.device = key.device;
        this.circuit = () -> key.shape;
        this.params = key.source;
        this.config = key.mode == VramLedger.Mode.STREAMED ? config.streamed(key.chunkBytes) : config;
        this.given = key;
        this.lastLoad = key.load;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean large() {
        return large;
    }

    GpuDevice device() {
        return device;
    }

    /** The workers the key was asked for. */
    int workers() {
        return config.workers();
    }

    /** What loading the key's points cost the last time; null before the first load. */
    DeviceProvingKey.LoadReport loadReport() {
        return lastLoad;
    }

    @Override
    public Prepared<ProofWorkspace> prepare() {
        R1csShape shape = given != null ? given.shape : circuit.get();
        QueryLayout layout = given != null ? given.layout : new QueryLayout(shape, params);
        ProverFootprint.Sizes sizes = ProverFootprint.Sizes.of(shape, layout);
        // Over the caller's key the points and their copies are where they are: the ledger only counts them.
        VramLedger.Request request = given != null && given.hCopies > 1
                ? ProverFootprint.requestWithHCopies(sizes, config.workers(), given.hCopies)
                : ProverFootprint.request(sizes, config.workers(), config.chunkBytes(), config.forceStreamed(),
                        given != null ? 1 : config.maxHCopies());
        return new Prepared<>() {
            @Override
            public VramLedger.Request request() {
                return request;
            }

            @Override
            public Loaded<ProofWorkspace> load(VramLedger.Plan plan, StreamBackend backend) {
                if (backend.device() != device.ordinal) {
                    throw new IllegalStateException("the " + name + " key of GPU " + device.ordinal + " on the coordinator of GPU "
                            + backend.device());
                }
                device.bind();
                DeviceProvingKey key = given;
                if (key == null) {
                    key = loadKey(shape, layout, plan);
                } else if (plan.mode() != key.mode || plan.copyCount() != key.hCopies) {
                    throw new IllegalStateException("GPU " + device.ordinal + ": " + plan.describe() + ", but the key's points are "
                            + key.mode.name().toLowerCase() + " with " + key.hCopies + " copies of h");
                }
                lastLoad = key.load;
                return new Workspaces(key, given == null, config.profile());
            }
        };
    }

    /**
     * The key's matrices, tables and points on the device. A driver error other than running out
     * of memory has lost the context, so it is the device's failure, not the key's.
     */
    private DeviceProvingKey loadKey(R1csShape shape, QueryLayout layout, VramLedger.Plan plan) {
        try {
            boolean streamed = plan.mode() == VramLedger.Mode.STREAMED;
            return new DeviceProvingKey(device, shape, params, layout, plan.mode(), config.chunkBytes(),
                    streamed ? config.chunkBytes() : DeviceProvingKey.DEFAULT_LOAD_CHUNK_BYTES, plan.copyCount());
        } catch (CudaException e) {
            if (e.code() == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
                throw e;
            }
            throw new DeviceFailureException("GPU " + device.ordinal + ": loading the " + name + " key: " + e.getMessage(), e);
        }
    }

    /** A loaded key and the workspaces of its slots (profiling their proofs when asked: events made now). */
    private static final class Workspaces implements Loaded<ProofWorkspace> {
        private final DeviceProvingKey key;
        private final boolean ownsKey;
        private final boolean profile;
        private final List<ProofWorkspace> made = new ArrayList<>();

        Workspaces(DeviceProvingKey key, boolean ownsKey, boolean profile) {
            this.key = key;
            this.ownsKey = ownsKey;
            this.profile = profile;
        }

        @Override
        public ProofWorkspace workingSet(int slot) {
            ProofWorkspace w = new ProofWorkspace(key);
            made.add(w);
            if (profile) {
                w.enableProfiling();
            }
            return w;
        }

        @Override
        public String describe() {
            return key.load.describe() + ", " + PeakRss.describe();
        }

        @Override
        public void close() {
            key.device.bind();
            made.forEach(ProofWorkspace::close);
            made.clear();
            if (ownsKey) {
                key.close();
            }
        }
    }
}
