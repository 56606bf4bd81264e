package io.c2spark.core.porep.circuit;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.BucketGraph;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.seal.Challenges;

/**
 * A partition's public inputs as Filecoin's StackedCompound::generate_public_inputs lays them out
 * (ONE excluded): replica_id, comm_d, comm_r, then per challenge the packed path index of the data
 * leaf in tree_d (the challenge), of each DRG and expander parent's column in tree_c, the challenge
 * itself, and the challenge's paths in tree_r_last and tree_c.
 */
public final class PublicInputs {
    private PublicInputs() {
    }

    /** Values per challenge: tree_d, 6 DRG, 8 expander, challenge, tree_r_last, tree_c. */
    public static final int PER_CHALLENGE = 1 + ChallengeWitness.DRG_PARENTS + ChallengeWitness.EXP_PARENTS + 3;

    /**
     * @param commitments replica_id, comm_d, comm_r (4 Montgomery limbs each)
     * @param challenges the partition's challenged nodes
     * @param drgParents per challenge, its 6 DRG parents
     * @param expParents per challenge, its 8 expander parents
     * @return 3 + PER_CHALLENGE * challenges Fr elements, 4 limbs each
     */
    public static long[] of(long[] commitments, long[] challenges, long[][] drgParents, long[][] expParents) {
        int n = challenges.length;
        long[] out = new long[(3 + PER_CHALLENGE * n) * Fr.LIMBS];
        System.arraycopy(commitments, 0, out, 0, 3 * Fr.LIMBS);
        int pos = 3;
        for (int i = 0; i < n; i++) {
            pos = put(out, pos, challenges[i]);
            for (long p : drgParents[i]) {
                pos = put(out, pos, p);
            }
            for (long p : expParents[i]) {
                pos = put(out, pos, p);
            }
            pos = put(out, pos, challenges[i]);
            pos = put(out, pos, challenges[i]);
            pos = put(out, pos, challenges[i]);
        }
        return out;
    }

    /**
     * The public inputs of partition k, derived as a verifier must: the challenges from replica_id
     * and the seed, the parents from the sector's graph; nothing is taken from the prover's file.
     *
     * @param replicaId, commD, commR 32-byte little-endian field elements
     */
    public static long[] forPartition(RegisteredSealProof proof, byte[] replicaId, byte[] commD, byte[] commR,
            byte[] seed, int k) {
        long[] commitments = new long[3 * Fr.LIMBS];
        byte[][] values = {replicaId, commD, commR};
        String[] names = {"replica_id", "comm_d", "comm_r"};
        for (int i = 0; i < 3; i++) {
            if (!Fr.FIELD.fromBytesLE(values[i], 0, commitments, i * Fr.LIMBS)) {
                throw new IllegalArgumentException(names[i] + " is not a canonical field element");
            }
        }
        long[] challenges = Challenges.partition(proof, replicaId, seed, k);
        StackedGraph graph = StackedGraph.of(proof);
        long[][] drg = new long[challenges.length][ChallengeWitness.DRG_PARENTS];
        long[][] exp = new long[challenges.length][ChallengeWitness.EXP_PARENTS];
        int[] parents = new int[StackedGraph.DEGREE];
        for (int i = 0; i < challenges.length; i++) {
            graph.parents(challenges[i], parents, 0);
            for (int p = 0; p < ChallengeWitness.DRG_PARENTS; p++) {
                drg[i][p] = Integer.toUnsignedLong(parents[p]);
            }
            for (int p = 0; p < ChallengeWitness.EXP_PARENTS; p++) {
                exp[i][p] = Integer.toUnsignedLong(parents[BucketGraph.DEGREE + p]);
            }
        }
        return of(commitments, challenges, drg, exp);
    }

    private static int put(long[] out, int pos, long value) {
        Fr.FIELD.fromBigInteger(java.math.BigInteger.valueOf(value), out, pos * Fr.LIMBS);
        return pos + 1;
    }
}
