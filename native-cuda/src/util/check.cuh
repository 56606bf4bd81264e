// Device-side helpers shared by every kernel file. Host-side error checking lives in gpu-executor
// (every driver call goes through one checked Java helper); this header only keeps kernel
// launches honest about their shapes.
#pragma once
#include <cstdint>

#define C2S_EXTERN extern "C" __global__

// A tunable that must be a power of two; checked at compile time where it is declared.
#define C2S_STATIC_POW2(x) static_assert(((x) & ((x) - 1)) == 0 && (x) > 0, #x " must be a power of two")

__device__ __forceinline__ uint32_t c2s_global_id() {
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ uint64_t c2s_global_id64() {
    return (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
}
