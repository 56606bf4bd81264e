package io.c2spark.cli.fuzz;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A fuzz run: makes the corpus ({@link FuzzCorpus}) once, starts a worker JVM with the heap budget
 * as its -Xmx ({@link FuzzWorker}), hands it the cases one by one (every kind in turn, each case's
 * mutation drawn from the run's seed and its index) and waits at most the time budget for each
 * answer: a case that does not answer in time is a hang, and its worker is killed and replaced, as
 * is a worker that ran out of heap or died. The figures per kind and every defect come back in a
 * {@link Report}.
 *
 * <p>{@code main} runs N cases and prints the figures: {@code FuzzRun [--cases N] [--seed S]
 * [--corpus-seed C]}, or replays one case in this JVM with everything it printed:
 * {@code FuzzRun --seed S --case I}.
 */
public final class FuzzRun {
    /** A case's time budget. */
    public static final long CASE_MILLIS = 10_000;
    /** A case's heap budget: the worker JVM's -Xmx. */
    public static final int HEAP_MIB = 512;
    /** The corpus's seed unless one is given: the same files in every run. */
    public static final long CORPUS_SEED = 30;

    private FuzzRun() {
    }

    /** One case's answer. */
    public record Case(long index, Kind kind, Verdict.Outcome outcome, long millis, String mutation, String detail) {
        String describe(long seed) {
            return kind.label() + " case " + index + " (seed " + seed + "): " + mutation + ": " + detail;
        }
    }

    /** What a run found: each case, and the wall time. */
    public static final class Report {
        public final long seed;
        public final List<Case> cases = new ArrayList<>();
        public final List<String> defects = new ArrayList<>();
        long wallMillis;
        int workersStarted;

        Report(long seed) {
            this.seed = seed;
        }

        void add(Case c) {
            cases.add(c);
            if (c.outcome() == Verdict.Outcome.DEFECT) {
                defects.add(c.describe(seed));
            }
        }

        /** The figures as a markdown table: cases, outcomes, mean and longest time, per kind. */
        public String table() {
            Map<Kind, long[]> per = new EnumMap<>(Kind.class);
            for (Case c : cases) {
                long[] t = per.computeIfAbsent(c.kind(), k -> new long[8]);
                t[0]++;
                t[1 + c.outcome().ordinal()]++;
                t[6] += c.millis();
                t[7] = Math.max(t[7], c.millis());
            }
            StringBuilder s = new StringBuilder();
            s.append("| kind | cases | refused | rejected | harmless | accepted | defects | mean ms | max ms |\n");
            s.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            long[] all = new long[8];
            for (Map.Entry<Kind, long[]> e : per.entrySet()) {
                row(s, e.getKey().label(), e.getValue());
                for (int i = 0; i < 8; i++) {
                    all[i] = i == 7 ? Math.max(all[i], e.getValue()[i]) : all[i] + e.getValue()[i];
                }
            }
            row(s, "all", all);
            s.append(String.format(Locale.ROOT, "%n%d cases in %.1f s (%.1f cases/s), seed %d, %d worker JVM(s) of"
                    + " -Xmx%dm, %d ms per case at most%n", cases.size(), wallMillis / 1e3,
                    cases.size() / Math.max(1e-3, wallMillis / 1e3), seed, workersStarted, HEAP_MIB, CASE_MILLIS));
            return s.toString();
        }

        private static void row(StringBuilder s, String name, long[] t) {
            s.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %.1f | %d |%n", name, t[0],
                    t[1], t[2], t[3], t[4], t[5], t[6] / (double) Math.max(1, t[0]), t[7]));
        }

        /** Up to n refusal messages per kind, for reading what users are told. */
        public String refusalSamples(int n) {
            Map<Kind, List<String>> m = new LinkedHashMap<>();
            for (Case c : cases) {
                List<String> l = m.computeIfAbsent(c.kind(), k -> new ArrayList<>());
                if (c.outcome() == Verdict.Outcome.REFUSED && l.size() < n) {
                    l.add(c.mutation() + "  ->  " + c.detail());
                }
            }
            StringBuilder s = new StringBuilder();
            m.forEach((k, l) -> l.forEach(x -> s.append(k.label()).append(": ").append(x).append('\n')));
            return s.toString();
        }
    }

    /** Runs cases 0 .. count - 1 of the run with this seed on a fresh corpus in a temporary directory. */
    public static Report run(long count, long seed, long corpusSeed) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("c2spark-fuzz");
        try {
            Path corpus = dir.resolve("corpus");
            FuzzCorpus.create(corpus, corpusSeed);
            Report report = new Report(seed);
            FuzzCorpus described = null;
            long t0 = System.nanoTime();
            Worker w = null;
            try {
                for (long i = 0; i < count; i++) {
                    if (w == null) {
                        w = new Worker(corpus, corpusSeed, dir.resolve("work"));
                        report.workersStarted++;
                    }
                    Kind kind = CaseRunner.kind(i);
                    long caseSeed = CaseRunner.caseSeed(seed, i);
                    Case c = w.run(i, kind, caseSeed);
                    if (c.mutation() == null) {
                        // The worker did not answer: the mutation is made again here to name it.
                        described = described != null ? described : FuzzCorpus.open(corpus, corpusSeed);
                        c = new Case(c.index(), kind, c.outcome(), c.millis(),
                                CaseRunner.mutation(described, kind, caseSeed).description(), c.detail());
                    }
                    report.add(c);
                    if (!w.alive()) {
                        w.stop();
                        w = null;
                    }
                }
            } finally {
                if (w != null) {
                    w.stop();
                }
            }
            report.wallMillis = (System.nanoTime() - t0) / 1_000_000;
            return report;
        } finally {
            CaseRunner.delete(dir);
        }
    }

    /** A worker JVM and its protocol. */
    private static final class Worker {
        private final Process process;
        private final PrintWriter in;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final Deque<String> errTail = new ArrayDeque<>();
        /** Set once the worker is gone or going: it timed out, died, or said it ends. */
        private boolean ended;

        Worker(Path corpus, long corpusSeed, Path work) throws IOException, InterruptedException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            process = new ProcessBuilder(java, "-Xmx" + HEAP_MIB + "m", "-Xss8m", "--add-modules=jdk.incubator.vector",
                    "-cp", System.getProperty("java.class.path"), FuzzWorker.class.getName(), corpus.toString(),
                    Long.toString(corpusSeed), work.toString()).start();
            in = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
            drain(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true);
            drain(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false);
            String ready = lines.poll(5, TimeUnit.MINUTES);
            if (!"READY".equals(ready)) {
                process.destroyForcibly();
                throw new IllegalStateException("the fuzz worker did not start: " + ready + "; stderr: " + errTail());
            }
        }

        private void drain(BufferedReader r, boolean protocol) {
            Thread t = new Thread(() -> {
                try {
                    String line;
                    while ((line = r.readLine()) != null) {
                        if (protocol) {
                            lines.add(line);
                        } else {
                            synchronized (errTail) {
                                errTail.add(line);
                                if (errTail.size() > 20) {
                                    errTail.removeFirst();
                                }
                            }
                        }
                    }
                } catch (IOException closed) {
                    // The worker ended.
                }
                if (protocol) {
                    lines.add("EOF");
                }
            }, "fuzz worker " + (protocol ? "stdout" : "stderr"));
            t.setDaemon(true);
            t.start();
        }

        private String errTail() {
            synchronized (errTail) {
                return String.join(" | ", errTail);
            }
        }

        Case run(long index, Kind kind, long caseSeed) throws InterruptedException {
            in.println(index + " " + kind.name() + " " + caseSeed);
            String line = lines.poll(CASE_MILLIS + 2_000, TimeUnit.MILLISECONDS);
            if (line == null) {
                ended = true;
                process.destroyForcibly();
                return new Case(index, kind, Verdict.Outcome.DEFECT, CASE_MILLIS, null,
                        "no answer within " + CASE_MILLIS + " ms: a hang; the worker was killed");
            }
            if (!line.startsWith("RESULT\t")) {
                ended = true;
                process.destroyForcibly();
                return new Case(index, kind, Verdict.Outcome.DEFECT, 0, null,
                        "the worker died: " + line + "; stderr: " + errTail());
            }
            String[] f = line.split("\t", -1);
            ended = f[6].equals("ENDING");
            Verdict.Outcome o = Verdict.Outcome.valueOf(f[2]);
            long ms = Long.parseLong(f[3]);
            String detail = f[5];
            if (ms > CASE_MILLIS && o != Verdict.Outcome.DEFECT) {
                o = Verdict.Outcome.DEFECT;
                detail = "took " + ms + " ms, over the budget; " + detail;
            }
            return new Case(index, kind, o, ms, f[4], detail);
        }

        boolean alive() {
            return !ended && process.isAlive();
        }

        void stop() throws InterruptedException {
            in.close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        long cases = 11_000;
        long seed = System.nanoTime();
        long corpusSeed = CORPUS_SEED;
        long only = -1;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--cases" -> cases = Long.parseLong(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--corpus-seed" -> corpusSeed = Long.parseLong(args[i + 1]);
                case "--case" -> only = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("usage: FuzzRun [--cases N] [--seed S] [--corpus-seed C]"
                        + " [--case I]");
            }
        }
        if (only >= 0) {
            replay(seed, corpusSeed, only);
            return;
        }
        System.out.println("fuzz: " + cases + " cases, seed " + seed + ", corpus seed " + corpusSeed);
        Report r = run(cases, seed, corpusSeed);
        System.out.print(r.table());
        System.out.print(r.refusalSamples(5));
        r.defects.forEach(d -> System.out.println("DEFECT " + d));
        System.exit(r.defects.isEmpty() ? 0 : 1);
    }

    /** Runs one case in this JVM and prints its mutation and verdict. */
    static void replay(long seed, long corpusSeed, long index) throws Exception {
        Path dir = Files.createTempDirectory("c2spark-fuzz");
        try {
            FuzzCorpus.create(dir.resolve("corpus"), corpusSeed);
            FuzzCorpus corpus = FuzzCorpus.open(dir.resolve("corpus"), corpusSeed);
            CaseRunner runner = new CaseRunner(corpus, dir.resolve("work"));
            Kind kind = CaseRunner.kind(index);
            long caseSeed = CaseRunner.caseSeed(seed, index);
            Mutation m = CaseRunner.mutation(corpus, kind, caseSeed);
            System.out.println(kind.label() + " case " + index + ": " + m.description());
            Verdict v = runner.run(kind, m, caseSeed);
            System.out.println(v.outcome() + ": " + v.detail());
        } finally {
            CaseRunner.delete(dir);
        }
    }
}
