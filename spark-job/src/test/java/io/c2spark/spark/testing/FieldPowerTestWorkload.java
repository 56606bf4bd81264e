package io.c2spark.spark.testing;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.cpu.CpuKernelWork;
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.spark.device.CoordinatedTasks;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.InvalidSectorException;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.PreparedSector;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SectorSource;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * TEST WORKLOAD, not a proof system: it exercises the Spark job end to end with real, checkable
 * work until the PoRep C2 provers plug in. A "test sector" is a small text file:
 * <pre>
 * c2spark-test-sector 1
 * partitions 3
 * seed 0123...ef        (32 bytes, hex)
 * rounds 2              (work per partition)
 * fail-prove 1          (optional: partition 1's prover throws)
 * corrupt 2             (optional: partition 2's prover returns a wrong value)
 * device-fails-once 1   (optional: partition 1's first attempt reports a fatal device error)
 * prove-ms 1000         (optional: each partition's prover takes at least this long)
 * </pre>
 * Partition k's task computes y = x^(e^rounds) in Fr by square-and-multiply with prover-core's Fr
 * (x, e derived from the seed and k by SHA-256); on a GPU address it does so through that device's
 * coordinator over the CPU stream backend, as the device's kernels (so slot and lock waits and the
 * device's busy time are measured and reported); the driver-side verifier recomputes each value
 * independently with BigInteger.modPow. Its "proof" is that 32-byte value.
 */
public final class FieldPowerTestWorkload implements Workload {
    public static final String NAME = "test-field-power";
    public static final int OUTPUT_BYTES = 32;

    /** The workload's one key on each device: two working sets, as the CPU PoRep prover has; more workers queue for a slot. */
    private static final KeyLoader<CpuStreamBackend> KEY = CpuKernelWork.key(NAME, false, 2);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SectorPreparer preparer(Settings settings) {
        return FieldPowerTestWorkload::prepare;
    }

    @Override
    public PartitionProver prover(Settings settings) {
        DeviceCoordinators devices = CpuKernelWork.devices();
        return (input, device) -> prove(devices, input, device);
    }

    @Override
    public SectorVerifier verifier(Settings settings) {
        return FieldPowerTestWorkload::verify;
    }

    /** The parsed test sector. */
    static final class Spec {
        int partitions = -1;
        byte[] seed;
        int rounds = -1;
        int failProve = -1;
        int corrupt = -1;
        int deviceFailsOnce = -1;
        int proveMillis;
    }

    static Spec parse(SectorSource source) throws IOException, InvalidSectorException {
        Spec s = new Spec();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(source.open(), StandardCharsets.UTF_8))) {
            String header = r.readLine();
            if (!"c2spark-test-sector 1".equals(header)) {
                throw new InvalidSectorException(source.path() + ": header: expected 'c2spark-test-sector 1', got '"
                        + header + "'");
            }
            String line;
            while ((line = r.readLine()) != null) {
                String[] kv = line.trim().split("\\s+");
                if (kv.length != 2) {
                    throw new InvalidSectorException(source.path() + ": malformed line '" + line + "'");
                }
                try {
                    switch (kv[0]) {
                        case "partitions": s.partitions = Integer.parseInt(kv[1]); break;
                        case "seed": s.seed = hex(kv[1]); break;
                        case "rounds": s.rounds = Integer.parseInt(kv[1]); break;
                        case "fail-prove": s.failProve = Integer.parseInt(kv[1]); break;
                        case "corrupt": s.corrupt = Integer.parseInt(kv[1]); break;
                        case "device-fails-once": s.deviceFailsOnce = Integer.parseInt(kv[1]); break;
                        case "prove-ms": s.proveMillis = Integer.parseInt(kv[1]); break;
                        default: throw new InvalidSectorException(source.path() + ": unknown field '" + kv[0] + "'");
                    }
                } catch (NumberFormatException e) {
                    throw new InvalidSectorException(source.path() + ": field " + kv[0] + ": not a number: " + kv[1]);
                }
            }
        }
        if (s.partitions < 1 || s.partitions > 64) {
            throw new InvalidSectorException(source.path() + ": field partitions: expected 1..64, got " + s.partitions);
        }
        if (s.seed == null || s.seed.length != 32) {
            throw new InvalidSectorException(source.path() + ": field seed: expected 32 bytes of hex");
        }
        if (s.rounds < 1) {
            throw new InvalidSectorException(source.path() + ": field rounds: expected a positive count");
        }
        return s;
    }

    private static PreparedSector prepare(SectorSource source, io.c2spark.spark.workload.PartitionInputSink sink)
            throws IOException, InvalidSectorException {
        Spec s = parse(source);
        for (int k = 0; k < s.partitions; k++) {
            // The first attempt that finds no marker file beside the input creates it and fails.
            byte[] marker = s.deviceFailsOnce != k ? new byte[0]
                    : (java.net.URI.create(source.path()).getPath() + ".device-failed-" + k).getBytes(StandardCharsets.UTF_8);
            ByteBuffer b = ByteBuffer.allocate(4 + 32 + 32 + 4 + 1 + 4 + marker.length).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(k).put(pad(base(s.seed, k))).put(pad(exponent(s.seed, k))).putInt(s.rounds);
            b.put((byte) ((s.failProve == k ? 1 : 0) | (s.corrupt == k ? 2 : 0) | (s.deviceFailsOnce == k ? 4 : 0)));
            b.putInt(s.proveMillis);
            b.put(marker);
            try (OutputStream out = sink.partition(k)) {
                out.write(b.array());
            }
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("workload", NAME);
        facts.put("rounds", Integer.toString(s.rounds));
        ByteBuffer st = ByteBuffer.allocate(32 + 8).order(ByteOrder.LITTLE_ENDIAN);
        st.put(s.seed).putInt(s.partitions).putInt(s.rounds);
        return new PreparedSector(s.partitions, st.array(), facts);
    }

    /** One partition's parsed input: what the kernel step computes. */
    private static final class Task {
        int k;
        byte[] x = new byte[32];
        byte[] e = new byte[32];
        int rounds;
        int flags;
        int proveMillis;
        byte[] marker;
    }

    private static PartitionProof prove(DeviceCoordinators devices, PartitionInput input, Device device) throws Exception {
        if (device.isGpu()) {
            return CoordinatedTasks.onCpuKernel(devices, device, KEY, () -> parse(input), FieldPowerTestWorkload::exponentiate);
        }
        try {
            return exponentiate(parse(input));
        } catch (DeviceFailureException e) {
            throw new DeviceFatalException(e.getMessage(), e);
        }
    }

    /** The preparation step: no lock held. */
    private static Task parse(PartitionInput input) {
        ByteBuffer b = ByteBuffer.wrap(input.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        Task t = new Task();
        t.k = b.getInt();
        b.get(t.x).get(t.e);
        t.rounds = b.getInt();
        t.flags = b.get();
        t.proveMillis = b.getInt();
        t.marker = new byte[b.remaining()];
        b.get(t.marker);
        if (t.k != input.partition()) {
            throw new IllegalStateException("input of partition " + t.k + " given to task " + input.partition());
        }
        if ((t.flags & 1) != 0) {
            throw new IllegalStateException("test sector asks partition " + t.k + " to fail");
        }
        return t;
    }

    /** The "kernels": on a GPU address, run on the device's compute stream under its compute lock. */
    private static PartitionProof exponentiate(Task t) {
        if ((t.flags & 4) != 0) {
            try {
                java.nio.file.Files.createFile(java.nio.file.Path.of(new String(t.marker, StandardCharsets.UTF_8)));
                throw new DeviceFailureException("test sector: partition " + t.k + "'s device fails once");
            } catch (java.nio.file.FileAlreadyExistsException failedBefore) {
                // The device failed on an earlier attempt; this one proves.
            } catch (IOException io) {
                throw new IllegalStateException(io);
            }
        }
        long w0 = System.nanoTime();
        long[] acc = Fr.of(new BigInteger(1, t.x));
        long[] one = Fr.of(1);
        for (int r = 0; r < t.rounds; r++) {
            acc = pow(acc, t.e);
        }
        if ((t.flags & 2) != 0) {
            Fr.add(acc, 0, one, 0, acc, 0);
        }
        holdUntil(w0 + t.proveMillis * 1_000_000L);
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("exponentiate", System.nanoTime() - w0);
        return new PartitionProof(pad(Fr.toBigInteger(acc, 0)), phases, Map.of());
    }

    /** Sleeps until System.nanoTime() reaches the deadline (prove-ms: a prove task that lasts long enough to be seen running). */
    private static void holdUntil(long deadlineNanos) {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            try {
                Thread.sleep(Math.max(1, left / 1_000_000L));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while holding the prove task", e);
            }
        }
    }

    /** Square-and-multiply over the big-endian exponent bytes with prover-core's Montgomery Fr. */
    private static long[] pow(long[] base, byte[] exponentBigEndian) {
        long[] r = Fr.of(1);
        for (byte by : exponentBigEndian) {
            for (int bit = 7; bit >= 0; bit--) {
                Fr.sqr(r, 0, r, 0);
                if (((by >> bit) & 1) != 0) {
                    Fr.mul(r, 0, base, 0, r, 0);
                }
            }
        }
        return r;
    }

    private static Optional<String> verify(String sectorId, byte[] statement, List<byte[]> proofs) {
        ByteBuffer st = ByteBuffer.wrap(statement).order(ByteOrder.LITTLE_ENDIAN);
        byte[] seed = new byte[32];
        st.get(seed);
        int partitions = st.getInt();
        int rounds = st.getInt();
        if (proofs.size() != partitions) {
            return Optional.of("expected " + partitions + " partition values, got " + proofs.size());
        }
        for (int k = 0; k < partitions; k++) {
            BigInteger expect = expected(seed, k, rounds);
            if (proofs.get(k).length != OUTPUT_BYTES || !new BigInteger(1, proofs.get(k)).equals(expect)) {
                return Optional.of("partition " + k + ": value does not match the BigInteger recomputation");
            }
        }
        return Optional.empty();
    }

    /** x^(e^rounds) mod r by BigInteger: the independent check of partition k. */
    public static BigInteger expected(byte[] seed, int k, int rounds) {
        BigInteger v = base(seed, k);
        for (int r = 0; r < rounds; r++) {
            v = v.modPow(exponent(seed, k), Fr.MODULUS);
        }
        return v;
    }

    static BigInteger base(byte[] seed, int k) {
        return new BigInteger(1, sha256(seed, "base", k)).mod(Fr.MODULUS);
    }

    static BigInteger exponent(byte[] seed, int k) {
        return new BigInteger(1, sha256(seed, "exponent", k));
    }

    private static byte[] sha256(byte[] seed, String label, int k) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(seed);
            d.update(label.getBytes(StandardCharsets.UTF_8));
            d.update(ByteBuffer.allocate(4).putInt(k).array());
            return d.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A non-negative integer below 2^256 as 32 big-endian bytes. */
    static byte[] pad(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }

    private static byte[] hex(String s) {
        if (s.length() % 2 != 0) {
            throw new NumberFormatException("odd hex length");
        }
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
