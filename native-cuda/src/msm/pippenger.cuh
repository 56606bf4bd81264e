// Multi-scalar multiplication in G1 and G2, Pippenger's bucket method with signed windows, every
// step on the GPU. The host (gpu-executor Msm) launches, in order:
//   msm_histogram   digits of every scalar; count per (window, bucket)          atomics
//   msm_scan        exclusive prefix sums of the counts, one block per window    -> starts, cursors
//   msm_scatter     point indices (sign in bit 31) grouped by bucket             atomics on cursors
//   msm_slot_buckets     first bucket of every slot of chunk sorted entries; empty buckets zeroed
//   msm_accumulate       one thread per slot sums its runs of points per bucket (mixed additions)
//   msm_accumulate_fixup buckets crossing slot boundaries: a slot's tail plus the next slots' heads
//   msm_reduce_segments  sum_b (b + 1) B_b over runs of seg buckets, one thread per run
//   xyzz_sum_groups      (ec_kernels) partial sums down to one per window
//   msm_combine     Horner over the windows, result as Jacobian
// The scalar steps (histogram, scan, scatter) know no points and serve both groups; the point
// steps are templates over the affine and XYZZ types, exported once per group (G2 names start
// with g2_).
// Scalars arrive as Fr elements in Montgomery form (prover-core's layout) and are converted to
// canonical form on the fly, in both kernels that read digits.
//
// Signed digits: window w of c bits plus the carry from below; a value above 2^(c-1) becomes
// value - 2^c with a carry of one. With windows = ceil(256 / c) the top window never carries out
// (a 255-bit scalar leaves it at most c - 1 bits), so magnitudes are 1..2^(c-1) and bucket
// b = magnitude - 1 of 2^(c-1) buckets per window.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "../ec/g2.cuh"

// Calls f(window, digit) for every window; digit in [-2^(c-1), 2^(c-1)].
template <class Fn>
__device__ __forceinline__ void msm_for_each_digit(const fr_t& canonical, uint32_t c, uint32_t windows, Fn f) {
    uint32_t carry = 0;
    for (uint32_t w = 0; w < windows; w++) {
        const uint32_t bit = w * c;
        const uint32_t word = bit >> 5, shift = bit & 31;
        uint64_t chunk = word < 8 ? canonical.v[word] : 0;
        if (word + 1 < 8) chunk |= (uint64_t)canonical.v[word + 1] << 32;
        uint32_t value = (uint32_t)(chunk >> shift) & ((1u << c) - 1);
        value += carry;
        int32_t digit;
        if (value > (1u << (c - 1))) {
            digit = (int32_t)value - (int32_t)(1u << c);
            carry = 1;
        } else {
            digit = (int32_t)value;
            carry = 0;
        }
        f(w, digit);
    }
}

C2S_EXTERN void msm_histogram(const uint32_t* scalars, uint32_t n, uint32_t c, uint32_t windows, uint32_t* counts) {
    const uint32_t buckets = 1u << (c - 1);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        msm_for_each_digit(k, c, windows, [&](uint32_t w, int32_t digit) {
            if (digit != 0) atomicAdd(&counts[(size_t)w * buckets + (uint32_t)abs(digit) - 1], 1u);
        });
    }
}

// One block per window, blockDim.x a power of two: each thread sums a contiguous run of counts,
// the block scans the run totals in shared memory, then each thread writes its run's offsets.
// starts and cursors are indexed like counts; offsets are relative to the window's region of
// n entries in the sorted array.
#define MSM_SCAN_THREADS 1024
C2S_EXTERN void __launch_bounds__(MSM_SCAN_THREADS)
msm_scan(const uint32_t* counts, uint32_t buckets, uint32_t* starts, uint32_t* cursors) {
    __shared__ uint32_t totals[MSM_SCAN_THREADS];
    const size_t base = (size_t)blockIdx.x * buckets;
    const uint32_t per = (buckets + blockDim.x - 1) / blockDim.x;
    const uint32_t lo = min(buckets, threadIdx.x * per), hi = min(buckets, lo + per);
    uint32_t sum = 0;
    for (uint32_t b = lo; b < hi; b++) sum += counts[base + b];
    totals[threadIdx.x] = sum;
    __syncthreads();
    // Hillis-Steele inclusive scan over the run totals.
    for (uint32_t off = 1; off < blockDim.x; off <<= 1) {
        uint32_t v = threadIdx.x >= off ? totals[threadIdx.x - off] : 0;
        __syncthreads();
        totals[threadIdx.x] += v;
        __syncthreads();
    }
    uint32_t run = totals[threadIdx.x] - sum;
    for (uint32_t b = lo; b < hi; b++) {
        starts[base + b] = run;
        cursors[base + b] = run;
        run += counts[base + b];
    }
}

C2S_EXTERN void msm_scatter(const uint32_t* scalars, uint32_t n, uint32_t c, uint32_t windows, uint32_t* cursors, uint32_t* sorted) {
    const uint32_t buckets = 1u << (c - 1);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        msm_for_each_digit(k, c, windows, [&](uint32_t w, int32_t digit) {
            if (digit != 0) {
                uint32_t pos = atomicAdd(&cursors[(size_t)w * buckets + (uint32_t)abs(digit) - 1], 1u);
                sorted[(size_t)w * n + pos] = i | (digit < 0 ? 0x80000000u : 0u);
            }
        });
    }
}

// Equal-share accumulation. Each window's region of the sorted array is cut into slots of chunk
// consecutive entries, spanning bucket boundaries, so every thread does the same number of
// mixed additions whatever the bucket sizes: a crowded bucket (the top window's few digits, or
// repeated scalars) is summed by many threads instead of one. A thread writes the buckets that
// lie wholly in its slot straight to bucket_sums; the run at each end of its slot that belongs to
// a bucket crossing the slot's boundary goes to heads (the bucket began in an earlier slot) or
// tails (it began in this slot and ends in a later one), and msm_accumulate_fixup adds them up.
// Before it, msm_slot_buckets (curve-agnostic) finds each slot's first bucket and writes the
// identity (all zero) into every empty bucket, which no slot visits.
// On the H200 (2026-12-02, docs/benchmarks.md), accumulation with c = 16 took as long as with the
// one-thread-per-bucket kernel this replaced at 2^24 (153.8 against 153.9 ms), 2.5% longer at
// 2^26 and 18% less at 2^20; what it buys is windows that leave the top window few bits, such as
// c = 20 (13 windows instead of 16): accumulation at 2^26 took 504.5 ms against 589.6 with c = 16.

// One thread per (window, bucket): first[w * slots + j] = the bucket holding entry j * chunk of
// window w, for every slot j starting inside the bucket; empty buckets become the identity.
C2S_EXTERN void msm_slot_buckets(const uint32_t* starts, const uint32_t* counts, uint32_t buckets, uint32_t windows,
                                 uint32_t chunk, uint32_t slots, uint32_t bucket_words, uint32_t* first, uint32_t* bucket_sums) {
    const size_t total = (size_t)buckets * windows;
    for (size_t id = c2s_global_id64(); id < total; id += (size_t)gridDim.x * blockDim.x) {
        const uint32_t w = (uint32_t)(id / buckets);
        const uint32_t count = counts[id];
        if (count == 0) {
            uint4* out = reinterpret_cast<uint4*>(bucket_sums + id * bucket_words);
            for (uint32_t k = 0; k < bucket_words / 4; k++) out[k] = make_uint4(0, 0, 0, 0);
            continue;
        }
        const uint32_t lo = starts[id], hi = lo + count;
        for (uint32_t j = (lo + chunk - 1) / chunk; j * chunk < hi; j++) first[(size_t)w * slots + j] = (uint32_t)(id - (size_t)w * buckets);
    }
}

#define MSM_NO_BUCKET 0xffffffffu

// One thread per slot (slots per window, windows of them); see above.
template <class A, class X>
__device__ __forceinline__ void msm_accumulate_impl(const uint32_t* points, const uint32_t* sorted, const uint32_t* starts,
                                                    const uint32_t* counts, const uint32_t* first, uint32_t n, uint32_t buckets,
                                                    uint32_t windows, uint32_t chunk, uint32_t slots, uint32_t* bucket_sums,
                                                    uint32_t* heads, uint32_t* tails, uint32_t* tail_bucket) {
    const uint32_t total = slots * windows;  // MsmPlan keeps slots and buckets of all windows below 2^32
    for (uint32_t id = c2s_global_id(); id < total; id += gridDim.x * blockDim.x) {
        const uint32_t w = id / slots, j = id % slots;
        const uint32_t wb = w * buckets;
        const uint32_t filled = starts[wb + buckets - 1] + counts[wb + buckets - 1];
        const uint32_t lo = j * chunk, hi = min(filled, lo + chunk);
        if (lo >= hi) {
            tail_bucket[id] = MSM_NO_BUCKET;
            continue;
        }
        // Live state kept small (the loop body is an inlined mixed addition at the 128-register
        // bound): the bucket's global index, its entries left from here, and whether the run is a head.
        uint32_t gb = wb + first[id];
        const uint32_t b_lo = starts[gb];
        uint32_t left = b_lo + counts[gb] - lo;
        bool head = b_lo < lo;
        const uint32_t* e = sorted + (size_t)w * n + lo;
        X acc = X::identity();
        for (uint32_t todo = hi - lo; todo > 0; todo--, left--, e++) {
            if (left == 0) {
                // The run of bucket gb ended inside the slot: whole, or the head of a bucket begun earlier.
                acc.store(head ? heads + (size_t)id * X::words : bucket_sums + (size_t)gb * X::words);
                acc = X::identity();
                head = false;
                do left = counts[++gb]; while (left == 0);
            }
            const uint32_t x = *e;
            A p = A::load(points + (size_t)(x & 0x7fffffffu) * A::words);
            acc.add_hot(x >> 31 ? -p : p);
        }
        uint32_t tb = MSM_NO_BUCKET;
        if (head) {
            acc.store(heads + (size_t)id * X::words);  // also a slot wholly inside one bucket
        } else if (left > 0) {
            acc.store(tails + (size_t)id * X::words);
            tb = gb - wb;
        } else {
            acc.store(bucket_sums + (size_t)gb * X::words);
        }
        tail_bucket[id] = tb;
    }
}

// One thread per slot whose last bucket continues past it: that bucket = its tail plus the heads
// of the following slots up to the bucket's end.
template <class X>
__device__ __forceinline__ void msm_accumulate_fixup_impl(const uint32_t* starts, const uint32_t* counts, const uint32_t* heads,
                                                          const uint32_t* tails, const uint32_t* tail_bucket, uint32_t buckets,
                                                          uint32_t windows, uint32_t chunk, uint32_t slots, uint32_t* bucket_sums) {
    const size_t total = (size_t)slots * windows;
    for (size_t id = c2s_global_id64(); id < total; id += (size_t)gridDim.x * blockDim.x) {
        const uint32_t b = tail_bucket[id];
        if (b == MSM_NO_BUCKET) continue;
        const uint32_t w = (uint32_t)(id / slots), j = (uint32_t)(id % slots);
        const size_t bucket = (size_t)w * buckets + b;
        const uint32_t end = starts[bucket] + counts[bucket];
        X acc = X::load(tails + id * X::words);
        for (uint32_t k = j + 1; k < slots && k * chunk < end; k++) acc.add(X::load(heads + (id - j + k) * X::words));
        acc.store(bucket_sums + bucket * X::words);
    }
}

C2S_EXTERN void C2S_HOT_BOUNDS msm_accumulate(const uint32_t* points, const uint32_t* sorted, const uint32_t* starts,
                                              const uint32_t* counts, const uint32_t* first, uint32_t n, uint32_t buckets,
                                              uint32_t windows, uint32_t chunk, uint32_t slots, uint32_t* bucket_sums,
                                              uint32_t* heads, uint32_t* tails, uint32_t* tail_bucket) {
    msm_accumulate_impl<g1_affine_t, g1_xyzz_t>(points, sorted, starts, counts, first, n, buckets, windows, chunk, slots,
                                                bucket_sums, heads, tails, tail_bucket);
}
C2S_EXTERN void g2_msm_accumulate(const uint32_t* points, const uint32_t* sorted, const uint32_t* starts,
                                  const uint32_t* counts, const uint32_t* first, uint32_t n, uint32_t buckets,
                                  uint32_t windows, uint32_t chunk, uint32_t slots, uint32_t* bucket_sums,
                                  uint32_t* heads, uint32_t* tails, uint32_t* tail_bucket) {
    msm_accumulate_impl<g2_affine_t, g2_xyzz_t>(points, sorted, starts, counts, first, n, buckets, windows, chunk, slots,
                                                bucket_sums, heads, tails, tail_bucket);
}
C2S_EXTERN void msm_accumulate_fixup(const uint32_t* starts, const uint32_t* counts, const uint32_t* heads, const uint32_t* tails,
                                     const uint32_t* tail_bucket, uint32_t buckets, uint32_t windows, uint32_t chunk,
                                     uint32_t slots, uint32_t* bucket_sums) {
    msm_accumulate_fixup_impl<g1_xyzz_t>(starts, counts, heads, tails, tail_bucket, buckets, windows, chunk, slots, bucket_sums);
}
C2S_EXTERN void g2_msm_accumulate_fixup(const uint32_t* starts, const uint32_t* counts, const uint32_t* heads, const uint32_t* tails,
                                        const uint32_t* tail_bucket, uint32_t buckets, uint32_t windows, uint32_t chunk,
                                        uint32_t slots, uint32_t* bucket_sums) {
    msm_accumulate_fixup_impl<g2_xyzz_t>(starts, counts, heads, tails, tail_bucket, buckets, windows, chunk, slots, bucket_sums);
}

// One thread per run of seg buckets [lo, lo + seg) of one window: running sums give
// sum_{b in run} (b - lo + 1) B_b and sum B_b; adding lo * sum B_b (double-and-add) makes the run's
// share of sum_b (b + 1) B_b.
template <class X>
__device__ __forceinline__ void msm_reduce_segments_impl(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg,
                                                         uint32_t* partials) {
    const uint32_t runs_per_window = buckets / seg;
    const uint32_t total = runs_per_window * windows;
    for (uint32_t id = c2s_global_id(); id < total; id += gridDim.x * blockDim.x) {
        const uint32_t w = id / runs_per_window, run = id % runs_per_window;
        const uint32_t lo = run * seg;
        const uint32_t* base = bucket_sums + ((size_t)w * buckets + lo) * X::words;
        X running = X::identity(), acc = X::identity();
        for (int b = (int)seg - 1; b >= 0; b--) {
            running.add(X::load(base + (size_t)b * X::words));
            acc.add(running);
        }
        X scaled = X::identity();
        for (int bit = 31; bit >= 0; bit--) {
            scaled = scaled.dbl();
            if ((lo >> bit) & 1) scaled.add(running);
        }
        acc.add(scaled);
        acc.store(partials + (size_t)id * X::words);
    }
}

C2S_EXTERN void msm_reduce_segments(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg, uint32_t* partials) {
    msm_reduce_segments_impl<g1_xyzz_t>(bucket_sums, buckets, windows, seg, partials);
}
C2S_EXTERN void g2_msm_reduce_segments(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg, uint32_t* partials) {
    msm_reduce_segments_impl<g2_xyzz_t>(bucket_sums, buckets, windows, seg, partials);
}

// One thread: result = sum_w 2^(c w) W_w by Horner, written as Jacobian (X, Y, Z).
template <class X>
__device__ __forceinline__ void msm_combine_impl(const uint32_t* window_sums, uint32_t windows, uint32_t c, uint32_t* out_jacobian) {
    if (c2s_global_id() != 0) return;
    X acc = X::identity();
    for (int w = (int)windows - 1; w >= 0; w--) {
        for (uint32_t i = 0; i < c; i++) acc = acc.dbl();
        acc.add(X::load(window_sums + (size_t)w * X::words));
    }
    acc.store_jacobian(out_jacobian);
}

C2S_EXTERN void msm_combine(const uint32_t* window_sums, uint32_t windows, uint32_t c, uint32_t* out_jacobian) {
    msm_combine_impl<g1_xyzz_t>(window_sums, windows, c, out_jacobian);
}
C2S_EXTERN void g2_msm_combine(const uint32_t* window_sums, uint32_t windows, uint32_t c, uint32_t* out_jacobian) {
    msm_combine_impl<g2_xyzz_t>(window_sums, windows, c, out_jacobian);
}
