/**
 * The vanilla (non-circuit) PoRep proof data model: the records a C1 file holds, per partition and
 * challenge, in flat form (hashes back to back in byte arrays, not an object per hash).
 *
 * <p>This package is the one model of vanilla proofs in the project: the C1 reader and writer
 * ({@code io.c2spark.core.porep.c1}) produce and consume it, and SDR sealing, vanilla proof
 * generation and verification, and the partition circuit build on the same records. The registered
 * proofs and sector shapes are {@code io.c2spark.core.porep.RegisteredSealProof} and
 * {@code SectorShape}.
 */
package io.c2spark.core.porep.vanilla;
