package io.c2spark.gpu.setup;

import io.c2spark.core.groth16.ParameterBackend;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.core.groth16.ParameterSection;
import io.c2spark.core.groth16.ParameterSink;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.runtime.GpuDevice;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The GPU's {@link ParameterBackend} ("gpu", found by prover-core through
 * META-INF/services): the shape's matrices are uploaded, {@link DeviceParameterGenerator} makes
 * every scalar and point on the device, and its chunks of encodings go to the sink in file order
 * while the device makes the next ones. It runs on GPU 0, or on the ordinal of the system property
 * {@code c2spark.gpu.device}, as the GPU prover does.
 */
public final class GpuParameterBackend implements ParameterBackend {
    @Override
    public String name() {
        return "gpu";
    }

    @Override
    public void checkAvailable() {
        GpuDevice.requireAny();
    }

    @Override
    public void generate(R1csShape shape, ToxicWaste tw, ParameterSink sink, Consumer<String> log) throws IOException {
        GpuDevice device = GpuDevice.openChosen();
        log.accept("parameters on " + device);
        long t0 = System.nanoTime();
        try (R1csDeviceShape matrices = new R1csDeviceShape(device, shape)) {
            log.accept(String.format("%-60s %8.2f s", "the shape's matrices on the device ("
                    + String.format("%.1f GB", matrices.bytes() / 1e9) + ")", (System.nanoTime() - t0) / 1e9));
            try (DeviceParameterGenerator g = DeviceParameterGenerator.prepare(device, matrices, CircuitVariables.of(shape), tw,
                    log)) {
                SectionOrder order = new SectionOrder(g, sink);
                g.writeTo((section, first, points, bytes) -> {
                    order.reach(section);
                    if (first == 0) {
                        sink.begin(section, g.points(section));
                    }
                    sink.points(bytes);
                    if (first + points == g.points(section)) {
                        sink.end(section);
                        order.done(section);
                    }
                });
                order.reach(null);
            }
        }
    }

    /**
     * The sink's sections in file order, with the empty ones (which the generator hands no chunk)
     * begun and ended where they belong.
     */
    private static final class SectionOrder {
        private final DeviceParameterGenerator generator;
        private final ParameterSink sink;
        private int next;

        SectionOrder(DeviceParameterGenerator generator, ParameterSink sink) {
            this.generator = generator;
            this.sink = sink;
        }

        /** Closes the empty sections before section (all of the rest when null). */
        void reach(ParameterSection section) throws IOException {
            ParameterSection[] all = ParameterSection.values();
            while (next < all.length && all[next] != section) {
                if (generator.points(all[next]) != 0) {
                    return;
                }
                sink.begin(all[next], 0);
                sink.end(all[next]);
                next++;
            }
        }

        void done(ParameterSection section) {
            next = section.ordinal() + 1;
        }
    }
}
