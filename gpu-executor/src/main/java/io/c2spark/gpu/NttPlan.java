package io.c2spark.gpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a size-2^lgN NTT is split into shared-memory passes (native-cuda ntt/ntt.cuh). A pass
 * covers stages [t, t + s) with 2^lgLow consecutive low indices per block; a block holds
 * 2^(s + lgLow) <= 2^LG_TILE elements with one thread per butterfly.
 */
public final class NttPlan {
    /** NTT_LG_TILE in ntt.cuh: 2^10 Fr elements, 32 KiB of shared memory. */
    public static final int LG_TILE = 10;
    /** 2^3 consecutive elements of 32 bytes: 256-byte contiguous loads per group. */
    public static final int LG_LOW = 3;
    public static final int MAX_LG = 31;

    public record Pass(int firstStage, int stages, int lgLow, int lgN) {
        public int threadsPerBlock() {
            return 1 << (stages + lgLow - 1);
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
        List<Pass> out = new ArrayList<>();
        int first = Math.min(lgN, LG_TILE);
        out.add(new Pass(0, first, 0, lgN));
        for (int t = first; t < lgN; ) {
            int low = Math.min(LG_LOW, t);
            int s = Math.min(lgN - t, LG_TILE - low);
            out.add(new Pass(t, s, low, lgN));
            t += s;
        }
        return Collections.unmodifiableList(out);
    }
}
