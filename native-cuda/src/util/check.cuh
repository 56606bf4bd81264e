// Helpers shared by every kernel file. The runtime calls themselves are made from Java, where
// every driver call and launch goes through one checked helper (gpu-executor Cuda.check, naming
// the call and the device); this header holds what the kernels share: the export macro, thread
// indexing and a warp's prefix sum.
#pragma once
#include <cstdint>

#define C2S_EXTERN extern "C" __global__

__device__ __forceinline__ uint32_t c2s_global_id() {
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ uint64_t c2s_global_id64() {
    return (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
}

// Inclusive prefix sum of v over the 32 lanes of a warp; every lane must take part.
__device__ __forceinline__ uint32_t c2s_warp_inclusive_sum(uint32_t v) {
    const uint32_t lane = threadIdx.x & 31;
#pragma unroll
    for (uint32_t off = 1; off < 32; off <<= 1) {
        const uint32_t y = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off) v += y;
    }
    return v;
}

// Launch bounds of the G1 kernels whose loop is mixed additions (bitmap batch addition, bucket
// accumulation, fixed-base sums), launched with 128 threads (gpu-executor Msm.CURVE_BLOCK).
// Inlined, ptxas (sm_90, nvcc 13.0) gives the batch addition 156 registers, so 3 blocks per SM;
// asking for 4 holds it to 128 registers with 16 bytes of spills. Out of line (C2S_INLINE_MADD=0)
// it takes 128 registers and a 288-byte stack frame. Inlined with the bound is the fastest of the
// three on the H200 (GpuBench's batch addition and MSM against builds with C2S_HOT_MIN_BLOCKS=0 and
// C2S_INLINE_MADD=0): the extra block per SM hides more of the multiplications' latency than the
// few spilled bytes cost.
#ifndef C2S_HOT_MIN_BLOCKS
#define C2S_HOT_MIN_BLOCKS 4
#endif
#if C2S_HOT_MIN_BLOCKS > 0
#define C2S_HOT_BOUNDS __launch_bounds__(128, C2S_HOT_MIN_BLOCKS)
#else
#define C2S_HOT_BOUNDS
#endif
