// Helpers shared by every kernel file. The runtime calls themselves are made from Java, where
// every driver call and launch goes through one checked helper (gpu-executor Cuda.check, naming
// the call and the device); this header holds what the kernels share: the export macro and
// thread indexing.
#pragma once
#include <cstdint>

#define C2S_EXTERN extern "C" __global__

__device__ __forceinline__ uint32_t c2s_global_id() {
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ uint64_t c2s_global_id64() {
    return (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
}
