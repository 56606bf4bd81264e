package io.c2spark.cli;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.porep.seal.VanillaVerifier;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark seal}: seals a sector in memory and writes the replica, its commitments and (with a seed) C1. */
@Command(name = "seal", mixinStandardHelpOptions = true,
        description = {"Seal a 2KiB, 8MiB or 512MiB sector: SDR labels, tree_d, tree_c, tree_r_last, comm_r.",
            "The replica and sealed.properties go to DIR. With --seed it also derives the interactive challenges,"
                + " builds and natively verifies the vanilla proofs and writes them as a C1 file: DIR/c1.json, or"
                + " the file --c1 names (batch/<sector>.json, say: a folder of them is the batch job's input as it"
                + " is, each sector named after its file)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:sealed", "2:a bad argument, or a file that cannot be read or written"})
final class SealCommand implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB or 512MiB")
    String sectorSize;

    @Option(names = "--data", paramLabel = "FILE",
            description = "Unpadded piece data (at most 127/128 of the sector size; zero-filled, then fr32-padded)."
                    + " Default: random data.")
    Path data;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--legacy", description = "Use the V1 registered proof instead of V1_1.")
    boolean legacy;

    @Option(names = "--prover-id", paramLabel = "HEX", description = "32-byte prover id (default: random).")
    String proverId;

    @Option(names = "--sector-id", defaultValue = "1", description = "Sector number (default ${DEFAULT-VALUE}).")
    long sectorId;

    @Option(names = "--ticket", paramLabel = "HEX", description = "32-byte ticket (default: random).")
    String ticket;

    @Option(names = "--seed", paramLabel = "HEX", description = "32-byte interactive seed: also build, verify and write C1.")
    String seed;

    @Option(names = "--c1", paramLabel = "FILE",
            description = "Where to write the C1 file (with --seed; default: DIR/c1.json). Its folder is created.")
    Path c1;

    @Override
    public Integer call() throws Exception {
        try {
            return run();
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark seal: " + e.getMessage());
            return 2;
        }
    }

    private int run() throws Exception {
        if (c1 != null && seed == null) {
            throw new IllegalArgumentException("--c1 needs --seed: without the interactive seed there is no C1");
        }
        RegisteredSealProof proof = RegisteredSealProof.interactive(SectorShape.parse(sectorSize), legacy);
        long sectorBytes = proof.shape().sectorBytes();
        SecureRandom rnd = new SecureRandom();
        int unpadded = (int) (sectorBytes / 128 * 127);
        byte[] raw = new byte[unpadded];
        if (data != null) {
            long size = Files.size(data);
            if (size > unpadded) {
                throw new IllegalArgumentException("--data " + data + " has " + size + " bytes; a " + proof.shape().label()
                        + " sector holds at most " + unpadded + " unpadded bytes");
            }
            byte[] in = Files.readAllBytes(data);
            System.arraycopy(in, 0, raw, 0, in.length);
        } else {
            rnd.nextBytes(raw);
        }
        byte[] prover = hex32("--prover-id", proverId, rnd);
        byte[] tk = hex32("--ticket", ticket, rnd);
        System.out.printf("c2spark seal: %s (%d nodes, %d layers), %d cores, max heap %d MiB%n", proof.serdeName(),
                proof.shape().nodes(), proof.shape().layers(), Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        long t0 = System.nanoTime();
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), prover, sectorId, tk, line -> {
            System.out.println(line);
            System.out.flush();
        });
        double sealSeconds = (System.nanoTime() - t0) / 1e9;
        Files.createDirectories(out);
        Files.write(out.resolve("replica"), s.replica());
        HexFormat hex = HexFormat.of();
        StringBuilder sb = new StringBuilder();
        sb.append("registered_proof=").append(proof.serdeName()).append('\n');
        sb.append("prover_id=").append(hex.formatHex(prover)).append('\n');
        sb.append("sector_id=").append(sectorId).append('\n');
        sb.append("ticket=").append(hex.formatHex(tk)).append('\n');
        sb.append("replica_id=").append(hex.formatHex(s.replicaId())).append('\n');
        sb.append("comm_d=").append(hex.formatHex(s.commD())).append('\n');
        sb.append("comm_c=").append(hex.formatHex(s.commC())).append('\n');
        sb.append("comm_r_last=").append(hex.formatHex(s.commRLast())).append('\n');
        sb.append("comm_r=").append(hex.formatHex(s.commR())).append('\n');
        if (seed != null) {
            byte[] sd = hex32("--seed", seed, rnd);
            long t1 = System.nanoTime();
            VanillaProof[][] proofs = VanillaProver.prove(s, sd);
            VanillaVerifier.verify(proof, s.replicaId(), s.commD(), s.commR(), sd, proofs);
            Path c1File = c1 != null ? c1 : out.resolve("c1.json");
            if (c1File.toAbsolutePath().getParent() != null) {
                Files.createDirectories(c1File.toAbsolutePath().getParent());
            }
            C1Writer.write(new C1Output(proof, proofs, s.commR(), s.commD(), s.replicaId(), sd, tk), c1File);
            System.out.printf("vanilla proofs: %d partitions x %d challenges built, verified and written to %s in %.1f s%n",
                    proofs.length, proofs[0].length, c1File, (System.nanoTime() - t1) / 1e9);
            sb.append("seed=").append(hex.formatHex(sd)).append('\n');
        }
        Files.writeString(out.resolve("sealed.properties"), sb);
        System.out.printf("sealed in %.1f s; peak RSS %s; wrote %s%n", sealSeconds, peakRss(), out);
        return 0;
    }

    private static byte[] hex32(String name, String value, SecureRandom rnd) {
        byte[] b = new byte[32];
        if (value == null) {
            rnd.nextBytes(b);
            b[31] &= 0x3F;
            return b;
        }
        try {
            b = HexFormat.of().parseHex(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not hex: " + value);
        }
        if (b.length != 32) {
            throw new IllegalArgumentException(name + " must be 32 bytes (64 hex digits), got " + b.length);
        }
        return b;
    }

    /** VmHWM from /proc/self/status (Linux), the process's peak resident memory. */
    static String peakRss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return line.substring(6).trim();
                }
            }
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }
}
