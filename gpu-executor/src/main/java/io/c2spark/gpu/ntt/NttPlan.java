package io.c2spark.gpu.ntt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a size-2^lgN NTT is split into shared-memory passes (native-cuda ntt/ntt.cuh, kernel
 * ntt_pass_reg4). A pass covers stages [t, t + s) with 2^lgLow consecutive low indices per block; a
 * block holds 2^(s + lgLow) <= 2^LG_TILE elements, 2^LG_REG of them per thread.
 *
 * <p>The first pass takes MAX_STAGES stages of consecutive elements (no low bits; it also reads the
 * input at bit-reversed indices); the stages left are spread evenly over as few passes as MAX_STAGES
 * allows, larger first, each in a tile of 2^(LG_TILE - 1) elements where that leaves it a low bit
 * (else one low bit): a 2^9 tile runs 7 blocks of 4 warps per SM (each block takes 32 KiB of shared
 * memory), a 2^10 tile 4 of 8 warps, and a pass whose tile is much smaller than the others runs
 * too few threads per block. Of the splits timed on the H200 this rule's was the fastest or level
 * with it at 2^20, 2^24 and 2^27.
 */
public final class NttPlan {
    /** NTT_LG_TILE in ntt.cuh: 2^10 Fr elements, 32 KiB of shared memory. */
    public static final int LG_TILE = 10;
    /** NTT_LG_REG in ntt.cuh: elements per thread. */
    public static final int LG_REG = 2;
    /** Stages of the first pass, and at most as many in each later one, so later passes keep a low bit. */
    public static final int MAX_STAGES = 9;
    public static final int MAX_LG = 31;

    public record Pass(int firstStage, int stages, int lgLow, int lgN) {
        public int threadsPerBlock() {
            return 1 << Math.max(0, stages + lgLow - LG_REG);
        }

        public long blocks() {
            return 1L << (lgN - stages - lgLow);
        }
    }

    private NttPlan() {
    }

    public static List<Pass> passes(int lgN) {
        if (lgN < 1 || lgN > MAX_LG) {
            throw new IllegalArgumentException("NTT size 2^" + lgN + " outside 2^1..2^" + MAX_LG);
        }
        if (lgN <= LG_TILE) {
            return List.of(new Pass(0, lgN, 0, lgN));
        }
        List<Pass> out = new ArrayList<>();
        out.add(new Pass(0, MAX_STAGES, 0, lgN));
        int rest = lgN - MAX_STAGES;
        int count = (rest + MAX_STAGES - 1) / MAX_STAGES;
        int t = MAX_STAGES;
        for (int i = 0; i < count; i++) {
            // The first rest mod count of these passes take one stage more.
            int s = rest / count + (i < rest % count ? 1 : 0);
            // A 2^9 tile with a low bit rather than a full 2^10 one (see above).
            int low = Math.min(t, Math.max(1, LG_TILE - 1 - s));
            out.add(new Pass(t, s, low, lgN));
            t += s;
        }
        return Collections.unmodifiableList(out);
    }
}
