package io.c2spark.spark.settings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every c2spark setting, declared once: key, type, default, documentation, start-up only or not.
 * {@link SettingsTable} writes the README's table from this list, and a test keeps the two equal.
 *
 * <p>spark-submit drops properties whose keys do not start with {@code spark.}, so each setting
 * is also read as {@code spark.c2spark...}; {@link Settings} resolves both spellings.
 */
public final class C2SparkSettings {
    public static final String PREFIX = "c2spark.";
    /** The spelling spark-submit and spark-defaults.conf pass through. */
    public static final String SPARK_PREFIX = "spark.";

    private static final List<Setting<?>> ALL = new ArrayList<>();

    public static final Setting<String> INPUT = declare("c2spark.input", Setting.Type.STRING, null,
            "The C1 outputs to prove, on any Hadoop file system: a directory (its files ending in "
            + "c2spark.input.suffix), a glob, a manifest (a file ending in .manifest listing one path per "
            + "line, relative to the manifest's folder, # for comments) or a single file.", false);
    public static final Setting<String> INPUT_SUFFIX = declare("c2spark.input.suffix", Setting.Type.STRING,
            ".json", "File name ending of C1 files when c2spark.input is a directory; the sector's name is "
            + "the file name without it.", false);
    public static final Setting<String> OUTPUT = declare("c2spark.output", Setting.Type.STRING, null,
            "Output directory on any Hadoop file system: one proof file per sector and the run's report.", false);
    public static final Setting<String> PROOF_SUFFIX = declare("c2spark.output.suffix", Setting.Type.STRING,
            ".proof", "File name ending of proof files (sector name + suffix).", false);
    public static final Setting<String> DIRECT_PUT_SCHEMES = declare("c2spark.output.directPutSchemes",
            Setting.Type.STRING, "s3a,s3,s3n,gs,oss",
            "File system schemes whose rename is not atomic: there a proof is written by one create "
            + "(a single PUT) instead of a temporary name and a rename.", false);
    public static final Setting<String> WORK_DIR = declare("c2spark.work.dir", Setting.Type.STRING, "",
            "Where the prepare stage writes compact per-partition inputs (removed as each sector "
            + "finishes); empty: <c2spark.output>/_work.", false);
    public static final Setting<String> REPORT_DIR = declare("c2spark.report.dir", Setting.Type.STRING, "",
            "Where the run's report (report-<run>.jsonl) is written; empty: c2spark.output.", false);
    public static final Setting<String> FALLBACK_DIR = declare("c2spark.output.fallbackDir", Setting.Type.STRING, "",
            "A folder on the driver's local disk for a verified proof or the report whose destination cannot be "
            + "written once the run has started; they go to c2spark-fallback-<run> in it, and the console and the "
            + "report say so. Empty: the driver's working directory, else java.io.tmpdir.", false);
    public static final Setting<String> WORKLOAD = declare("c2spark.workload", Setting.Type.STRING, "porep",
            "What to prove: the name of a Workload found by ServiceLoader, or a Workload class name.", false);
    public static final Setting<Integer> SECTORS_IN_FLIGHT = declare("c2spark.sectors.inFlight",
            Setting.Type.INT, "8", "Sectors being proven at once (prove jobs submitted, partitions not all in): "
            + "lets early sectors finish (and be written) while later ones wait.", false);
    public static final Setting<Integer> SECTORS_PREPARE_AHEAD = declare("c2spark.sectors.prepareAhead",
            Setting.Type.INT, "2", "Sectors prepared ahead of those being proven, so that a sector's place is "
            + "taken by a prepared one as soon as its last partition is in, and the devices never wait for "
            + "inputs; each sector proven starts one more preparation. With c2spark.sectors.inFlight it bounds "
            + "the compact inputs on disk.", false);
    public static final Setting<String> LOCAL_GPUS = declare("c2spark.local.gpus", Setting.Type.STRING, "auto",
            "Devices an executor hands out itself when Spark schedules no gpu resource (plain local "
            + "mode): a comma-separated list of addresses, 'auto' (nvidia-smi's list, none without it) "
            + "or 'none' (CPU).", true);
    public static final Setting<String> PARAMS_DIR = declare("c2spark.params.dir", Setting.Type.STRING,
            "/var/tmp/filecoin-proof-parameters", "Node-local directory of parameter files, loaded once "
            + "per executor JVM (never broadcast).", true);
    public static final Setting<String> PRELOAD = declare("c2spark.params.preload", Setting.Type.STRING, "",
            "Sector sizes (comma-separated, e.g. 32GiB) whose parameters each executor loads at start-up, "
            + "and converts into a proving key on each of its GPUs, so the first task does not wait for them; "
            + "other sizes load on first use. At most one of 32GiB and 64GiB: a GPU holds one of their keys at a "
            + "time, and the other size evicts it only once its tasks are done (while they run, it is refused).", true);
    public static final Setting<Boolean> CHECK_DIGEST = declare("c2spark.params.checkDigest", Setting.Type.BOOLEAN, "false",
            "Before an executor loads a sector size's parameters, check the whole .params file against the SHA-256 "
            + "(hex) in the file of the same name with .sha256 appended, beside it (about 30 s for 32GiB "
            + "parameters); a missing digest file or a different digest fails the load. Without it the loader still checks every point's encoding and curve equation.",
            true);
    public static final Setting<Integer> GPU_WORKERS = declare("c2spark.gpu.workersPerDevice", Setting.Type.INT,
            "0", "Partitions of one sector size a GPU holds working sets (slots) for at once: the tasks sharing the "
            + "device. 0: 1 / spark.task.resource.gpu.amount, or 4 when Spark schedules no gpu resource. The "
            + "device's VRAM ledger lowers it where the card cannot hold that many beside the size's key and the "
            + "other sizes' keys and slots.", true);
    public static final Setting<Long> GPU_VRAM_CAP = declare("c2spark.gpu.vramCapBytes", Setting.Type.LONG, "0",
            "Device memory the GPU prover may plan for on each GPU (every sector size's proving key and slots); "
            + "0: the whole card.", true);
    public static final Setting<Boolean> GPU_STREAM_PARAMS = declare("c2spark.gpu.streamParams", Setting.Type.BOOLEAN,
            "false", "Read the proving parameters' points from the .params file chunk by chunk during each proof "
            + "(through pinned staging buffers, decoded on the GPU), even where they fit on the card. Without it "
            + "they are streamed only when the VRAM ledger finds no room for them.", true);
    public static final Setting<Long> GPU_STREAM_CHUNK = declare("c2spark.gpu.streamChunkBytes", Setting.Type.LONG,
            "536870912", "Bytes of points per read when parameters are streamed "
            + "(at most 1 GiB); each slot holds two such buffers on the device and two in pinned host memory.", true);
    public static final Setting<Integer> EXECUTOR_WAIT = declare("c2spark.executors.waitSeconds", Setting.Type.INT,
            "60", "Seconds the driver waits with no executor alive (none granted yet, or all lost) before it stops "
            + "the run, naming what an executor asks for: Spark itself would wait for ever when no registered "
            + "worker offers those resources (a GPU, say). 0: wait for ever.", false);
    public static final Setting<Integer> PROGRESS_INTERVAL = declare("c2spark.progress.intervalSeconds",
            Setting.Type.INT, "30", "Seconds between progress lines (sectors done / total, proofs per "
            + "minute, ETA, per device); 0 turns them off.", false);

    private C2SparkSettings() {
    }

    private static <T> Setting<T> declare(String key, Setting.Type type, String defaultValue, String doc,
                                          boolean startupOnly) {
        Setting<T> s = new Setting<>(key, type, defaultValue, doc, startupOnly);
        ALL.add(s);
        return s;
    }

    /** All settings in declaration order. */
    public static List<Setting<?>> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The settings by key. */
    public static Map<String, Setting<?>> byKey() {
        Map<String, Setting<?>> m = new LinkedHashMap<>();
        for (Setting<?> s : ALL) {
            m.put(s.key(), s);
        }
        return m;
    }
}
