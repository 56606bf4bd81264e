package io.c2spark.bench;

import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.gpu.prover.DeviceProvingKey;
import io.c2spark.gpu.prover.PeakRss;
import io.c2spark.gpu.prover.ProofPlan;
import io.c2spark.gpu.runtime.GpuDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loading a sector size's proving key from `c2spark params` files onto one GPU, as the command
 * line and the job do: the .shape file read into the heap, the .params file opened in place and
 * its points read in chunks through the pinned staging buffers and decoded on the device, resident
 * and streamed. Prints, per mode, the load time and rate, the device bytes, the heap in use and
 * the process's resident and peak resident memory (VmRSS, VmHWM): run it with the heap the job
 * gets (-Xmx16g at 32GiB) to show that the parameters never enter the heap.
 *
 * <p>Usage: ParameterLoadBench PARAMS_DIR SIZE [OUT_DIR], -Dc2spark.bench.modes=resident,streamed.
 * Prints [load] lines and writes parameter-load.csv to OUT_DIR.
 */
public final class ParameterLoadBench {
    private ParameterLoadBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ParameterLoadBench PARAMS_DIR SIZE [OUT_DIR]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        SectorShape size = SectorShape.parse(args[1]);
        Path out = Path.of(args.length > 2 ? args[2] : ".");
        Files.createDirectories(out);
        Path shapeFile = PorepParameters.shapeFile(dir, size);
        if (!Files.isRegularFile(shapeFile)) {
            throw new IllegalStateException("no shape file " + shapeFile + ": make the parameters with `c2spark params`");
        }
        if (GpuDevice.count() == 0) {
            throw new IllegalStateException("no CUDA device is visible here (no NVIDIA driver library, or no GPU)");
        }
        GpuDevice device = GpuDevice.open(Integer.getInteger("c2spark.gpu.device", 0));
        System.out.printf(Locale.ROOT, "[load] %s on %s, max heap %.1f GiB%n", size.label(), device, gib(Runtime.getRuntime().maxMemory()));
        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(size, dir);
        QueryLayout layout = new QueryLayout(shape);
        long t1 = System.nanoTime();
        System.out.printf(Locale.ROOT, "[load] %s shape read in %.1f s (%,d constraints); heap in use %.2f GiB, %s%n", size.label(),
                (t1 - t0) / 1e9, shape.numConstraints(), gib(heapInUse()), PeakRss.describe());
        List<String> rows = new ArrayList<>();
        try (ParameterFile source = ParameterFile.open(PorepParameters.paramsFile(dir, size))) {
            for (String m : System.getProperty("c2spark.bench.modes", "resident,streamed").split(",")) {
                VramLedger.Mode mode = VramLedger.Mode.valueOf(m.trim().toUpperCase(Locale.ROOT));
                long chunk = mode == VramLedger.Mode.RESIDENT ? ProofPlan.WHOLE : CoordinatedGpuProver.DEFAULT_CHUNK_BYTES;
                long k0 = System.nanoTime();
                try (DeviceProvingKey key = new DeviceProvingKey(device, shape, source, layout, mode, chunk)) {
                    double wall = (System.nanoTime() - k0) / 1e9;
                    long heap = heapInUse();
                    String line = String.format(Locale.ROOT, "%s,%s,%d,%.3f,%.3f,%.3f,%d,%d,%d,%d", size.label(),
                            mode.name().toLowerCase(Locale.ROOT), key.load.bytes(), key.load.nanos() / 1e9,
                            key.load.gigabytesPerSecond(), wall, key.bytes(), heap, PeakRss.currentBytes(), PeakRss.bytes());
                    rows.add(line);
                    System.out.printf(Locale.ROOT, "[load] %s %s: %s; key set-up %.1f s, %.2f GiB on the device; heap in use "
                            + "%.2f GiB, RSS %.2f GiB, %s%n", size.label(), mode.name().toLowerCase(Locale.ROOT),
                            key.load.describe(), wall, gib(key.bytes()), gib(heap), gib(PeakRss.currentBytes()), PeakRss.describe());
                }
            }
        }
        rows.add(0, "size,mode,point_bytes,load_s,load_gb_per_s,key_s,device_bytes,heap_bytes,rss_bytes,peak_rss_bytes");
        Files.write(out.resolve("parameter-load.csv"), rows);
    }

    private static long heapInUse() {
        System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
