package io.c2spark.cli.fuzz;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The JVM the cases run in, started by {@link FuzzRun} with the heap budget as -Xmx: args are the
 * corpus directory, its seed and a work directory. It first runs every kind's untouched file (each
 * must be harmless, or the corpus is wrong), prints READY, then reads cases from stdin, one a line
 * ({@code index kind caseSeed}), and answers each on stdout with one line: RESULT, the index, the
 * outcome, the milliseconds, the mutation, the detail, and ENDING when this
 * JVM ends after the answer, tab-separated. The cases' own printing is captured by the runner; an
 * OutOfMemoryError is answered as a defect and ends this JVM, for the parent to start another.
 */
public final class FuzzWorker {
    private FuzzWorker() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        FuzzCorpus corpus = FuzzCorpus.open(Path.of(args[0]), Long.parseLong(args[1]));
        CaseRunner runner = new CaseRunner(corpus, Path.of(args[2]));
        for (Kind k : Kind.values()) {
            Verdict v = runner.run(k, new Mutation("untouched", corpus.original(k)), 0);
            if (v.outcome() != Verdict.Outcome.HARMLESS) {
                protocol.println("CORPUS\t" + k.label() + "\t" + oneLine(v.outcome() + ": " + v.detail()));
                System.exit(3);
            }
        }
        protocol.println("READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split(" ");
            long index = Long.parseLong(f[0]);
            Kind kind = Kind.valueOf(f[1]);
            long caseSeed = Long.parseLong(f[2]);
            long t0 = System.nanoTime();
            String description = "(not made)";
            Verdict v;
            boolean fatal = false;
            try {
                Mutation m = CaseRunner.mutation(corpus, kind, caseSeed);
                description = m.description();
                v = runner.run(kind, m, caseSeed);
            } catch (OutOfMemoryError e) {
                v = Verdict.defect("the heap budget was exceeded (OutOfMemoryError)");
                fatal = true;
            } catch (Throwable e) {
                v = Verdict.defect("the case ended in " + e);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            protocol.println("RESULT\t" + index + "\t" + v.outcome() + "\t" + ms + "\t"
                    + oneLine(description) + "\t" + oneLine(v.detail()) + "\t" + (fatal ? "ENDING" : "GOING ON"));
            if (fatal) {
                System.exit(4);
            }
        }
    }

    /** Text on one protocol field: no tabs or line breaks, at most 2000 characters. */
    static String oneLine(String s) {
        String t = s.replace('\t', ' ').replace('\r', ' ').replace('\n', '|');
        return t.length() > 2000 ? t.substring(0, 2000) + "..." : t;
    }
}
