package io.c2spark.spark.job;

import io.c2spark.spark.io.AtomicOutput;
import io.c2spark.spark.io.FileSystems;
import io.c2spark.spark.io.HadoopConf;
import io.c2spark.spark.io.InputSet;
import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.report.RunReport;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.Workload;
import io.c2spark.spark.workload.Workloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import scala.Function0;
import scala.Function2;
import scala.runtime.BoxedUnit;
import scala.util.Try;

/**
 * The driver of one batch. Each sector runs as two Spark jobs:
 * a prepare job (one task) and, once it is prepared, a prove job (one task per partition), so a
 * failure is confined to its sector while the others go on. Results arrive through submitJob's
 * result handler as tasks finish; this thread takes them from a queue, and as soon as a sector's
 * partitions are all in, verifies it, writes its proof atomically and reports it. At most
 * c2spark.sectors.inFlight sectors are between prepare and written at once. A sector whose proof
 * file exists is skipped: proofs are only written after verification, and atomically, so an
 * existing file is a verified proof.
 */
public final class BatchDriver {
    private static final long POLL_MILLIS = 100;

    private final JavaSparkContext jsc;
    private final Settings settings;
    private final PrintStream console;

    private final Map<String, SectorRun> active = new LinkedHashMap<>();
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private int verifiedCount;
    private int skippedCount;

    private RunReport report;
    private ProgressListener progress;
    private SectorVerifier verifier;
    private AtomicOutput atomic;
    private HadoopConf carriedConf;
    private String runId;
    private String workRoot;
    private FileSystem outFs;
    private FileSystem workFs;
    private Path outputDir;

    /** What the driver tracks of a sector between its prepare job and its proof file. */
    private static final class SectorRun {
        final SectorFile file;
        final long startNanos = System.nanoTime();
        SimpleFutureAction<BoxedUnit> job;
        String stage = "prepare";
        PrepareOutcome prepared;
        PartitionOutcome[] partitions;
        int received;

        SectorRun(SectorFile file) {
            this.file = file;
        }
    }

    public BatchDriver(JavaSparkContext jsc, Settings settings, PrintStream console) {
        this.jsc = jsc;
        this.settings = settings;
        this.console = console;
    }

    /** Runs the batch to the end; throws only when the batch cannot start (bad settings, no input, unwritable output). */
    public BatchSummary run() throws Exception {
        Configuration hconf = jsc.hadoopConfiguration();
        carriedConf = HadoopConf.of(hconf);
        atomic = new AtomicOutput(settings.get(C2SparkSettings.DIRECT_PUT_SCHEMES));
        outputDir = new Path(settings.get(C2SparkSettings.OUTPUT));
        outFs = FileSystems.forWriting(outputDir, hconf);
        outputDir = outFs.makeQualified(outputDir);
        ensureDirectory(outFs, outputDir, C2SparkSettings.OUTPUT.key());
        runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        String workSetting = settings.get(C2SparkSettings.WORK_DIR);
        Path workBase = workSetting.isEmpty() ? new Path(outputDir, "_work") : new Path(workSetting);
        workFs = FileSystems.forWriting(workBase, hconf);
        Path workPath = workFs.makeQualified(new Path(workBase, runId));
        ensureDirectory(workFs, workPath, C2SparkSettings.WORK_DIR.key());
        workRoot = workPath.toString();
        String reportSetting = settings.get(C2SparkSettings.REPORT_DIR);
        Path reportDir = reportSetting.isEmpty() ? outputDir : new Path(reportSetting);
        FileSystem reportFs = FileSystems.forWriting(reportDir, hconf);
        ensureDirectory(reportFs, reportDir, C2SparkSettings.REPORT_DIR.key());
        Path reportPath = reportFs.makeQualified(new Path(reportDir, "report-" + runId + ".jsonl"));

        Workload workload = Workloads.named(settings.get(C2SparkSettings.WORKLOAD));
        verifier = workload.verifier(settings);
        List<SectorFile> sectors = InputSet.resolve(hconf, settings.get(C2SparkSettings.INPUT),
                settings.get(C2SparkSettings.INPUT_SUFFIX));
        report = new RunReport();
        progress = new ProgressListener(console, settings.get(C2SparkSettings.PROGRESS_INTERVAL), sectors.size());
        jsc.sc().addSparkListener(progress);
        long start = System.nanoTime();
        try {
            Deque<SectorFile> pending = new ArrayDeque<>();
            for (SectorFile f : sectors) {
                Path dest = proofPath(f.sectorId());
                if (outFs.isFile(dest)) {
                    skippedCount++;
                    progress.sectorSkipped();
                    report.add(sectorRow(f, "skipped", "a proof exists: " + dest, null, 0, 0, 0));
                } else {
                    pending.add(f);
                }
            }
            int inFlight = Math.max(1, settings.get(C2SparkSettings.SECTORS_IN_FLIGHT));
            while (!pending.isEmpty() || !active.isEmpty()) {
                while (active.size() < inFlight && !pending.isEmpty()) {
                    submitPrepare(pending.poll());
                }
                Object event = events.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                while (event != null) {
                    handle(event);
                    event = events.poll();
                }
                reportFailedAttempts();
                checkFailedJobs();
                progress.maybePrint();
            }
        } finally {
            for (SectorRun r : new ArrayList<>(active.values())) {
                r.job.cancel();
                fail(r, "the batch stopped before this sector finished");
            }
            jsc.sc().removeSparkListener(progress);
            reportFailedAttempts();
            workFs.delete(workPath, true);
            try {
                if (workSetting.isEmpty() && workFs.listStatus(workBase).length == 0) {
                    workFs.delete(workBase, false);
                }
            } catch (IOException concurrentRun) {
                // Another run sharing the output created its work directory meanwhile: leave _work to it.
            }
            Map<String, Object> row = row("run");
            row.put("run", runId);
            row.put("sectors", sectors.size());
            row.put("verified", verifiedCount);
            row.put("failed", failures.size());
            row.put("skipped", skippedCount);
            row.put("wallMs", millis(System.nanoTime() - start));
            row.put("proofsPerDevice", progress.proofsPerDevice());
            putScheduling(row);
            report.add(row);
            report.write(reportFs, reportPath, atomic);
            console.println(progress.line());
        }
        return new BatchSummary(runId, outputDir.toString(), reportPath.toString(), verifiedCount, skippedCount, failures);
    }

    private void submitPrepare(SectorFile f) {
        SectorRun run = new SectorRun(f);
        active.put(f.sectorId(), run);
        RDD<SectorFile> rdd = jsc.parallelize(List.of(f), 1).rdd();
        run.job = submit(rdd, new PrepareTaskFunction(settings, carriedConf, workRoot), 1, "prepare", f.sectorId());
    }

    private void submitProve(SectorRun run) {
        int n = run.prepared.partitions;
        List<PartitionTask> tasks = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            tasks.add(new PartitionTask(run.file.sectorId(), k,
                    WorkFiles.partitionInput(workRoot, run.file.sectorId(), k).toString()));
        }
        run.stage = "prove";
        run.partitions = new PartitionOutcome[n];
        RDD<PartitionTask> rdd = jsc.parallelize(tasks, n).rdd();
        run.job = submit(rdd, new ProveTaskFunction(settings, carriedConf), n, "prove", run.file.sectorId());
    }

    /** submitJob over every partition of {@code rdd}; each task's result is queued for this thread. */
    private <T, U> SimpleFutureAction<BoxedUnit> submit(RDD<T> rdd, scala.Function1<scala.collection.Iterator<T>, U> f,
                                                        int partitions, String kind, String sectorId) {
        SparkContext sc = jsc.sc();
        sc.setLocalProperty(ProgressListener.STAGE_KIND, kind);
        sc.setLocalProperty(ProgressListener.SECTOR, sectorId);
        sc.setJobDescription("c2spark " + kind + " " + sectorId);
        List<Object> ids = new ArrayList<>(partitions);
        for (int i = 0; i < partitions; i++) {
            ids.add(i);
        }
        Function2<Object, U, BoxedUnit> handler = (index, result) -> {
            events.add(result);
            return BoxedUnit.UNIT;
        };
        Function0<BoxedUnit> done = () -> BoxedUnit.UNIT;
        return sc.submitJob(rdd, f, scala.jdk.javaapi.CollectionConverters.asScala(ids).toSeq(), handler, done);
    }

    private void handle(Object event) throws Exception {
        if (event instanceof PrepareOutcome) {
            PrepareOutcome p = (PrepareOutcome) event;
            SectorRun run = active.get(p.sectorId);
            if (run == null) {
                return;
            }
            run.prepared = p;
            if (p.rejection != null) {
                fail(run, p.rejection);
            } else {
                submitProve(run);
            }
        } else {
            PartitionOutcome o = (PartitionOutcome) event;
            SectorRun run = active.get(o.sectorId);
            if (run == null || run.partitions == null || run.partitions[o.partition] != null) {
                return;
            }
            run.partitions[o.partition] = o;
            run.received++;
            progress.partitionProven(o);
            report.add(partitionRow(o));
            if (run.received == run.partitions.length) {
                finish(run);
            }
        }
    }

    /** All partitions are in: verify, write atomically, report. */
    private void finish(SectorRun run) throws IOException {
        List<byte[]> proofs = new ArrayList<>();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (PartitionOutcome o : run.partitions) {
            proofs.add(o.proof);
            all.write(o.proof);
        }
        long v0 = System.nanoTime();
        Optional<String> problem;
        try {
            problem = verifier.verify(run.file.sectorId(), run.prepared.statement, proofs);
        } catch (Exception e) {
            problem = Optional.of("the verifier failed: " + e);
        }
        long verifyNanos = System.nanoTime() - v0;
        if (problem.isPresent()) {
            fail(run, "verification failed: " + problem.get(), verifyNanos, 0);
            return;
        }
        Path dest = proofPath(run.file.sectorId());
        long w0 = System.nanoTime();
        try {
            atomic.write(outFs, dest, all.toByteArray());
        } catch (IOException e) {
            fail(run, e.getMessage(), verifyNanos, System.nanoTime() - w0);
            return;
        }
        long writeNanos = System.nanoTime() - w0;
        active.remove(run.file.sectorId());
        cleanWork(run);
        verifiedCount++;
        progress.sectorVerified();
        Map<String, Object> row = sectorRow(run.file, "verified", null, run, verifyNanos, writeNanos,
                System.nanoTime() - run.startNanos);
        row.put("output", dest.toString());
        row.put("proofBytes", all.size());
        report.add(row);
    }

    private void fail(SectorRun run, String reason) throws IOException {
        fail(run, reason, 0, 0);
    }

    private void fail(SectorRun run, String reason, long verifyNanos, long writeNanos) throws IOException {
        active.remove(run.file.sectorId());
        cleanWork(run);
        failures.put(run.file.sectorId(), reason);
        progress.sectorFailed();
        report.add(sectorRow(run.file, "failed", reason, run, verifyNanos, writeNanos, System.nanoTime() - run.startNanos));
    }

    /** A job that failed (its task failed spark.task.maxFailures times) fails its sector only. */
    private void checkFailedJobs() throws IOException {
        for (SectorRun run : new ArrayList<>(active.values())) {
            if (run.job != null && run.job.isCompleted()) {
                Try<BoxedUnit> t = run.job.value().get();
                if (t.isFailure()) {
                    fail(run, run.stage + " failed: " + ProgressListener.firstLine(String.valueOf(t.failed().get().getMessage())));
                }
            }
        }
    }

    private void reportFailedAttempts() {
        for (ProgressListener.FailedAttempt a : progress.drainFailedAttempts()) {
            Map<String, Object> row = row("attempt");
            row.put("stage", a.kind);
            row.put("sector", a.sectorId);
            row.put("partition", a.partition);
            row.put("executor", a.executorId);
            row.put("host", a.host);
            row.put("attempt", a.attempt);
            row.put("result", "failed");
            row.put("reason", a.reason);
            report.add(row);
        }
    }

    private void cleanWork(SectorRun run) throws IOException {
        workFs.delete(WorkFiles.sectorDir(workRoot, run.file.sectorId()), true);
    }

    private Path proofPath(String sectorId) {
        return new Path(outputDir, sectorId + settings.get(C2SparkSettings.PROOF_SUFFIX));
    }

    private Map<String, Object> row(String type) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("run", runId);
        return m;
    }

    private Map<String, Object> sectorRow(SectorFile f, String result, String reason, SectorRun run,
                                          long verifyNanos, long writeNanos, long wallNanos) {
        Map<String, Object> m = row("sector");
        m.put("sector", f.sectorId());
        m.put("input", f.path());
        m.put("inputBytes", f.length());
        m.put("result", result);
        if (reason != null) {
            m.put("reason", reason);
        }
        PrepareOutcome p = run == null ? null : run.prepared;
        if (p != null && p.rejection == null) {
            m.put("partitions", p.partitions);
            m.put("facts", p.facts);
            m.put("partitionInputBytes", Arrays.stream(p.partitionInputBytes).sum());
            m.put("prepareMs", millis(p.prepareNanos));
            m.put("prepareExecutor", p.executorId);
            m.put("prepareHost", p.host);
        }
        if (run != null && run.partitions != null) {
            long proveSum = 0;
            for (PartitionOutcome o : run.partitions) {
                proveSum += o == null ? 0 : o.proveNanos;
            }
            m.put("proveMsSum", millis(proveSum));
        }
        m.put("verifyMs", millis(verifyNanos));
        m.put("writeMs", millis(writeNanos));
        m.put("wallMs", millis(wallNanos));
        return m;
    }

    private Map<String, Object> partitionRow(PartitionOutcome o) {
        Map<String, Object> m = row("partition");
        m.put("sector", o.sectorId);
        m.put("partition", o.partition);
        m.put("result", "proven");
        m.put("inputBytes", o.inputBytes);
        m.put("proofBytes", o.proof.length);
        m.put("executor", o.executorId);
        m.put("host", o.host);
        m.put("device", o.device);
        m.put("deviceSource", o.deviceSource);
        m.put("attempt", o.attempt);
        m.put("startMs", o.startMillis);
        m.put("endMs", o.endMillis);
        m.put("readMs", millis(o.readNanos));
        m.put("proveMs", millis(o.proveNanos));
        Map<String, Object> phases = new LinkedHashMap<>();
        o.phaseNanos.forEach((k, v) -> phases.put(k, millis(v)));
        m.put("phasesMs", phases);
        Map<String, Object> waits = new LinkedHashMap<>();
        o.waitNanos.forEach((k, v) -> waits.put(k, millis(v)));
        m.put("waitsMs", waits);
        if (!o.deviceClockMs.isEmpty()) {
            m.put("deviceClockMs", o.deviceClockMs);
        }
        return m;
    }

    /**
     * How the run was laid out, for comparing runs (the notebooks plot waits and busy fractions
     * against workers per GPU and GPUs): the master, and either Spark's gpu resource amounts or, in
     * plain local mode, the executor's own device list.
     */
    private void putScheduling(Map<String, Object> row) {
        org.apache.spark.SparkConf conf = jsc.getConf();
        row.put("master", conf.get("spark.master", ""));
        String task = "spark.task.resource.gpu.amount";
        if (conf.contains(task)) {
            double amount = conf.getDouble(task, 1.0);
            row.put("workersPerGpu", amount >= 1 ? 1 : (int) Math.round(1 / amount));
            row.put("gpusPerExecutor", conf.getInt("spark.executor.resource.gpu.amount", 1));
        } else {
            row.put("localGpus", settings.get(C2SparkSettings.LOCAL_GPUS));
        }
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }

    private static void ensureDirectory(FileSystem fs, Path dir, String setting) throws IOException {
        if (fs.exists(dir)) {
            if (!fs.getFileStatus(dir).isDirectory()) {
                throw new IOException(setting + ": " + dir + " exists and is not a directory");
            }
            return;
        }
        try {
            if (!fs.mkdirs(dir)) {
                throw new IOException(setting + ": cannot create directory " + dir);
            }
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(setting)) {
                throw e;
            }
            throw new IOException(setting + ": cannot create directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
