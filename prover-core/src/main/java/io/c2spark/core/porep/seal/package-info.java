/**
 * Sealing a sector in memory and answering its challenges, Filecoin's PreCommit and C1 (rfp
 * filecoin-proofs seal.rs and storage-proofs-porep stacked/vanilla): fr32 padding, the replica id,
 * the SDR labels of every layer, the column hashes, the encoding, the Merkle trees, the sealed
 * sector that holds them ({@link io.c2spark.core.porep.seal.Sealer},
 * {@link io.c2spark.core.porep.seal.SealedSector}) or a synthetic one real only where challenged
 * ({@link io.c2spark.core.porep.seal.SyntheticSector}); then the challenges of a seed, the vanilla
 * proofs drawn from a sector's openings ({@link io.c2spark.core.porep.seal.VanillaProver}) and
 * their native verification ({@link io.c2spark.core.porep.seal.VanillaVerifier}). The proofs'
 * records are {@code io.c2spark.core.porep.vanilla.proof}; the SNARK over them is
 * {@code io.c2spark.core.porep.c2}.
 */
package io.c2spark.core.porep.seal;
