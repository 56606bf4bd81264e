package io.c2spark.cli.fuzz;

import io.c2spark.cli.MainEntry;
import io.c2spark.core.curve.G1;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.snarkjs.SnarkjsJson;
import io.c2spark.core.snarkjs.ZkeyFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs one fuzz case in this JVM: writes the mutated file beside nothing else, runs on it what the
 * project runs on such a file (the commands' entry points, as {@code c2spark} runs them, with the
 * rest of the corpus untouched; for .params and .shape, which only the 2KiB prove command reads, the
 * readers and the CPU prover and verifier behind it), and judges the outcome (see {@link Verdict}).
 *
 * <p>A clean refusal is the malformed-input status 2 with exactly one line on stderr naming the
 * mutated file, nothing on stdout, no stack trace, no parser vocabulary, and nothing left in the
 * output folder; a reader's refusal is its typed IOException with such a message. A mutated seal
 * proof, verifying key, proof.json, verification_key.json or public.json, or a C1 file whose public
 * values changed, must never verify.
 */
public final class CaseRunner {
    /** What a message may not contain: stack traces, exception class names, parser and JDK internals. */
    private static final Pattern LEAK = Pattern.compile(
            "\tat |Exception|Caused by|JsonReadFeature|StreamReadConstraints|com\\.fasterxml|java\\.(lang|io|nio|util)\\.");
    /** The longest refusal line accepted, beyond the path of the file it names. */
    private static final int MAX_MESSAGE = 400;

    private final FuzzCorpus corpus;
    private final Path work;
    private final Path noParams;
    private final VerifyingKey snarkjsVk;
    private final Proof snarkjsProof;
    private final long[] snarkjsPublic;

    public CaseRunner(FuzzCorpus corpus, Path work) throws IOException {
        this.corpus = corpus;
        this.work = Files.createDirectories(work);
        this.noParams = Files.createDirectories(work.resolve("no-params"));
        this.snarkjsVk = SnarkjsJson.readVerificationKey(corpus.file(Kind.VK_JSON));
        this.snarkjsProof = SnarkjsJson.readProof(corpus.file(Kind.PROOF_JSON));
        this.snarkjsPublic = SnarkjsJson.readPublicSignals(corpus.file(Kind.PUBLIC_JSON));
    }

    /** The kind of case index of a run: every kind in turn. */
    public static Kind kind(long index) {
        Kind[] k = Kind.values();
        return k[(int) (index % k.length)];
    }

    /** The seed of case index of the run with this seed. */
    public static long caseSeed(long runSeed, long index) {
        return runSeed * 0x9E3779B97F4A7C15L + index * 0xBF58476D1CE4E5B9L;
    }

    /** The mutation a case applies to the corpus's file of its kind. */
    public static Mutation mutation(FuzzCorpus corpus, Kind kind, long caseSeed) {
        Random rnd = new Random(caseSeed);
        byte[] f = corpus.original(kind);
        return switch (kind) {
            case C1, VK_JSON, PROOF_JSON, PUBLIC_JSON -> JsonMutations.any(kind, f, rnd);
            case SEAL_PROOF -> ZcashFileMutations.sealProof(f, rnd);
            case SEAL_VK -> ZcashFileMutations.keyFile(f, false, rnd);
            case PARAMS -> ZcashFileMutations.keyFile(f, true, rnd);
            case SHAPE -> ShapeFileMutations.any(f, rnd);
            case ZKEY, WTNS, R1CS -> BinFileMutations.any(kind, f, rnd);
        };
    }

    /** Runs the case; its files are removed afterwards. */
    public Verdict run(Kind kind, Mutation m, long caseSeed) throws IOException {
        Path dir = Files.createTempDirectory(work, "case-");
        try {
            Path in = Files.createDirectories(dir.resolve("in"));
            Path out = Files.createDirectories(dir.resolve("out"));
            Path file = in.resolve(kind.fileName);
            Files.write(file, m.bytes());
            return switch (kind) {
                case C1 -> c1(file, out);
                case SEAL_PROOF -> sealProof(file, out);
                case SEAL_VK -> sealVk(file, out);
                case PARAMS -> params(file);
                case SHAPE -> shape(file);
                case ZKEY, WTNS, R1CS -> groth16Prove(kind, file, out, (caseSeed & 1) == 0);
                case VK_JSON, PROOF_JSON, PUBLIC_JSON -> groth16Verify(kind, file, out);
            };
        } finally {
            delete(dir);
        }
    }

    // ------------------------------------------------------------------ the kinds

    private Verdict c1(Path file, Path out) throws IOException {
        Read<C1Output> read;
        try {
            read = read("C1Reader", file, () -> C1Reader.read(file));
        } catch (ReaderDefect e) {
            return Verdict.defect(e.getMessage());
        }
        C1Output parsed = read.value();
        MainEntry.Result info = MainEntry.run("c1-info", file.toString());
        MainEntry.Result verify = MainEntry.run("verify", "--c1", file.toString(), "--vk",
                corpus.file(Kind.SEAL_VK).toString(), "--proof", corpus.file(Kind.SEAL_PROOF).toString());
        Path proofOut = out.resolve("sector.proof");
        MainEntry.Result prove = MainEntry.run("prove", "--c1", file.toString(), "--params", noParams.toString(),
                "--out", proofOut.toString());
        String d = problem("c1-info", info, file, out);
        if (d != null || (d = problem("verify", verify, file, out)) != null) {
            return Verdict.defect(d);
        }
        // Past the C1 file and its vanilla proofs, prove looks for the parameters, which are not there.
        boolean proveAccepted = prove.exit() == 2 && prove.err().startsWith("c2spark prove: no parameters ");
        if (!proveAccepted && (d = problem("prove", prove, file, out)) != null) {
            return Verdict.defect(d);
        }
        if (proveAccepted && (lines(prove.err()) != 1 || !isEmpty(out))) {
            return Verdict.defect("prove: " + prove);
        }
        if (parsed == null) {
            if (info.exit() != 2 || verify.exit() != 2 || prove.exit() != 2 || proveAccepted) {
                return Verdict.defect("C1Reader refused the file but c1-info exited " + info.exit() + ", verify "
                        + verify.exit() + ", prove " + prove.exit() + " (" + firstLine(prove.err()) + ")");
            }
            return Verdict.refused(firstLine(info.err()));
        }
        if (info.exit() != 0) {
            return Verdict.defect("c1-info exited " + info.exit() + " on a file C1Reader reads: " + info);
        }
        if (!parsed.registeredProof().isInteractive()) {
            // c1-info shows synthetic PoRep files; verify and prove, which derive interactive challenges, refuse them.
            if (verify.exit() != 2 || proveAccepted) {
                return Verdict.defect("a C1 file of " + parsed.registeredProof().serdeName() + ": verify exited "
                        + verify.exit() + ", prove " + (proveAccepted ? "looked for parameters" : "refused"));
            }
            return Verdict.refused(firstLine(verify.err()));
        }
        boolean sameInputs;
        try {
            sameInputs = Arrays.deepEquals(FuzzCorpus.sealInputs(parsed), corpus.sealInputs);
        } catch (RuntimeException e) {
            return Verdict.defect("the public inputs of a file C1Reader reads: " + e);
        }
        if (verify.exit() == 0 && !sameInputs) {
            return Verdict.defect("verify accepted the seal proof for changed public values");
        }
        if (verify.exit() != (sameInputs ? 0 : 1)) {
            return Verdict.defect("verify exited " + verify.exit() + " on a well-formed C1 file whose public inputs "
                    + (sameInputs ? "are" : "are not") + " the proof's: " + verify);
        }
        if (proveAccepted && !Arrays.equals(canonical(parsed, true), canonical(corpus.c1, true))) {
            return Verdict.defect("prove's vanilla verification accepted a C1 file changed beyond its ticket");
        }
        if (!proveAccepted) {
            return Verdict.refused(firstLine(prove.err()));
        }
        if (!sameInputs) {
            return Verdict.rejected(firstLine(verify.out()));
        }
        return Arrays.equals(canonical(parsed, false), canonical(corpus.c1, false)) ? Verdict.harmless()
                : Verdict.accepted("a C1 file whose ticket changed (nothing proven checks it)");
    }

    private Verdict sealProof(Path file, Path out) throws IOException {
        MainEntry.Result r = MainEntry.run("verify", "--c1", corpus.file(Kind.C1).toString(), "--vk",
                corpus.file(Kind.SEAL_VK).toString(), "--proof", file.toString());
        String d = problem("verify", r, file, out);
        if (d != null) {
            return Verdict.defect(d);
        }
        return switch (r.exit()) {
            case 2 -> Verdict.refused(firstLine(r.err()));
            case 1 -> Verdict.rejected(firstLine(r.out()));
            default -> Arrays.equals(Files.readAllBytes(file), corpus.original(Kind.SEAL_PROOF)) ? Verdict.harmless()
                    : Verdict.defect("a mutated seal proof verified");
        };
    }

    private Verdict sealVk(Path file, Path out) throws IOException {
        VerifyingKey vk;
        try {
            vk = read("readVk", file, () -> ParameterFiles.readVk(file)).value();
        } catch (ReaderDefect e) {
            return Verdict.defect(e.getMessage());
        }
        MainEntry.Result r = MainEntry.run("verify", "--c1", corpus.file(Kind.C1).toString(), "--vk", file.toString(),
                "--proof", corpus.file(Kind.SEAL_PROOF).toString());
        String d = problem("verify", r, file, out);
        if (d != null) {
            return Verdict.defect(d);
        }
        if (vk == null && r.exit() != 2) {
            return Verdict.defect("readVk refused the key but verify exited " + r.exit());
        }
        // beta_g1 and delta_g1 serve the prover only; IC points whose inputs are equal can trade places.
        boolean same = vk != null && sameKey(vk, corpus.sealVk, false);
        boolean equivalent = vk != null && equivalentForStatement(vk);
        if (r.exit() == 0 && !equivalent) {
            return Verdict.defect("the seal proof verified against a mutated verifying key");
        }
        if (equivalent && r.exit() != 0) {
            return Verdict.defect("verify exited " + r.exit() + " with a key that verifies the same statement: " + r);
        }
        return switch (r.exit()) {
            case 2 -> Verdict.refused(firstLine(r.err()));
            case 1 -> Verdict.rejected(firstLine(r.out()));
            default -> same ? Verdict.harmless()
                    : Verdict.accepted("a key whose verifying points and input combination for this statement are the original's");
        };
    }

    /**
     * Whether the key checks the same equation as the original for the corpus's seal proof: alpha,
     * beta, gamma and delta equal, and every partition's input combination L = IC_0 + sum x_i IC_(i+1)
     * the same point.
     */
    private boolean equivalentForStatement(VerifyingKey vk) {
        VerifyingKey o = corpus.sealVk;
        if (!Arrays.equals(vk.alpha1(), o.alpha1()) || !Arrays.equals(vk.beta2(), o.beta2())
                || !Arrays.equals(vk.gamma2(), o.gamma2()) || !Arrays.equals(vk.delta2(), o.delta2())
                || vk.numPublic() != o.numPublic()) {
            return false;
        }
        for (long[] x : corpus.sealInputs) {
            if (!G1.LAW.equal(inputCombination(vk, x), 0, inputCombination(o, x), 0)) {
                return false;
            }
        }
        return true;
    }

    private static long[] inputCombination(VerifyingKey vk, long[] x) {
        long[] acc = new long[G1.JACOBIAN];
        long[] term = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(vk.ic(), 0, acc, 0);
        for (int i = 0; i < vk.numPublic(); i++) {
            G1.LAW.fromAffine(vk.ic(), (i + 1) * G1.AFFINE, term, 0);
            G1.LAW.mul(term, 0, x, i * Fr.LIMBS, term, 0);
            G1.LAW.add(acc, 0, term, 0, acc, 0);
        }
        return acc;
    }

    /**
     * .params: read as the CPU prove command reads it (queries trusted: no subgroup checks) and
     * checked, opened as the GPU prover opens it; then proven with, as prove does, and the proof
     * verified against the file's own key.
     */
    private Verdict params(Path file) {
        Read<Parameters> trusted;
        Read<Parameters> checked;
        Read<Boolean> opened;
        try {
            trusted = read("readParams (trusted)", file, () -> ParameterFiles.readParams(file, false));
            checked = read("readParams (checked)", file, () -> ParameterFiles.readParams(file, true));
            opened = read("ParameterFile.open", file, () -> {
                try (ParameterFile f = ParameterFile.open(file)) {
                    return f.size() == Files.size(file);
                }
            });
        } catch (ReaderDefect e) {
            return Verdict.defect(e.getMessage());
        }
        if (checked.ok() && (!trusted.ok() || !opened.ok())) {
            return Verdict.defect("the checked reading accepted a file the trusted reading or the GPU's opening refused");
        }
        if (!opened.ok() && trusted.ok()) {
            return Verdict.defect("the GPU's opening refused a file the trusted reading accepts");
        }
        if (!trusted.ok()) {
            return Verdict.refused(trusted.refusal());
        }
        return proveAndVerify(corpus.shape, trusted.value(), sameParams(trusted.value(), corpus.params));
    }

    /** .shape: read, then proven with the untouched parameters and witness, and verified. */
    private Verdict shape(Path file) throws IOException {
        Read<R1csShape> s;
        try {
            s = read("ShapeFiles", file, () -> ShapeFiles.read(file, FuzzCorpus.SHAPE_NAME));
        } catch (ReaderDefect e) {
            return Verdict.defect(e.getMessage());
        }
        if (!s.ok()) {
            return Verdict.refused(s.refusal());
        }
        // Every byte of a shape file is read and checked (the checksum last): equal bytes are the only harmless change.
        return proveAndVerify(s.value(), corpus.params, Arrays.equals(Files.readAllBytes(file), corpus.original(Kind.SHAPE)));
    }

    private Verdict proveAndVerify(R1csShape s, Parameters p, boolean unchanged) {
        Proof proof;
        try {
            proof = new CpuProver(s, p).prove(corpus.witness, new Random(1));
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (m == null || m.contains("\n") || LEAK.matcher(m).find()) {
                return Verdict.defect("the prover's refusal is not one plain line: " + e);
            }
            return Verdict.refused("the prover: " + m);
        } catch (RuntimeException e) {
            return Verdict.defect("the CPU prover threw " + e + " on files the readers accepted");
        }
        boolean ok;
        try {
            ok = new Verifier(p.vk()).verify(corpus.tinyInputs, proof);
        } catch (IllegalArgumentException e) {
            return Verdict.refused("the verifier: " + e.getMessage());
        }
        if (!ok) {
            return Verdict.rejected("the proof does not verify against the file's key");
        }
        return unchanged ? Verdict.harmless() : Verdict.accepted("a change the proof does not depend on");
    }

    /** groth16 prove with one of zkey, wtns, r1cs mutated (zkey and wtns: with the untouched r1cs or without). */
    private Verdict groth16Prove(Kind kind, Path file, Path out, boolean withR1cs) throws IOException {
        Path zkey = kind == Kind.ZKEY ? file : corpus.file(Kind.ZKEY);
        Path wtns = kind == Kind.WTNS ? file : corpus.file(Kind.WTNS);
        Path r1cs = kind == Kind.R1CS ? file : withR1cs ? corpus.file(Kind.R1CS) : null;
        Path proof = out.resolve("proof.json");
        Path pub = out.resolve("public.json");
        MainEntry.Result r = r1cs == null
                ? MainEntry.run("groth16", "prove", zkey.toString(), wtns.toString(), proof.toString(), pub.toString())
                : MainEntry.run("groth16", "prove", zkey.toString(), wtns.toString(), proof.toString(), pub.toString(),
                        "--r1cs", r1cs.toString());
        String d = problem("groth16 prove", r, file, out);
        if (d != null) {
            return Verdict.defect(d);
        }
        if (r.exit() == 2) {
            return Verdict.refused(firstLine(r.err()));
        }
        if (r.exit() == 1) {
            return Verdict.rejected(firstLine(r.err()));
        }
        Proof p;
        long[] signals;
        VerifyingKey key;
        try {
            p = SnarkjsJson.readProof(proof);
            signals = SnarkjsJson.readPublicSignals(pub);
            key = kind == Kind.ZKEY ? ZkeyFile.read(zkey).verifyingKey() : snarkjsVk;
        } catch (IllegalArgumentException e) {
            return Verdict.defect("groth16 prove exited 0 and wrote files that do not read back: " + e.getMessage());
        }
        if (!new Verifier(key).verify(signals, p)) {
            return Verdict.defect("groth16 prove exited 0 with a proof that does not verify against the zkey's own key");
        }
        boolean original = Arrays.equals(signals, snarkjsPublic) && new Verifier(snarkjsVk).verify(signals, p);
        return original ? Verdict.harmless() : Verdict.accepted("a proof valid for the mutated " + kind.label()
                + " as given");
    }

    /** groth16 verify with one of the three JSON files mutated. */
    private Verdict groth16Verify(Kind kind, Path file, Path out) throws IOException {
        Path vk = kind == Kind.VK_JSON ? file : corpus.file(Kind.VK_JSON);
        Path pub = kind == Kind.PUBLIC_JSON ? file : corpus.file(Kind.PUBLIC_JSON);
        Path proof = kind == Kind.PROOF_JSON ? file : corpus.file(Kind.PROOF_JSON);
        MainEntry.Result r = MainEntry.run("groth16", "verify", vk.toString(), pub.toString(), proof.toString());
        String d = problem("groth16 verify", r, file, out);
        if (d != null) {
            return Verdict.defect(d);
        }
        if (r.exit() == 2) {
            return Verdict.refused(firstLine(r.err()));
        }
        if (r.exit() == 1) {
            return Verdict.rejected(firstLine(r.err()));
        }
        boolean same;
        try {
            same = switch (kind) {
                case VK_JSON -> sameKey(SnarkjsJson.readVerificationKey(file), snarkjsVk, false);
                case PROOF_JSON -> sameProof(SnarkjsJson.readProof(file), snarkjsProof);
                default -> Arrays.equals(SnarkjsJson.readPublicSignals(file), snarkjsPublic);
            };
        } catch (IOException | RuntimeException e) {
            return Verdict.defect("groth16 verify accepted a file that does not read back: " + e);
        }
        return same ? Verdict.harmless() : Verdict.defect("a mutated " + kind.label() + " verified");
    }

    // ------------------------------------------------------------------ judging

    /** A reader's failure that is not its clean refusal. */
    private static final class ReaderDefect extends Exception {
        ReaderDefect(String message) {
            super(message);
        }
    }

    /** What a reader made of a file: its value, or the message of its clean refusal. */
    private record Read<T>(T value, String refusal) {
        boolean ok() {
            return refusal == null;
        }
    }

    private interface Reading<T> {
        T read() throws IOException;
    }

    /** Runs a reader on file: its value or clean refusal; anything else is a ReaderDefect. */
    private static <T> Read<T> read(String reader, Path file, Reading<T> r) throws ReaderDefect {
        try {
            return new Read<>(r.read(), null);
        } catch (IOException e) {
            String problem = readerMessage(e, file);
            if (problem != null) {
                throw new ReaderDefect(reader + ": " + problem);
            }
            return new Read<>(null, e.getMessage());
        } catch (RuntimeException e) {
            throw new ReaderDefect(reader + " threw " + e);
        }
    }

    /** Null when the reader's exception is a clean refusal of file, else what is wrong with it. */
    private static String readerMessage(IOException e, Path file) {
        String m = e.getMessage();
        if (m == null) {
            return "refused without a message: " + e;
        }
        if (m.contains("\n")) {
            return "a message of several lines: " + m;
        }
        if (!m.contains(file.toString())) {
            return "a message that does not name the file: " + m;
        }
        if (m.length() > file.toString().length() + MAX_MESSAGE) {
            return "a message of " + m.length() + " characters";
        }
        if (LEAK.matcher(m).find()) {
            return "internals in the message: " + m;
        }
        return null;
    }

    /**
     * What is wrong with how a command ended, whatever it decided: null when nothing. Status 2 must
     * be one line on stderr naming file; status 1 at most one line on each stream; no stack trace or
     * internals anywhere; nothing in out unless the status is 0, and never a temporary file.
     */
    static String problem(String command, MainEntry.Result r, Path file, Path out) throws IOException {
        String all = r.out() + r.err();
        if (r.exit() < 0 || r.exit() > 2) {
            return command + ": exit status " + r.exit() + ": " + firstLine(all);
        }
        java.util.regex.Matcher leak = LEAK.matcher(all);
        if (leak.find()) {
            return command + ": a stack trace or internals (exit " + r.exit() + "): " + firstLine(all);
        }
        if (r.exit() == 2) {
            String line = r.err().strip();
            if (lines(r.err()) != 1 || !r.out().isBlank()) {
                return command + ": a refusal that is not one line on stderr: " + r;
            }
            if (!line.contains(file.toString())) {
                return command + ": a refusal that does not name the file: " + line;
            }
            if (line.length() > file.toString().length() + MAX_MESSAGE) {
                return command + ": a refusal of " + line.length() + " characters";
            }
        }
        if (r.exit() == 1 && (lines(r.err()) > 1 || lines(r.out()) > 1)) {
            return command + ": exit 1 with more than one line: " + r;
        }
        try (Stream<Path> left = Files.walk(out)) {
            List<Path> files = left.filter(Files::isRegularFile).toList();
            if (r.exit() != 0 && !files.isEmpty()) {
                return command + ": exit " + r.exit() + " left " + files;
            }
            for (Path f : files) {
                if (f.getFileName().toString().endsWith(".tmp")) {
                    return command + ": a temporary file left: " + f;
                }
            }
        }
        return null;
    }

    private static int lines(String s) {
        return (int) s.lines().filter(l -> !l.isBlank()).count();
    }

    private static String firstLine(String s) {
        return s.strip().lines().findFirst().orElse("");
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    // ------------------------------------------------------------------ comparisons

    /** The C1 file as C1Writer writes it, with the ticket zeroed when withoutTicket. */
    private static byte[] canonical(C1Output c, boolean withoutTicket) {
        C1Output x = withoutTicket ? new C1Output(c.registeredProof(), c.vanillaProofs(), c.commR(), c.commD(),
                c.replicaId(), c.seed(), new byte[32]) : c;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try {
            C1Writer.write(x, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    /** Equal keys; with g1Beta the bellperson-only beta_g1 and delta_g1 too. */
    private static boolean sameKey(VerifyingKey a, VerifyingKey b, boolean g1Beta) {
        return Arrays.equals(a.alpha1(), b.alpha1()) && Arrays.equals(a.beta2(), b.beta2())
                && Arrays.equals(a.gamma2(), b.gamma2()) && Arrays.equals(a.delta2(), b.delta2())
                && Arrays.equals(a.ic(), b.ic())
                && (!g1Beta || Arrays.equals(a.beta1(), b.beta1()) && Arrays.equals(a.delta1(), b.delta1()));
    }

    private static boolean sameProof(Proof a, Proof b) {
        return Arrays.equals(a.a(), b.a()) && Arrays.equals(a.b(), b.b()) && Arrays.equals(a.c(), b.c());
    }

    private static boolean sameParams(Parameters a, Parameters b) {
        return sameKey(a.vk(), b.vk(), true) && Arrays.equals(a.h(), b.h()) && Arrays.equals(a.l(), b.l())
                && Arrays.equals(a.a(), b.a()) && Arrays.equals(a.bG1(), b.bG1()) && Arrays.equals(a.bG2(), b.bG2());
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
