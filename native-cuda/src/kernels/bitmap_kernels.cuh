// Selection bitmaps for batch addition, made on the device from the witness's aux bitmap: a query
// (a, b_g1, b_g2) holds points only for the variables of its density, so bit k of the query's
// bitmap is the value of the k-th variable of the density. Done here, the per-proof CPU work is
// nothing, where the host would walk a 32GiB partition's 130M density bits per proof.
#pragma once
#include "../util/check.cuh"

// For each 32-bit word i of the density: the values of its set bits, in order, go to the bits
// offset + prefix[i], offset + prefix[i] + 1, ... of out (prefix[i]: set density bits before word
// i; offset: the query's input points, which are never selected). out must start zeroed; words
// share output words at their edges, hence atomicOr.
C2S_EXTERN void bitmap_select(const uint32_t* values, const uint32_t* density, const uint32_t* prefix, uint32_t words,
                              uint32_t offset, uint32_t* out) {
    for (uint32_t i = c2s_global_id(); i < words; i += gridDim.x * blockDim.x) {
        uint32_t d = density[i];
        const uint32_t v = values[i];
        uint32_t pos = offset + prefix[i];
        while (d != 0) {
            const uint32_t low = d & (0u - d);
            if (v & low) atomicOr(&out[pos >> 5], 1u << (pos & 31));
            pos++;
            d ^= low;
        }
    }
}
