package io.c2spark.core.porep;

/**
 * Filecoin's registered seal proofs (api src/registry.rs, append-only: the ordinal is the id).
 * Interactive PoRep (V1, V1_1) is supported. Synthetic PoRep (10..14) and non-interactive PoRep
 * (15..19) are recognised so that a file naming them is reported clearly, but they select their
 * challenges by other rules, so {@link #requireSupported()} refuses them rather than mis-prove.
 */
public enum RegisteredSealProof {
    StackedDrg2KiBV1(SectorSize.S2KIB, ApiVersion.V1_0_0, Kind.INTERACTIVE),
    StackedDrg8MiBV1(SectorSize.S8MIB, ApiVersion.V1_0_0, Kind.INTERACTIVE),
    StackedDrg512MiBV1(SectorSize.S512MIB, ApiVersion.V1_0_0, Kind.INTERACTIVE),
    StackedDrg32GiBV1(SectorSize.S32GIB, ApiVersion.V1_0_0, Kind.INTERACTIVE),
    StackedDrg64GiBV1(SectorSize.S64GIB, ApiVersion.V1_0_0, Kind.INTERACTIVE),
    StackedDrg2KiBV1_1(SectorSize.S2KIB, ApiVersion.V1_1_0, Kind.INTERACTIVE),
    StackedDrg8MiBV1_1(SectorSize.S8MIB, ApiVersion.V1_1_0, Kind.INTERACTIVE),
    StackedDrg512MiBV1_1(SectorSize.S512MIB, ApiVersion.V1_1_0, Kind.INTERACTIVE),
    StackedDrg32GiBV1_1(SectorSize.S32GIB, ApiVersion.V1_1_0, Kind.INTERACTIVE),
    StackedDrg64GiBV1_1(SectorSize.S64GIB, ApiVersion.V1_1_0, Kind.INTERACTIVE),
    StackedDrg2KiBV1_1_Feat_SyntheticPoRep(SectorSize.S2KIB, ApiVersion.V1_2_0, Kind.SYNTHETIC),
    StackedDrg8MiBV1_1_Feat_SyntheticPoRep(SectorSize.S8MIB, ApiVersion.V1_2_0, Kind.SYNTHETIC),
    StackedDrg512MiBV1_1_Feat_SyntheticPoRep(SectorSize.S512MIB, ApiVersion.V1_2_0, Kind.SYNTHETIC),
    StackedDrg32GiBV1_1_Feat_SyntheticPoRep(SectorSize.S32GIB, ApiVersion.V1_2_0, Kind.SYNTHETIC),
    StackedDrg64GiBV1_1_Feat_SyntheticPoRep(SectorSize.S64GIB, ApiVersion.V1_2_0, Kind.SYNTHETIC),
    StackedDrg2KiBV1_2_Feat_NonInteractivePoRep(SectorSize.S2KIB, ApiVersion.V1_2_0, Kind.NON_INTERACTIVE),
    StackedDrg8MiBV1_2_Feat_NonInteractivePoRep(SectorSize.S8MIB, ApiVersion.V1_2_0, Kind.NON_INTERACTIVE),
    StackedDrg512MiBV1_2_Feat_NonInteractivePoRep(SectorSize.S512MIB, ApiVersion.V1_2_0, Kind.NON_INTERACTIVE),
    StackedDrg32GiBV1_2_Feat_NonInteractivePoRep(SectorSize.S32GIB, ApiVersion.V1_2_0, Kind.NON_INTERACTIVE),
    StackedDrg64GiBV1_2_Feat_NonInteractivePoRep(SectorSize.S64GIB, ApiVersion.V1_2_0, Kind.NON_INTERACTIVE);

    /** How challenges are selected (rfp stacked/vanilla/challenges.rs). */
    public enum Kind { INTERACTIVE, SYNTHETIC, NON_INTERACTIVE }

    /**
     * Per-size constants (rfp filecoin-proofs constants.rs): layers, partitions, the interactive
     * minimum challenge count (2 or 176, spread over the partitions, rounded up) and tree shape.
     */
    public enum SectorSize {
        S2KIB(2048L, 2, 1, 2, new TreeShape(8, 0, 0)),
        S8MIB(8L << 20, 2, 1, 2, new TreeShape(8, 0, 0)),
        S512MIB(512L << 20, 2, 1, 2, new TreeShape(8, 0, 0)),
        S32GIB(32L << 30, 11, 10, 176, new TreeShape(8, 8, 0)),
        S64GIB(64L << 30, 11, 10, 176, new TreeShape(8, 8, 2));

        public final long bytes;
        public final int layers;
        public final int partitions;
        public final int minimumChallenges;
        public final TreeShape treeShape;

        SectorSize(long bytes, int layers, int partitions, int minimumChallenges, TreeShape treeShape) {
            this.bytes = bytes;
            this.layers = layers;
            this.partitions = partitions;
            this.minimumChallenges = minimumChallenges;
            this.treeShape = treeShape;
        }

        /** Parses "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" or a byte count. */
        public static SectorSize parse(String text) {
            String t = text.trim();
            for (SectorSize s : values()) {
                if (s.label().equalsIgnoreCase(t) || Long.toString(s.bytes).equals(t)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown sector size '" + text
                    + "' (expected 2KiB, 8MiB, 512MiB, 32GiB or 64GiB)");
        }

        public String label() {
            long b = bytes;
            String[] units = {"B", "KiB", "MiB", "GiB"};
            int u = 0;
            while (b >= 1024 && u < units.length - 1) {
                b /= 1024;
                u++;
            }
            return b + units[u];
        }
    }

    private final SectorSize size;
    private final ApiVersion apiVersion;
    private final Kind kind;

    RegisteredSealProof(SectorSize size, ApiVersion apiVersion, Kind kind) {
        this.size = size;
        this.apiVersion = apiVersion;
        this.kind = kind;
    }

    /** The id under which the proof is registered, and its JSON name is {@link #name()}. */
    public int id() {
        return ordinal();
    }

    public static RegisteredSealProof ofId(long id) {
        if (id < 0 || id >= values().length) {
            throw new IllegalArgumentException("unknown registered seal proof id " + id
                    + " (known: 0.." + (values().length - 1) + ")");
        }
        return values()[(int) id];
    }

    public static RegisteredSealProof ofName(String name) {
        for (RegisteredSealProof p : values()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown registered seal proof '" + name + "'");
    }

    /** The interactive proof (V1_1 unless {@code legacy}) for a sector size. */
    public static RegisteredSealProof interactive(SectorSize size, boolean legacy) {
        return values()[size.ordinal() + (legacy ? 0 : 5)];
    }

    /** Throws a clear error for kinds whose challenge rule c2spark does not implement. */
    public RegisteredSealProof requireSupported() {
        if (kind != Kind.INTERACTIVE) {
            throw new UnsupportedSealProofException("registered proof " + name() + " (id " + id() + ") uses "
                    + (kind == Kind.SYNTHETIC ? "synthetic" : "non-interactive")
                    + " PoRep challenge selection, which c2spark does not implement;"
                    + " only interactive StackedDrg*V1 and V1_1 (ids 0..9) are supported");
        }
        return this;
    }

    public Kind kind() {
        return kind;
    }

    public SectorSize sectorSize() {
        return size;
    }

    public long sectorBytes() {
        return size.bytes;
    }

    public long nodes() {
        return size.bytes / 32;
    }

    public int layers() {
        return size.layers;
    }

    public int partitions() {
        return size.partitions;
    }

    /** Interactive challenges per partition: ceil(minimum / partitions) (rfp parameters.rs). */
    public int challengesPerPartition() {
        return (size.minimumChallenges + size.partitions - 1) / size.partitions;
    }

    public TreeShape treeShape() {
        return size.treeShape;
    }

    public ApiVersion apiVersion() {
        return apiVersion;
    }

    /** api registry.rs porep_id: id as u64 LE, nonce 0 as u64 LE, 16 zero bytes. */
    public byte[] porepId() {
        byte[] id = new byte[32];
        long v = id();
        for (int i = 0; i < 8; i++) {
            id[i] = (byte) (v >>> (8 * i));
        }
        return id;
    }
}
