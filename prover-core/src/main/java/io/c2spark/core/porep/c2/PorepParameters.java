package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.CpuParameterBackend;
import io.c2spark.core.groth16.ParameterBackend;
import io.c2spark.core.groth16.ParameterFileWriter;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.BlockShapeSynthesis;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.function.Consumer;

/**
 * Test parameters for the PoRep partition circuit, made here from local toxic waste. Their file
 * names say "insecure" and can never be mistaken for Filecoin's (v28-stacked-proof-of-replication-...):
 * an operator's parameter cache must not hold insecure files under trusted names. Beside them goes
 * the circuit's R1CS shape ({@link ShapeFiles}), synthesised once for the parameters and read back by
 * every later proof.
 */
public final class PorepParameters {
    private PorepParameters() {
    }

    /** The file stem for a sector size: c2spark-insecure-test-porep-&lt;size&gt;. */
    public static String stem(SectorShape shape) {
        return "c2spark-insecure-test-porep-" + shape.label();
    }

    public static Path paramsFile(Path dir, SectorShape shape) {
        return dir.resolve(stem(shape) + ".params");
    }

    public static Path vkFile(Path dir, SectorShape shape) {
        return dir.resolve(stem(shape) + ".vk");
    }

    public static Path shapeFile(Path dir, SectorShape shape) {
        return dir.resolve(stem(shape) + ".shape");
    }

    /**
     * The partition circuit's R1CS shape, bellperson's input constraints included, synthesised with
     * its challenges in parallel ({@link BlockShapeSynthesis}).
     */
    public static R1csShape circuitShape(SectorShape shape) {
        return circuitShape(shape, line -> { });
    }

    /** As {@link #circuitShape(SectorShape)}, with a line to log per phase of the synthesis. */
    public static R1csShape circuitShape(SectorShape shape, Consumer<String> log) {
        return BlockShapeSynthesis.of(StackedCircuit.blank(shape, shape.challengesPerPartition()), true, log);
    }

    /**
     * The partition circuit's R1CS shape: read from dir's shape file where there is one (a bad one is
     * refused, naming the file and the field), else synthesised.
     */
    public static R1csShape circuitShape(SectorShape shape, Path dir) throws IOException {
        Path file = shapeFile(dir, shape);
        return Files.isRegularFile(file) ? ShapeFiles.read(file, circuitName(shape)) : circuitShape(shape);
    }

    /** The name a shape file records for the circuit it holds. */
    public static String circuitName(SectorShape shape) {
        return "PoRep partition circuit, " + shape.label() + ", " + shape.challengesPerPartition()
                + " challenges per partition";
    }

    /**
     * Generates parameters for the sector size into dir on the CPU from fresh toxic waste (a
     * SecureRandom's), as {@link #ensure(SectorShape, Path, ParameterBackend, ParameterGenerator.ToxicWaste, Consumer)}
     * does.
     */
    public static boolean ensure(SectorShape shape, Path dir, Consumer<String> progress) throws IOException {
        return ensure(shape, dir, new CpuParameterBackend(), ParameterGenerator.ToxicWaste.random(new SecureRandom()),
                progress);
    }

    /**
     * Generates parameters for the sector size into dir from the toxic waste on the backend, unless
     * both files are there already, and the circuit's shape file beside them unless it is there (for
     * parameters made before shape files were, it alone). The shape is read from its file where
     * there is one, else synthesised (its challenges in parallel). The parameters are streamed to
     * their files as the backend makes them ({@link ParameterFileWriter}); every file is written
     * under a temporary name, fsync'ed and renamed, so a failure leaves no partial file.
     *
     * @return true when new parameters were generated
     */
    public static boolean ensure(SectorShape shape, Path dir, ParameterBackend backend,
            ParameterGenerator.ToxicWaste tw, Consumer<String> progress) throws IOException {
        Path params = paramsFile(dir, shape);
        Path vk = vkFile(dir, shape);
        Path shapeFile = shapeFile(dir, shape);
        boolean have = Files.isRegularFile(params) && Files.isRegularFile(vk);
        boolean haveShape = Files.isRegularFile(shapeFile);
        if (have && haveShape) {
            progress.accept("parameters for " + shape.label() + " already in " + dir);
            return false;
        }
        Files.createDirectories(dir);
        long t0 = System.nanoTime();
        progress.accept((haveShape ? "reading the " + shape.label() + " partition circuit from " + shapeFile
                : "synthesising the " + shape.label() + " partition circuit (" + shape.challengesPerPartition()
                + " challenges in parallel)") + " ...");
        R1csShape r1cs = haveShape ? ShapeFiles.read(shapeFile, circuitName(shape))
                : circuitShape(shape, line -> progress.accept("  " + line));
        progress.accept(String.format("  %,d constraints, %,d inputs, %,d aux; non-zeros A/B/C %,d / %,d / %,d (%.1f s)",
                r1cs.numConstraints(), r1cs.numInputs(), r1cs.numAux(), r1cs.a().nonZeros(), r1cs.b().nonZeros(),
                r1cs.c().nonZeros(), secondsSince(t0)));
        if (!haveShape) {
            long t1 = System.nanoTime();
            ShapeFiles.write(r1cs, circuitName(shape), shapeFile);
            double s = secondsSince(t1);
            progress.accept(String.format("wrote %s, the circuit's shape for later proofs (%.1f GB in %.1f s incl. fsync: "
                    + "%.0f MB/s)", shapeFile, Files.size(shapeFile) / 1e9, s, Files.size(shapeFile) / 1e6 / s));
        }
        if (have) {
            progress.accept("parameters for " + shape.label() + " already in " + dir);
            return false;
        }
        progress.accept("generating parameters on the " + backend.name() + " backend (INSECURE: for tests only) ...");
        long t2 = System.nanoTime();
        try (ParameterFileWriter writer = new ParameterFileWriter(params, vk, progress)) {
            ParameterGenerator.generate(r1cs, tw, backend, writer, line -> progress.accept("  " + line));
            writer.commit();
        }
        progress.accept(String.format("parameters generated and written in %.1f s (%.1f s in all)", secondsSince(t2),
                secondsSince(t0)));
        return true;
    }

    static double secondsSince(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
