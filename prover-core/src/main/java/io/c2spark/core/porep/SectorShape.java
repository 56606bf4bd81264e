package io.c2spark.core.porep;

import io.c2spark.core.porep.vanilla.proof.TreeShape;

/**
 * The shapes of the five PoRep sector sizes: layers, partitions, interactive challenges and trees.
 * Upstream: rust-fil-proofs filecoin-proofs/src/constants.rs (LAYERS, POREP_PARTITIONS,
 * POREP_MINIMUM_CHALLENGES, SectorShape* tree types).
 */
public enum SectorShape {
    SIZE_2KIB("2KiB", 2048L, 2, 1, 2, TreeShape.single(8, 2)),
    SIZE_8MIB("8MiB", 8L << 20, 2, 1, 2, TreeShape.single(8, 6)),
    SIZE_512MIB("512MiB", 512L << 20, 2, 1, 2, TreeShape.single(8, 8)),
    SIZE_32GIB("32GiB", 32L << 30, 11, 10, 18, new TreeShape(8, 9, 8, 0)),
    SIZE_64GIB("64GiB", 64L << 30, 11, 10, 18, new TreeShape(8, 9, 8, 2));

    /** Bytes per node: one field element. */
    public static final int NODE_BYTES = 32;

    private final String label;
    private final long sectorBytes;
    private final int layers;
    private final int partitions;
    private final int challengesPerPartition;
    private final TreeShape columnTree;

    SectorShape(String label, long sectorBytes, int layers, int partitions, int challengesPerPartition,
            TreeShape columnTree) {
        this.label = label;
        this.sectorBytes = sectorBytes;
        this.layers = layers;
        this.partitions = partitions;
        this.challengesPerPartition = challengesPerPartition;
        this.columnTree = columnTree;
    }

    /** "2KiB", "32GiB", ...: the size as it appears in registered proof names. */
    public String label() {
        return label;
    }

    public long sectorBytes() {
        return sectorBytes;
    }

    public long nodes() {
        return sectorBytes / NODE_BYTES;
    }

    public int layers() {
        return layers;
    }

    public int partitions() {
        return partitions;
    }

    /** Challenges per partition in interactive and synthetic PoRep (C1 holds partitions x this). */
    public int challengesPerPartition() {
        return challengesPerPartition;
    }

    /** tree_d: SHA-256, binary, log2(nodes) levels. */
    public TreeShape treeD() {
        return TreeShape.single(2, Long.numberOfTrailingZeros(nodes()));
    }

    /** tree_c and tree_r_last: Poseidon arity 8 base trees, with sub (32GiB, 64GiB) and top (64GiB) levels. */
    public TreeShape treeR() {
        return columnTree;
    }

    /** Key of the serde VanillaSealProof enum for this size: always the V1 name ("StackedDrg2KiBV1"). */
    public String vanillaProofKey() {
        return "StackedDrg" + label + "V1";
    }

    public static SectorShape ofBytes(long bytes) {
        for (SectorShape s : values()) {
            if (s.sectorBytes == bytes) {
                return s;
            }
        }
        throw new IllegalArgumentException("no PoRep sector shape of " + bytes + " bytes");
    }

    /** Parses "2KiB", "32GiB", ... (case-insensitive) or a byte count. */
    public static SectorShape parse(String text) {
        for (SectorShape s : values()) {
            if (s.label.equalsIgnoreCase(text)) {
                return s;
            }
        }
        try {
            return ofBytes(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("unknown sector size '" + text + "' (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)");
        }
    }

    /** The size whose vanilla proof key is {@code key}, or null. */
    public static SectorShape ofVanillaProofKey(String key) {
        for (SectorShape s : values()) {
            if (s.vanillaProofKey().equals(key)) {
                return s;
            }
        }
        return null;
    }
}
