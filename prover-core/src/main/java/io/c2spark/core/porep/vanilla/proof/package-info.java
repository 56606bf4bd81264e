/**
 * The vanilla (non-circuit) PoRep proof data model: the records a C1 file holds, per partition and
 * challenge, in flat form (hashes back to back in byte arrays, not an object per hash).
 *
 * <p>This package is the one model of vanilla proofs in the project: the C1 reader and writer
 * ({@code io.c2spark.core.porep.c1}) produce and consume it, sealing with its vanilla proof
 * generation and verification ({@code io.c2spark.core.porep.seal}) and the partition circuit build
 * on the same records. The registered proofs and sector shapes are
 * {@code io.c2spark.core.porep.RegisteredSealProof} and {@code SectorShape}.
 */
package io.c2spark.core.porep.vanilla.proof;
