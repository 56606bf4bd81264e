package io.c2spark.spark.robustness;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.spark.testing.JobHarness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A finished 2KiB batch judged from what it left, apart from the driver that wrote it: its report
 * (one run row; one verified row per sector; each partition proven once) and its proof files
 * (one per sector, nothing else but the report, each proof verified here against the verifying
 * key in the parameter directory and the public values of the sector's own C1 file).
 */
final class FinishedBatch {
    final Path out;
    final Path report;
    final List<JsonNode> rows;

    private FinishedBatch(Path out, Path report, List<JsonNode> rows) {
        this.out = out;
        this.report = report;
        this.rows = rows;
    }

    /** The batch whose proofs and only report are in out. */
    static FinishedBatch read(Path out) throws IOException {
        List<Path> reports;
        try (Stream<Path> s = Files.list(out)) {
            reports = s.filter(p -> p.getFileName().toString().matches("report-.*\\.jsonl")).toList();
        }
        if (reports.size() != 1) {
            throw new IllegalStateException(out + " holds " + reports.size() + " reports: " + reports);
        }
        FileSystem fs = FileSystem.getLocal(new Configuration());
        return new FinishedBatch(out, reports.get(0),
                JobHarness.readReport(fs, new org.apache.hadoop.fs.Path(reports.get(0).toString())));
    }

    List<JsonNode> rows(String type) {
        return rows.stream().filter(r -> r.get("type").asText().equals(type)).toList();
    }

    /** Everything wrong with the batch, given the C1 files it proved (one per sector, named after it). */
    List<String> problems(Path c1Dir, Path paramsDir) throws IOException {
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        Map<String, Path> c1 = new HashMap<>();
        try (Stream<Path> s = Files.list(c1Dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .forEach(p -> c1.put(p.getFileName().toString().replaceAll("\\.json$", ""), p));
        }
        List<JsonNode> run = rows("run");
        if (run.size() != 1) {
            problems.add(run.size() + " run rows");
        } else if (run.get(0).get("verified").asInt() != c1.size() || run.get(0).get("failed").asInt() != 0) {
            problems.add("run row: " + run.get(0));
        }
        Set<String> sectors = new HashSet<>();
        for (JsonNode r : rows("sector")) {
            String id = r.get("sector").asText();
            if (!sectors.add(id)) {
                problems.add("sector " + id + " reported twice");
            }
            if (!r.get("result").asText().equals("verified")) {
                problems.add("sector " + id + ": " + r.get("result").asText() + ": " + r.path("reason").asText());
            }
        }
        if (!sectors.equals(c1.keySet())) {
            Set<String> lost = new TreeSet<>(c1.keySet());
            lost.removeAll(sectors);
            problems.add("sectors without a row (lost): " + lost);
        }
        Set<String> partitions = new HashSet<>();
        for (JsonNode r : rows("partition")) {
            String key = r.get("sector").asText() + "/" + r.get("partition").asInt();
            if (!partitions.add(key)) {
                problems.add("partition " + key + " proven twice");
            }
        }
        int expected = c1.size() * SectorShape.SIZE_2KIB.partitions();
        if (partitions.size() != expected) {
            problems.add(partitions.size() + " partitions proven, " + expected + " expected");
        }
        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(out)) {
            s.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(report.getFileName().toString())).forEach(files::add);
        }
        Set<String> want = new TreeSet<>();
        c1.keySet().forEach(id -> want.add(id + ".proof"));
        if (!new TreeSet<>(files).equals(want)) {
            Set<String> extra = new TreeSet<>(files);
            extra.removeAll(want);
            Set<String> missing = new TreeSet<>(want);
            missing.removeAll(files);
            problems.add("proof files: missing " + missing + ", unexpected " + extra);
        }
        VerifyingKey vk = ParameterFiles.readVk(PorepParameters.vkFile(paramsDir, SectorShape.SIZE_2KIB));
        c1.entrySet().parallelStream().forEach(e -> {
            Path proof = out.resolve(e.getKey() + ".proof");
            if (!Files.isRegularFile(proof)) {
                return;
            }
            try {
                C1Output c = C1Reader.read(e.getValue());
                SealVerifier.Rejection r = SealVerifier.check(c.registeredProof(), c.replicaId(), c.commD(), c.commR(),
                        c.seed(), vk, Files.readAllBytes(proof));
                if (r != null) {
                    problems.add(proof + " does not verify: " + r);
                }
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
        });
        return problems;
    }

    /** Throughput and partition times from the report. */
    String figures() {
        JsonNode run = rows("run").get(0);
        List<JsonNode> parts = rows("partition");
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        double[] prove = new double[parts.size()];
        Map<String, Integer> executors = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            JsonNode p = parts.get(i);
            first = Math.min(first, p.get("startMs").asLong());
            last = Math.max(last, p.get("endMs").asLong());
            prove[i] = p.get("proveMs").asDouble();
            executors.merge(p.get("executor").asText() + "/" + p.get("device").asText(), 1, Integer::sum);
        }
        Arrays.sort(prove);
        double wall = run.get("wallMs").asDouble() / 1e3;
        double window = (last - first) / 1e3;
        return String.format(Locale.ROOT, "%d sectors, %d partitions in %.1f s of run (%.1f sectors/min); partitions"
                + " proven between %.1f s of first start and last end (%.1f partitions/min); prove task ms: median %.1f,"
                + " p95 %.1f, max %.1f; partitions per executor/device %s; attempts that failed: %d",
                rows("sector").size(), parts.size(), wall, rows("sector").size() / wall * 60, window,
                parts.size() / window * 60, prove[prove.length / 2], prove[(int) (prove.length * 0.95)],
                prove[prove.length - 1], executors, rows("attempt").stream()
                        .filter(a -> a.get("result").asText().equals("failed")).count());
    }
}
