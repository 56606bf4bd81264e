package io.c2spark.gpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a size-2^lgN NTT is split into shared-memory passes (native-cuda ntt/ntt.cuh, kernel
 * ntt_pass_reg4). A pass covers stages [t, t + s) with 2^lgLow consecutive low indices per block; a
 * block holds 2^(s + lgLow) <= 2^LG_TILE elements, 2^LG_REG of them per thread.
 *
 * <p>The stages are spread evenly over ceil(lgN / MAX_STAGES) passes, and every pass after the first
 * takes as many low bits as the tile leaves free. Measured on the H200 (2026-12-02, docs/benchmarks.md,
 * "NTT ... second round"): 2^24 as 8 + 8 + 8 stages 4.56 ms of passes, 10 + 7 + 7 4.61 ms, 10 + 10 + 4
 * 4.74 ms; 2^27 as 9 + 9 + 9 40.4 ms, 10 + 9 + 8 41.2 ms, 10 + 7 + 7 + 3 41.5 ms. A pass whose tile is
 * smaller than the others runs few threads per block: the old plan's last pass at 2^27, 3 stages
 * in tiles of 2^6 elements, took 10.0 ms against 13.2 ms for a 7-stage pass.
 */
public final class NttPlan {
    /** NTT_LG_TILE in ntt.cuh: 2^10 Fr elements, 32 KiB of shared memory. */
    public static final int LG_TILE = 10;
    /** NTT_LG_REG in ntt.cuh: elements per thread. */
    public static final int LG_REG = 2;
    /** At most 9 stages per pass when the size needs several, so later passes keep a low bit. */
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
        int count = lgN <= LG_TILE ? 1 : (lgN + MAX_STAGES - 1) / MAX_STAGES;
        List<Pass> out = new ArrayList<>();
        int t = 0;
        for (int i = 0; i < count; i++) {
            // The first lgN mod count passes take one stage more.
            int s = lgN / count + (i < lgN % count ? 1 : 0);
            int low = Math.min(t, LG_TILE - s);
            out.add(new Pass(t, s, low, lgN));
            t += s;
        }
        return Collections.unmodifiableList(out);
    }
}
