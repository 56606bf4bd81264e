package io.c2spark.core.porep;

/**
 * Filecoin's registered seal proofs (rust-filecoin-proofs-api src/registry.rs RegisteredSealProof),
 * in id order: the id is the enum discriminant that porep_id encodes. {@link #serdeName()} is how
 * serde writes the variant in JSON (e.g. "StackedDrg2KiBV1_1").
 */
public enum RegisteredSealProof {
    STACKED_DRG_2KIB_V1(0, SectorShape.SIZE_2KIB, Version.V1),
    STACKED_DRG_8MIB_V1(1, SectorShape.SIZE_8MIB, Version.V1),
    STACKED_DRG_512MIB_V1(2, SectorShape.SIZE_512MIB, Version.V1),
    STACKED_DRG_32GIB_V1(3, SectorShape.SIZE_32GIB, Version.V1),
    STACKED_DRG_64GIB_V1(4, SectorShape.SIZE_64GIB, Version.V1),
    STACKED_DRG_2KIB_V1_1(5, SectorShape.SIZE_2KIB, Version.V1_1),
    STACKED_DRG_8MIB_V1_1(6, SectorShape.SIZE_8MIB, Version.V1_1),
    STACKED_DRG_512MIB_V1_1(7, SectorShape.SIZE_512MIB, Version.V1_1),
    STACKED_DRG_32GIB_V1_1(8, SectorShape.SIZE_32GIB, Version.V1_1),
    STACKED_DRG_64GIB_V1_1(9, SectorShape.SIZE_64GIB, Version.V1_1),
    STACKED_DRG_2KIB_V1_1_SYNTHETIC(10, SectorShape.SIZE_2KIB, Version.V1_1_SYNTHETIC),
    STACKED_DRG_8MIB_V1_1_SYNTHETIC(11, SectorShape.SIZE_8MIB, Version.V1_1_SYNTHETIC),
    STACKED_DRG_512MIB_V1_1_SYNTHETIC(12, SectorShape.SIZE_512MIB, Version.V1_1_SYNTHETIC),
    STACKED_DRG_32GIB_V1_1_SYNTHETIC(13, SectorShape.SIZE_32GIB, Version.V1_1_SYNTHETIC),
    STACKED_DRG_64GIB_V1_1_SYNTHETIC(14, SectorShape.SIZE_64GIB, Version.V1_1_SYNTHETIC),
    STACKED_DRG_2KIB_V1_2_NI(15, SectorShape.SIZE_2KIB, Version.V1_2_NON_INTERACTIVE),
    STACKED_DRG_8MIB_V1_2_NI(16, SectorShape.SIZE_8MIB, Version.V1_2_NON_INTERACTIVE),
    STACKED_DRG_512MIB_V1_2_NI(17, SectorShape.SIZE_512MIB, Version.V1_2_NON_INTERACTIVE),
    STACKED_DRG_32GIB_V1_2_NI(18, SectorShape.SIZE_32GIB, Version.V1_2_NON_INTERACTIVE),
    STACKED_DRG_64GIB_V1_2_NI(19, SectorShape.SIZE_64GIB, Version.V1_2_NON_INTERACTIVE);

    /** The proof versions: they differ in DRG parent order (V1) and in how challenges are drawn. */
    public enum Version {
        /** DRG parents ordered [p1..p5, node-1]; interactive challenges. */
        V1("V1"),
        /** DRG parents ordered [node-1, p1..p5]; interactive challenges. */
        V1_1("V1_1"),
        /** As V1_1, challenges drawn from a synthetic set by ChaCha20 (SynthChallenges). */
        V1_1_SYNTHETIC("V1_1_Feat_SyntheticPoRep"),
        /** Non-interactive PoRep: its own challenge rule and partition counts. */
        V1_2_NON_INTERACTIVE("V1_2_Feat_NonInteractivePoRep");

        private final String suffix;

        Version(String suffix) {
            this.suffix = suffix;
        }
    }

    private final int id;
    private final SectorShape shape;
    private final Version version;

    RegisteredSealProof(int id, SectorShape shape, Version version) {
        this.id = id;
        this.shape = shape;
        this.version = version;
    }

    /** The registry id (the enum discriminant upstream), written into porep_id as a u64 LE. */
    public int id() {
        return id;
    }

    public SectorShape shape() {
        return shape;
    }

    public Version version() {
        return version;
    }

    /** The serde name, e.g. "StackedDrg32GiBV1_1" or "StackedDrg2KiBV1_1_Feat_SyntheticPoRep". */
    public String serdeName() {
        return "StackedDrg" + shape.label() + version.suffix;
    }

    /** porep_id (registry.rs): id as u64 LE, nonce 0 as u64 LE, 16 zero bytes. */
    public byte[] porepId() {
        byte[] porepId = new byte[32];
        for (int i = 0; i < 8; i++) {
            porepId[i] = (byte) (((long) id) >>> (8 * i));
        }
        return porepId;
    }

    /** The proof named {@code name} as serde writes it, or null when there is none. */
    public static RegisteredSealProof ofSerdeName(String name) {
        for (RegisteredSealProof p : values()) {
            if (p.serdeName().equals(name)) {
                return p;
            }
        }
        return null;
    }

    public static RegisteredSealProof ofId(int id) {
        for (RegisteredSealProof p : values()) {
            if (p.id == id) {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered seal proof with id " + id);
    }

    /** The graph's API version (rfp api_version.rs): V1 orders DRG parents differently from the rest. */
    public ApiVersion apiVersion() {
        return switch (version) {
            case V1 -> ApiVersion.V1_0_0;
            case V1_1 -> ApiVersion.V1_1_0;
            case V1_1_SYNTHETIC, V1_2_NON_INTERACTIVE -> ApiVersion.V1_2_0;
        };
    }

    /** Interactive PoRep (V1, V1_1): the challenge rule c2spark implements. */
    public boolean isInteractive() {
        return version == Version.V1 || version == Version.V1_1;
    }

    /**
     * Refuses synthetic and non-interactive proofs, whose challenges are drawn by rules c2spark
     * does not implement: proving them with interactive challenges would yield invalid proofs.
     */
    public RegisteredSealProof requireInteractive() {
        if (!isInteractive()) {
            throw new IllegalArgumentException("registered proof " + serdeName() + " (id " + id + ") uses "
                    + (version == Version.V1_1_SYNTHETIC ? "synthetic" : "non-interactive")
                    + " PoRep challenge selection, which c2spark does not implement; only interactive"
                    + " StackedDrg*V1 and V1_1 (ids 0..9) are supported");
        }
        return this;
    }

    /** The interactive proof of a sector size: V1_1, or V1 when {@code legacy}. */
    public static RegisteredSealProof interactive(SectorShape shape, boolean legacy) {
        for (RegisteredSealProof p : values()) {
            if (p.shape == shape && p.version == (legacy ? Version.V1 : Version.V1_1)) {
                return p;
            }
        }
        throw new IllegalStateException("no interactive proof for " + shape);
    }
}
