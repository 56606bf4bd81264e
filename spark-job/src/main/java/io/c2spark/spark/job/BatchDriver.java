package io.c2spark.spark.job;

import io.c2spark.spark.io.AtomicOutput;
import io.c2spark.spark.io.FallbackDirectory;
import io.c2spark.spark.io.FileSystems;
import io.c2spark.spark.io.HadoopConf;
import io.c2spark.spark.io.InputSet;
import io.c2spark.spark.io.IoReasons;
import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.io.WritableDirectory;
import io.c2spark.spark.report.ReportRows;
import io.c2spark.spark.report.RunReport;
import io.c2spark.spark.report.SectorTimes;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.task.FailedAttempt;
import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.task.PartitionTask;
import io.c2spark.spark.task.PrepareOutcome;
import io.c2spark.spark.task.SetupRefusal;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.SetupException;
import io.c2spark.spark.workload.Workload;
import io.c2spark.spark.workload.Workloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
 * partitions are all in, verifies it, writes its proof atomically and reports it. Which sectors
 * are prepared and proven when is the {@link SectorWindow}'s: at most c2spark.sectors.inFlight
 * sectors are proven at once, and c2spark.sectors.prepareAhead more are prepared ahead of them, so
 * the next sector's inputs are ready when a sector's last partition is in. A sector whose proof
 * file exists is skipped: proofs are only written after verification, and atomically, so an
 * existing file is a verified proof.
 *
 * <p>What can end a run early is found early. Every place the run writes (output, work, report
 * directories) is written to before anything is proven. A setup problem (a {@link SetupException}:
 * parameters missing, say) fails its sector at once, with no retry, and is reported against its
 * executor; when the driver itself has one, or every executor has one, the run stops, each sector
 * still open failing with the reason. A verified proof whose destination cannot be written is kept
 * in a {@link FallbackDirectory}, as is a report that cannot be written, and the console says where.
 */
public final class BatchDriver {
    private static final long POLL_MILLIS = 100;

    private final JavaSparkContext jsc;
    private final Settings settings;
    private final PrintStream console;

    private final Map<String, SectorRun> active = new LinkedHashMap<>();
    private SectorWindow window;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final SetupProblems problems = new SetupProblems();
    private int verifiedCount;
    private int skippedCount;
    private int keptCount;
    private String stopReason;

    private RunReport report;
    private ReportRows rows;
    private ProgressListener progress;
    private SectorVerifier verifier;
    private ExecutorSetups setups;
    private ExecutorWait executorWait;
    private ProverMetrics metrics;
    private FallbackDirectory fallback;
    private AtomicOutput atomic;
    private HadoopConf carriedConf;
    private String runId;
    private String workRoot;
    private FileSystem outFs;
    private FileSystem workFs;
    private Path outputDir;
    /** c2spark.work.dir, or <output>/_work when it is not set; the run's work directory is workBase/runId. */
    private Path workBase;
    private Path workPath;
    private boolean defaultWorkBase;

    /** What the driver tracks of a sector between its prepare job and its proof file. */
    private static final class SectorRun {
        final SectorFile file;
        final SectorTimes times = new SectorTimes();
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

    /**
     * Runs the batch to the end; throws only when the batch cannot start (bad settings, no input, an
     * output location that cannot be written).
     */
    public BatchSummary run() throws Exception {
        Configuration hconf = jsc.hadoopConfiguration();
        carriedConf = HadoopConf.of(hconf);
        atomic = new AtomicOutput(settings.get(C2SparkSettings.DIRECT_PUT_SCHEMES));
        runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        outputDir = new Path(settings.get(C2SparkSettings.OUTPUT));
        outFs = FileSystems.forWriting(outputDir, hconf);
        outputDir = outFs.makeQualified(outputDir);
        WritableDirectory.check(outFs, outputDir, C2SparkSettings.OUTPUT.key());
        String workSetting = settings.get(C2SparkSettings.WORK_DIR);
        defaultWorkBase = workSetting.isEmpty();
        workBase = defaultWorkBase ? new Path(outputDir, "_work") : new Path(workSetting);
        workFs = FileSystems.forWriting(workBase, hconf);
        workPath = workFs.makeQualified(new Path(workBase, runId));
        WritableDirectory.check(workFs, workPath, defaultWorkBase
                ? C2SparkSettings.WORK_DIR.key() + " (not set: " + C2SparkSettings.OUTPUT.key() + "/_work)"
                : C2SparkSettings.WORK_DIR.key());
        workRoot = workPath.toString();
        String reportSetting = settings.get(C2SparkSettings.REPORT_DIR);
        Path reportDir = reportSetting.isEmpty() ? outputDir : new Path(reportSetting);
        FileSystem reportFs = FileSystems.forWriting(reportDir, hconf);
        Path reportPath;
        List<SectorFile> sectors;
        Workload workload;
        try {
            if (!reportSetting.isEmpty()) {
                WritableDirectory.check(reportFs, reportDir, C2SparkSettings.REPORT_DIR.key());
            }
            reportPath = reportFs.makeQualified(new Path(reportDir, "report-" + runId + ".jsonl"));
            workload = Workloads.named(settings.get(C2SparkSettings.WORKLOAD));
            sectors = InputSet.resolve(hconf, settings.get(C2SparkSettings.INPUT),
                    settings.get(C2SparkSettings.INPUT_SUFFIX));
        } catch (IOException | RuntimeException e) {
            removeWork();
            throw e;
        }
        fallback = new FallbackDirectory(settings.get(C2SparkSettings.FALLBACK_DIR), runId);
        report = new RunReport();
        progress = new ProgressListener(console, settings.get(C2SparkSettings.PROGRESS_INTERVAL), sectors.size());
        setups = ExecutorSetups.of(jsc.sc());
        metrics = ProverMetrics.ofDriver(jsc.sc());
        executorWait = new ExecutorWait(settings.get(C2SparkSettings.EXECUTOR_WAIT), jsc.getConf(), System.nanoTime());
        jsc.sc().addSparkListener(progress);
        long start = System.nanoTime();
        String reportLocation = reportPath.toString();
        window = new SectorWindow(Math.max(1, settings.get(C2SparkSettings.SECTORS_IN_FLIGHT)),
                Math.max(0, settings.get(C2SparkSettings.SECTORS_PREPARE_AHEAD)));
        rows = new ReportRows(runId, window.provingLimit(), window.ahead(), jsc.getConf(),
                settings.get(C2SparkSettings.LOCAL_GPUS));
        try {
            for (SectorFile f : sectors) {
                Path dest = proofPath(f.sectorId());
                if (outFs.isFile(dest)) {
                    skippedCount++;
                    progress.sectorSkipped();
                    report.add(rows.sector(f, "skipped", "a proof exists: " + dest));
                } else {
                    window.add(f);
                }
            }
            try {
                verifier = workload.verifier(settings);
            } catch (SetupException e) {
                stop("the driver cannot verify: " + e.getMessage());
            }
            while (stopReason == null && (window.hasWaiting() || !active.isEmpty())) {
                // Preparations first: submitted before the prove job of a sector proven meanwhile, their
                // tasks are scheduled ahead of its partitions.
                window.toPrepare().forEach(this::submitPrepare);
                window.toProve().forEach(id -> submitProve(active.get(id)));
                Object event = events.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                while (event != null && stopReason == null) {
                    handle(event);
                    event = events.poll();
                }
                reportFailedAttempts();
                checkFailedJobs();
                checkExecutors();
                progress.maybePrint();
            }
        } finally {
            String why = stopReason != null ? stopReason : "the batch stopped before this sector finished";
            for (SectorRun r : new ArrayList<>(active.values())) {
                r.job.cancel();
                fail(r, why);
            }
            for (SectorFile f : window.drainWaiting()) {
                failures.put(f.sectorId(), why);
                progress.sectorFailed();
                report.add(rows.sector(f, "failed", why));
            }
            jsc.sc().removeSparkListener(progress);
            reportFailedAttempts();
            removeWork();
            report.add(rows.run(sectors.size(), verifiedCount, failures.size(), skippedCount, System.nanoTime() - start,
                    progress.proofsPerDevice(), stopReason, problems.byReason(), keptCount, setups.lost()));
            reportLocation = writeReport(reportFs, reportPath);
            console.println(progress.line());
        }
        return new BatchSummary(runId, outputDir.toString(), reportLocation, verifiedCount, skippedCount, failures,
                stopReason);
    }

    /** Writes the report; where its directory fails it now, into the fallback folder. Returns where it went. */
    private String writeReport(FileSystem reportFs, Path reportPath) throws IOException {
        try {
            report.write(reportFs, reportPath, atomic);
            return reportPath.toString();
        } catch (IOException e) {
            String reason = IoReasons.of(e);
            report.add(rows.fallback("report", reportPath.toString(), reason));
            java.nio.file.Path kept;
            try {
                kept = fallback.keep(reportPath.getName(), report.bytes());
            } catch (IOException f) {
                f.addSuppressed(e);
                throw new IOException(reason + "; keeping the report in a fallback folder failed too: "
                        + IoReasons.of(f), f);
            }
            console.println("c2spark: " + reason + "; the report is kept at " + kept);
            return kept.toString();
        }
    }

    /** Removes the run's work directory (a failure is only told), and _work when it was the default and is empty. */
    private void removeWork() {
        try {
            workFs.delete(workPath, true);
        } catch (IOException e) {
            console.println("c2spark: could not remove the work directory " + workPath + ": " + IoReasons.of(e));
            return;
        }
        try {
            if (defaultWorkBase && workFs.listStatus(workBase).length == 0) {
                workFs.delete(workBase, false);
            }
        } catch (IOException concurrentRun) {
            // Another run sharing the output created its work directory meanwhile: leave _work to it.
        }
    }

    /** Ends the loop: every sector still open fails with this reason. */
    private void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
            console.println("c2spark: stopping the run: " + reason);
        }
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
        run.times.proveSubmitted();
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
        if (event instanceof SetupRefusal) {
            refused((SetupRefusal) event);
        } else if (event instanceof PrepareOutcome) {
            PrepareOutcome p = (PrepareOutcome) event;
            SectorRun run = active.get(p.sectorId);
            if (run == null) {
                return;
            }
            run.prepared = p;
            if (p.rejection != null) {
                fail(run, p.rejection);
            } else {
                window.prepared(p.sectorId);
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
            metrics.partitionProven(o);
            report.add(rows.partition(o));
            if (run.received == run.partitions.length) {
                run.times.proven();
                window.proven(o.sectorId);
                finish(run);
            }
        }
    }

    /** A task's executor cannot work: the sector fails at once, the executor is counted out. */
    private void refused(SetupRefusal r) throws IOException {
        SetupProblems.Problem p = new SetupProblems.Problem(r.executorId, r.host, r.reason);
        noteProblem(p);
        report.add(rows.attempt(r));
        metrics.taskFailed();
        SectorRun run = active.get(r.sectorId);
        if (run != null && run.stage.equals(r.stage)) {
            run.job.cancel();
            fail(run, r.stage + " failed: " + r.reason + " (" + p.where() + ")");
        }
    }

    private void noteProblem(SetupProblems.Problem p) {
        if (problems.record(p)) {
            console.println("c2spark: " + p.where() + " cannot prove: " + p.reason);
        }
    }

    /**
     * Start-up reports from executors' plugins; the run stops when no live executor can prove, or when
     * none has been alive for c2spark.executors.waitSeconds.
     */
    private void checkExecutors() {
        if (setups == null) {
            return;
        }
        setups.startupProblems().forEach(this::noteProblem);
        problems.noExecutorCanProve(setups.alive()).ifPresent(r -> stop("no executor can prove: " + r));
        executorWait.check(setups.alive(), System.nanoTime()).ifPresent(this::stop);
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
        } catch (SetupException e) {
            problem = Optional.of(e.getMessage());
            stop("the driver cannot verify: " + e.getMessage());
        } catch (Exception e) {
            problem = Optional.of("the verifier failed: " + e);
        }
        long verifyNanos = System.nanoTime() - v0;
        if (problem.isPresent()) {
            fail(run, "verification failed: " + problem.get(), verifyNanos, 0, null);
            return;
        }
        Path dest = proofPath(run.file.sectorId());
        long w0 = System.nanoTime();
        try {
            atomic.write(outFs, dest, all.toByteArray());
        } catch (IOException e) {
            keepInFallback(run, dest, all.toByteArray(), IoReasons.of(e), verifyNanos, System.nanoTime() - w0);
            return;
        }
        long writeNanos = System.nanoTime() - w0;
        active.remove(run.file.sectorId());
        window.left(run.file.sectorId());
        cleanWork(run);
        verifiedCount++;
        progress.sectorVerified();
        metrics.sectorVerified();
        Map<String, Object> row = sectorRow(run, "verified", null, verifyNanos, writeNanos);
        row.put("output", dest.toString());
        row.put("proofBytes", all.size());
        report.add(row);
    }

    /**
     * A verified proof whose destination refused it: never dropped, but kept in the fallback folder.
     * The sector still counts as failed (its proof is not where it belongs), and says where it is.
     */
    private void keepInFallback(SectorRun run, Path dest, byte[] proof, String reason, long verifyNanos,
                                long writeNanos) {
        String why = reason.contains(dest.toString()) ? reason : "cannot write " + dest + ": " + reason;
        java.nio.file.Path kept;
        try {
            kept = fallback.keep(dest.getName(), proof);
        } catch (IOException e) {
            fail(run, why + "; keeping the verified proof in a fallback folder failed too: " + IoReasons.of(e),
                    verifyNanos, writeNanos, null);
            return;
        }
        keptCount++;
        console.println("c2spark: " + why + "; the verified proof of sector " + run.file.sectorId() + " is kept at "
                + kept);
        fail(run, why + "; the verified proof is kept at " + kept, verifyNanos, writeNanos, kept.toString());
    }

    private void fail(SectorRun run, String reason) {
        fail(run, reason, 0, 0, null);
    }

    private void fail(SectorRun run, String reason, long verifyNanos, long writeNanos, String keptAt) {
        active.remove(run.file.sectorId());
        window.left(run.file.sectorId());
        cleanWork(run);
        failures.put(run.file.sectorId(), reason);
        progress.sectorFailed();
        metrics.sectorFailed();
        Map<String, Object> row = sectorRow(run, "failed", reason, verifyNanos, writeNanos);
        if (keptAt != null) {
            row.put("keptAt", keptAt);
        }
        report.add(row);
    }

    /**
     * A job that failed (its task failed spark.task.maxFailures times, or exclusion left it nowhere
     * to run) fails its sector only, with the task's own reason.
     */
    private void checkFailedJobs() {
        for (SectorRun run : new ArrayList<>(active.values())) {
            if (run.job != null && run.job.isCompleted()) {
                Try<BoxedUnit> t = run.job.value().get();
                if (t.isFailure()) {
                    fail(run, run.stage + " failed: " + JobFailures.rootCause(t.failed().get()));
                }
            }
        }
    }

    private void reportFailedAttempts() {
        for (FailedAttempt a : progress.drainFailedAttempts()) {
            report.add(rows.attempt(a));
            metrics.taskFailed();
        }
    }

    /** Removes the sector's compact inputs; a failure is only told (the run's directory goes at the end). */
    private void cleanWork(SectorRun run) {
        Path dir = WorkFiles.sectorDir(workRoot, run.file.sectorId());
        try {
            workFs.delete(dir, true);
        } catch (IOException e) {
            console.println("c2spark: could not remove " + dir + ": " + IoReasons.of(e));
        }
    }

    private Path proofPath(String sectorId) {
        return new Path(outputDir, sectorId + settings.get(C2SparkSettings.PROOF_SUFFIX));
    }

    private Map<String, Object> sectorRow(SectorRun run, String result, String reason, long verifyNanos,
                                          long writeNanos) {
        return rows.sector(run.file, result, reason, run.times, run.prepared, run.partitions, verifyNanos, writeNanos);
    }
}
