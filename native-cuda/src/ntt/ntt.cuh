// Radix-2 decimation-in-time NTT over Fr, in place, natural order in and out: one bit-reversal
// permutation, then passes that each run up to NTT_LG_TILE - lg_low stages in shared memory.
//
// A pass starting at stage t covers the index bits [t, t + s). A block holds 2^lg_low consecutive
// values of the bits below t (so global loads are 2^lg_low elements, 32 bytes each, contiguous)
// times the 2^s values of the stage bits; the remaining bits pick the block. Stage k pairs indices
// i0 and i0 + 2^k with twiddle w_{2^(k+1)}^(i0 mod 2^k) = tw[(i0 mod 2^k) << (lg_n - 1 - k)], where
// tw[j] = w_n^j for j < n/2 (the forward or the inverse root). The pass plan is made on the host
// (gpu-executor NttPlan), which also checks that the passes cover every stage exactly once.
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"

#define NTT_LG_TILE 10
// 2^10 elements of 32 bytes: 32 KiB of shared memory per block, under the 48 KiB static limit.
static_assert((1 << NTT_LG_TILE) * 32 <= 48 * 1024, "NTT tile exceeds static shared memory");

C2S_EXTERN void ntt_bit_reverse(uint32_t* d, uint32_t lg_n) {
    const uint64_t n = 1ull << lg_n;
    for (uint64_t i = c2s_global_id64(); i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t j = __brevll(i) >> (64 - lg_n);
        if (i < j) {
            fr_t a = fr_t::load(d + i * 8), b = fr_t::load(d + j * 8);
            a.store(d + j * 8);
            b.store(d + i * 8);
        }
    }
}

C2S_EXTERN void __launch_bounds__(1 << (NTT_LG_TILE - 1))
ntt_pass(uint32_t* d, uint32_t lg_n, uint32_t t, uint32_t s, uint32_t lg_low, const uint32_t* tw) {
    // Word-major (word w of element e at xs[w][e]): a warp touching consecutive elements reads
    // consecutive words, one per bank. Element-major, the 32-byte stride put each warp's word loads
    // on 4 banks (8-way conflicts).
    __shared__ uint32_t xs[8][1 << NTT_LG_TILE];
    auto get = [&](uint32_t e) {
        fr_t r;
#pragma unroll
        for (int w = 0; w < 8; w++) r.v[w] = xs[w][e];
        return r;
    };
    auto put = [&](uint32_t e, const fr_t& a) {
#pragma unroll
        for (int w = 0; w < 8; w++) xs[w][e] = a.v[w];
    };
    const uint32_t tid = threadIdx.x;
    const uint32_t half = blockDim.x;  // 2^(s + lg_low - 1) threads, one butterfly each per stage
    const uint64_t low_groups_lg = t - lg_low;
    const uint64_t low_group = blockIdx.x & ((1ull << low_groups_lg) - 1);
    const uint64_t high = (uint64_t)blockIdx.x >> low_groups_lg;
    const uint32_t low_mask = (1u << lg_low) - 1;
    auto global_index = [&](uint32_t e) -> uint64_t {
        return (low_group << lg_low) + (e & low_mask) + ((uint64_t)(e >> lg_low) << t) + (high << (t + s));
    };
    // Stage k's butterfly of this thread: elements e0 and e1 = e0 + 2^q of the tile, twiddle
    // exponent m. Each stage's twiddle is loaded one stage ahead (the first before the tile), so the
    // global load's latency hides behind the previous stage (5% at 2^27, where the twiddles come
    // from DRAM; nothing measurable at 2^24).
    auto first_of_pair = [&](uint32_t k) {
        const uint32_t q = k - t + lg_low;
        return ((tid >> q) << (q + 1)) | (tid & ((1u << q) - 1));
    };
    auto exponent = [&](uint32_t k) -> uint64_t { return global_index(first_of_pair(k)) & ((1ull << k) - 1); };
    auto twiddle = [&](uint64_t m, uint32_t k) { return fr_t::load(tw + (m << (lg_n - 1 - k)) * 8); };
    uint64_t m_next = exponent(t);
    fr_t w_next = m_next != 0 ? twiddle(m_next, t) : fr_t::one();
    for (uint32_t e = tid; e < 2 * half; e += half) put(e, fr_t::load(d + global_index(e) * 8));
    __syncthreads();
    for (uint32_t k = t; k < t + s; k++) {
        const uint64_t m = m_next;
        const fr_t w = w_next;
        if (k + 1 < t + s) {
            m_next = exponent(k + 1);
            if (m_next != 0) w_next = twiddle(m_next, k + 1);
        }
        const uint32_t e0 = first_of_pair(k);
        const uint32_t e1 = e0 | (1u << (k - t + lg_low));
        fr_t a = get(e0);
        fr_t b = get(e1);
        if (m != 0) b *= w;
        put(e0, a + b);
        put(e1, a - b);
        __syncthreads();
    }
    for (uint32_t e = tid; e < 2 * half; e += half) get(e).store(d + global_index(e) * 8);
}
