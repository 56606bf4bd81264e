package io.c2spark.cli;

import io.c2spark.core.groth16.ParameterFileException;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.ParameterSection;
import io.c2spark.core.groth16.ParameterSpotCheck;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFileException;
import io.c2spark.core.r1cs.ShapeFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code c2spark params-check}: spot checks of a parameter file made from a seed. */
@Command(name = "params-check", mixinStandardHelpOptions = true,
        description = {"Check a .params file made by `c2spark params --seed HEX` against a recomputation on the CPU.",
            "The circuit's .shape file and the same seed give every point; only the points checked are read: the",
            "file's layout and verifying key, then random points of every section (all of a section that has no",
            "more), and any --at positions. For files too large to regenerate: 10,000 points per section of a",
            "32GiB file take about 20 s on 16 cores."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every point checked is right",
            "1:a point is not (each one listed)",
            "2:refused: bad files or seed, or a file made from another seed or circuit"})
final class ParamsCheckCommand implements Callable<Integer> {
    @Option(names = "--params", required = true, paramLabel = "FILE", description = "The .params file.")
    Path params;

    @Option(names = "--shape", required = true, paramLabel = "FILE", description = "The circuit's .shape file.")
    Path shape;

    @Option(names = "--seed", required = true, paramLabel = "HEX", description = "The seed the file was made from.")
    String seed;

    @Option(names = "--samples", defaultValue = "1000", paramLabel = "N",
            description = "Random points per section (default ${DEFAULT-VALUE}); 0 checks only the layout, key and --at.")
    int samples;

    @Option(names = "--sample-seed", paramLabel = "N",
            description = "Seed of the random positions, to repeat a check (printed when not given).")
    Long sampleSeed;

    @Option(names = "--at", paramLabel = "SECTION:INDEX",
            description = "Also check this point, e.g. h:17 or b_g2:0 (sections ic, h, l, a, b_g1, b_g2); repeatable.")
    List<String> at = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ParameterGenerator.ToxicWaste tw;
        List<ParameterSpotCheck.Position> extra = new ArrayList<>();
        try {
            tw = ParameterGenerator.ToxicWaste.fromSeed(ParamsCommand.parseSeed(seed));
            if (samples < 0) {
                throw new IllegalArgumentException("--samples must not be negative, got " + samples);
            }
            for (String a : at) {
                extra.add(position(a));
            }
        } catch (IllegalArgumentException e) {
            return ExitStatus.badInput(err, "c2spark params-check: " + e.getMessage());
        }
        long t0 = System.nanoTime();
        ParameterSpotCheck check;
        try {
            R1csShape r1cs = ShapeFiles.readAnyCircuit(shape);
            log.printf("read %s: %,d constraints, %,d inputs, %,d aux (%.1f s)%n", shape, r1cs.numConstraints(),
                    r1cs.numInputs(), r1cs.numAux(), (System.nanoTime() - t0) / 1e9);
            check = ParameterSpotCheck.open(params, r1cs, tw);
        } catch (ShapeFileException | ParameterFileException e) {
            return ExitStatus.badInput(err, "c2spark params-check: refused: " + e.getMessage());
        }
        StringBuilder layout = new StringBuilder();
        for (ParameterSection s : ParameterSection.values()) {
            layout.append(layout.length() == 0 ? "" : ", ").append(s.label()).append(' ')
                    .append(String.format("%,d", check.count(s)));
        }
        log.println(params + ": layout and verifying key right (" + layout + ")");
        long positionsSeed = sampleSeed != null ? sampleSeed : new SecureRandom().nextLong();
        List<ParameterSpotCheck.Position> positions = new ArrayList<>(check.sample(samples, new Random(positionsSeed)));
        try {
            for (ParameterSpotCheck.Position p : extra) {
                if (p.index() >= check.count(p.section())) {
                    throw new IllegalArgumentException("--at " + p + " is outside section " + p.section().label()
                            + " of " + check.count(p.section()) + " points");
                }
            }
        } catch (IllegalArgumentException e) {
            return ExitStatus.badInput(err, "c2spark params-check: " + e.getMessage());
        }
        positions.addAll(extra);
        log.println("checking " + positions.size() + " points (up to " + samples + " random per section, --sample-seed "
                + positionsSeed + (extra.isEmpty() ? "" : ", and " + extra.size() + " --at") + ") ...");
        log.flush();
        ParameterSpotCheck.Result result = check.check(positions, line -> {
            log.println("  " + line);
            log.flush();
        });
        if (result.ok()) {
            log.printf("all %,d points right (%.1f s)%n", result.checked(), (System.nanoTime() - t0) / 1e9);
            log.flush();
            return 0;
        }
        for (ParameterSpotCheck.Mismatch m : result.mismatches()) {
            log.println("WRONG " + m.position() + ": expected " + m.expected() + ", found " + m.found());
        }
        log.printf("%,d of %,d points wrong%n", result.mismatches().size(), result.checked());
        log.flush();
        return 1;
    }

    /** SECTION:INDEX as a position. */
    static ParameterSpotCheck.Position position(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("--at " + text + " is not SECTION:INDEX (e.g. h:17)");
        }
        long index;
        try {
            index = Long.parseLong(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--at " + text + ": the index is not a number");
        }
        if (index < 0) {
            throw new IllegalArgumentException("--at " + text + ": negative index");
        }
        return new ParameterSpotCheck.Position(ParameterSection.ofLabel(text.substring(0, colon)), index);
    }
}
