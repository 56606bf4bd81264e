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
 * (else one low bit). Measured on the H200 (2026-12-02, sixth session, docs/benchmarks.md; forward,
 * the fused Fr product at four blocks per SM), with the reversal in the first pass: 2^24 as
 * 9:0 + 8:1 + 7:2 (stages:low bits, this rule) 3.98 ms, 9:0 + 8:2 + 7:3 (later passes in full
 * tiles, the previous rule) 4.02, 9:0 + 8:2 + 7:2 3.99, 10:0 + 7:3 + 7:3 3.97, 8:0 + 8:2 + 8:2 4.21;
 * 2^20 as 9:0 + 6:3 + 5:4 0.240 against 0.244; 2^27 9:0 + 9:1 + 9:1 36.0 (both rules). With a
 * separate tiled reversal before the passes: 2^24 as 9 + 8 + 7 in full tiles 4.29 ms, 8 + 8 + 8
 * 4.43, 10 + 7 + 7 4.34, 9:0 + 8:1 + 7:2 4.26; 2^27 38.1. With 72 registers per thread instead of
 * 64: 7 + 9 + 8 4.95 ms at 2^24, 10 + 9 + 8 39.5 against 38.9 at 2^27. Earlier (second round):
 * a pass whose tile is smaller than the others runs few threads per block: the old plan's last pass
 * at 2^27, 3 stages in tiles of 2^6 elements, took 10.0 ms against 13.2 ms for a 7-stage pass.
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
            // Measured faster (above): a 2^9 tile runs 7 blocks of 4 warps per SM (each block
            // takes 32 KiB of shared memory), a 2^10 tile 4 of 8 warps.
            int low = Math.min(t, Math.max(1, LG_TILE - 1 - s));
            out.add(new Pass(t, s, low, lgN));
            t += s;
        }
        return Collections.unmodifiableList(out);
    }
}
