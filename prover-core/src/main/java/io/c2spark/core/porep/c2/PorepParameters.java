package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.BlockShapeSynthesis;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
        return BlockShapeSynthesis.of(StackedCircuit.blank(shape, shape.challengesPerPartition()), true);
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
    static String circuitName(SectorShape shape) {
        return "PoRep partition circuit, " + shape.label() + ", " + shape.challengesPerPartition()
                + " challenges per partition";
    }

    /**
     * Generates parameters for the sector size into dir unless both files are there already, and the
     * circuit's shape file beside them unless it is there (for parameters made before shape files
     * were, it alone); files are written under temporary names and renamed, so a crash leaves no
     * partial file.
     *
     * @return true when new parameters were generated
     */
    public static boolean ensure(SectorShape shape, Path dir, Consumer<String> progress) throws IOException {
        Path params = paramsFile(dir, shape);
        Path vk = vkFile(dir, shape);
        Path shapeFile = shapeFile(dir, shape);
        boolean have = Files.isRegularFile(params) && Files.isRegularFile(vk);
        if (have && Files.isRegularFile(shapeFile)) {
            progress.accept("parameters for " + shape.label() + " already in " + dir);
            return false;
        }
        Files.createDirectories(dir);
        long t0 = System.nanoTime();
        progress.accept("synthesising the " + shape.label() + " partition circuit ...");
        R1csShape r1cs = circuitShape(shape);
        progress.accept(String.format("  %,d constraints, %,d inputs, %,d aux (%.1f s)", r1cs.numConstraints(),
                r1cs.numInputs(), r1cs.numAux(), secondsSince(t0)));
        ShapeFiles.write(r1cs, circuitName(shape), shapeFile);
        progress.accept("wrote " + shapeFile + ", the circuit's shape for later proofs");
        if (have) {
            progress.accept("parameters for " + shape.label() + " already in " + dir);
            return false;
        }
        progress.accept("generating parameters from fresh toxic waste (INSECURE: for tests only) ...");
        Parameters p = ParameterGenerator.generate(r1cs, ParameterGenerator.ToxicWaste.random(new SecureRandom()),
                phase -> progress.accept("  " + phase));
        progress.accept(String.format("  generated (%.1f s)", secondsSince(t0)));
        Path tmpParams = dir.resolve(params.getFileName() + ".tmp");
        Path tmpVk = dir.resolve(vk.getFileName() + ".tmp");
        ParameterFiles.writeParams(p, tmpParams);
        ParameterFiles.writeVk(p.vk(), tmpVk);
        Files.move(tmpParams, params, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmpVk, vk, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        progress.accept(String.format("wrote %s and %s (%.1f s)", params, vk, secondsSince(t0)));
        return true;
    }

    static double secondsSince(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
