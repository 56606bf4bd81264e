// Multi-scalar multiplication in G1 and G2, Pippenger's bucket method with signed windows, every
// step on the GPU. The host (gpu-executor Msm) launches, in order:
//   msm_histogram   digits of every scalar; count per (set, bucket)             atomics; digits kept
//                   (one launch per part of the scalars' upload)
// (with the scalars uploaded in batches, the steps up to the accumulation run once per batch)
//   msm_scan_*      exclusive prefix sums of the counts per set, by tiles        -> starts, cursors
//   msm_scatter     point indices (sign in bit 31) grouped by bucket, one launch per window and
//                   bucket range                                                 atomics on cursors
//   msm_slot_buckets     first bucket of every slot of chunk sorted entries; empty buckets zeroed
//   msm_accumulate       one thread per slot sums its runs of points per bucket (mixed additions)
//   msm_accumulate_fixup buckets crossing slot boundaries: a slot's tail plus the next slots' heads
//   msm_merge_buckets    with the scalars in batches: each later batch's buckets into the first's
//   msm_reduce_segments  per run of seg buckets: its weighted sum and its total, one thread per run
//   msm_reduce_level     groups of runs' sums down to one weighted sum per window, repeated
//   msm_combine          the window (set) sums by Horner in one thread, the result as Jacobian
// The GPU prover skips msm_combine: it copies the window (set) sums and combines them on the host
// (gpu-executor WindowCombination), outside its compute lock, where the one thread's chain of
// doublings would hold the device for each of a proof's small MSMs.
// The scalar steps (histogram, scan, scatter) know no points and serve both groups; the point
// steps are templates over the affine and XYZZ types, exported once per group (G2 names start
// with g2_).
// Scalars arrive as Fr elements in Montgomery form (prover-core's layout); the histogram converts
// them to canonical form and keeps every digit for the scatter.
//
// Signed digits: window w of c bits plus the carry from below; a value above 2^(c-1) becomes
// value - 2^c with a carry of one. With windows = ceil(256 / c) the top window never carries out
// (a 255-bit scalar leaves it at most c - 1 bits), so magnitudes are 1..2^(c-1) and bucket
// b = magnitude - 1 of 2^(c-1) buckets per window.
//
// Shifted bases (gpu-executor G1ShiftedBases): with `copies` = k copies of the points, copy j
// holding 2^(j c) P_i at index j n + i, window w's digit d of scalar i is d times point
// (w mod k) n + i in weight 2^(floor(w / k) k c). So the windows w with one floor(w / k) share
// one bucket set: sets = ceil(windows / k) sets of 2^(c-1) buckets, each set's region of the
// sorted array k n entries long, and the host combines the set sums with shift k c. From the
// scan on, every kernel sees sets where it says windows (and a set's region where it says n);
// only the histogram (the set of a window) and the scatter (the copy's offset) know of copies.
// k = 1 is the plain method: a set is a window.
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

// A kept digit: bucket | sign << 31, or MSM_NO_DIGIT for a zero digit. Its bucket bits
// (0x7fffffff) lie above every bucket (MsmPlan.MAX_WINDOW_BITS), so a bucket range skips it.
#define MSM_NO_DIGIT 0xffffffffu

// digits[w * n + i] = the kept digit of window w of scalar i (window-major, so the stores coalesce);
// counts per bucket of set w / copies. One launch covers the scalars [lo, hi) of the n: the host
// launches each part of a chunked upload as soon as it has arrived (gpu-executor Msm), and the
// counts, being sums, do not depend on the parts.
C2S_EXTERN void msm_histogram(const uint32_t* scalars, uint32_t n, uint32_t lo, uint32_t hi, uint32_t c, uint32_t windows,
                              uint32_t copies, uint32_t* counts, uint32_t* digits) {
    const uint32_t buckets = 1u << (c - 1);
    for (uint32_t i = lo + c2s_global_id(); i < hi; i += gridDim.x * blockDim.x) {
        fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        msm_for_each_digit(k, c, windows, [&](uint32_t w, int32_t digit) {
            uint32_t kept = MSM_NO_DIGIT;
            if (digit != 0) {
                const uint32_t b = (uint32_t)abs(digit) - 1;
                atomicAdd(&counts[(size_t)(w / copies) * buckets + b], 1u);
                kept = b | (digit < 0 ? 0x80000000u : 0u);
            }
            digits[(size_t)w * n + i] = kept;
        });
    }
}

// Exclusive prefix sums of the counts per window (here: per set), starts and cursors indexed like
// counts, relative to the window's region of n entries (a set's: copies n) in the sorted array. Three kernels over tiles of
// MSM_SCAN_TILE counts, so that every SM takes part (one block per window would leave most SMs
// idle: 13 windows at c = 20, each of 2^19 counts).
//   msm_scan_tiles         one block per (window, tile): the tile's total
//   msm_scan_tile_offsets  one block per window: exclusive sums of its tiles' totals, in place
//   msm_scan_apply         one block per (window, tile): the tile's own sums from its offset
#define MSM_SCAN_BLOCK 256
#define MSM_SCAN_PER_THREAD 8
#define MSM_SCAN_TILE (MSM_SCAN_BLOCK * MSM_SCAN_PER_THREAD)

// Exclusive prefix of v over the block's threads (MSM_SCAN_BLOCK of them); the block's total in
// total. A caller that scans again must __syncthreads() first (the warp totals are reused).
__device__ __forceinline__ uint32_t msm_block_exclusive_scan(uint32_t v, uint32_t& total) {
    __shared__ uint32_t warp_totals[MSM_SCAN_BLOCK / 32];
    const uint32_t lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const uint32_t x = c2s_warp_inclusive_sum(v);
    if (lane == 31) warp_totals[warp] = x;
    __syncthreads();
    if (warp == 0) {
        uint32_t t = lane < MSM_SCAN_BLOCK / 32 ? warp_totals[lane] : 0;
        for (uint32_t off = 1; off < MSM_SCAN_BLOCK / 32; off <<= 1) {
            const uint32_t y = __shfl_up_sync(0xffffffffu, t, off);
            if (lane >= off) t += y;
        }
        if (lane < MSM_SCAN_BLOCK / 32) warp_totals[lane] = t;
    }
    __syncthreads();
    total = warp_totals[MSM_SCAN_BLOCK / 32 - 1];
    return (warp > 0 ? warp_totals[warp - 1] : 0) + x - v;
}

// Thread t of a tile covers its counts [t * MSM_SCAN_PER_THREAD, +MSM_SCAN_PER_THREAD).
C2S_EXTERN void __launch_bounds__(MSM_SCAN_BLOCK)
msm_scan_tiles(const uint32_t* counts, uint32_t buckets, uint32_t tiles, uint32_t* tile_totals) {
    const uint32_t w = blockIdx.x / tiles, tile = blockIdx.x % tiles;
    const uint32_t* window = counts + (size_t)w * buckets;
    const uint32_t b0 = tile * MSM_SCAN_TILE + threadIdx.x * MSM_SCAN_PER_THREAD;
    uint32_t sum = 0;
    for (uint32_t k = 0; k < MSM_SCAN_PER_THREAD; k++) {
        if (b0 + k < buckets) sum += window[b0 + k];
    }
    uint32_t total;
    msm_block_exclusive_scan(sum, total);
    if (threadIdx.x == 0) tile_totals[blockIdx.x] = total;
}

C2S_EXTERN void __launch_bounds__(MSM_SCAN_BLOCK) msm_scan_tile_offsets(uint32_t* tile_totals, uint32_t tiles) {
    uint32_t* window = tile_totals + (size_t)blockIdx.x * tiles;
    uint32_t carry = 0;
    for (uint32_t lo = 0; lo < tiles; lo += MSM_SCAN_BLOCK) {
        const uint32_t i = lo + threadIdx.x;
        const uint32_t v = i < tiles ? window[i] : 0;
        uint32_t total;
        const uint32_t before = msm_block_exclusive_scan(v, total);
        if (i < tiles) window[i] = carry + before;
        carry += total;
        __syncthreads();
    }
}

C2S_EXTERN void __launch_bounds__(MSM_SCAN_BLOCK)
msm_scan_apply(const uint32_t* counts, uint32_t buckets, uint32_t tiles, const uint32_t* tile_offsets, uint32_t* starts,
               uint32_t* cursors) {
    const uint32_t w = blockIdx.x / tiles, tile = blockIdx.x % tiles;
    const size_t base = (size_t)w * buckets;
    const uint32_t b0 = tile * MSM_SCAN_TILE + threadIdx.x * MSM_SCAN_PER_THREAD;
    uint32_t own[MSM_SCAN_PER_THREAD];
    uint32_t sum = 0;
    for (uint32_t k = 0; k < MSM_SCAN_PER_THREAD; k++) {
        own[k] = b0 + k < buckets ? counts[base + b0 + k] : 0;
        sum += own[k];
    }
    uint32_t total;
    uint32_t run = tile_offsets[blockIdx.x] + msm_block_exclusive_scan(sum, total);
    for (uint32_t k = 0; k < MSM_SCAN_PER_THREAD; k++) {
        if (b0 + k < buckets) {
            starts[base + b0 + k] = run;
            cursors[base + b0 + k] = run;
        }
        run += own[k];
    }
}

// One window's entries whose bucket lies in [lo, hi): sorted[cursor++] = (base + i) | sign, the
// cursors and sorted region of the window's set passed in, base the offset of the window's copy
// of the points ((w mod copies) n; 0 without shifted bases). A random 4-byte store per entry: were
// every window scattered at once (one thread per scalar), each bucket's next store would land in a
// line L2 had evicted since its last, and the scatter would cost several times the histogram's
// same atomics. One window and a bucket range at a time keeps the lines being filled (one per
// bucket of the range) within L2, so they reach memory whole (MsmPlan.scatterPasses). Each thread
// takes MSM_SCATTER_UNROLL entries at once (loads, then atomics, then stores); 1, 4 and 8 run
// equally fast on the H200, so L2 and memory, not each thread's chain of waits, set the time.
#define MSM_SCATTER_UNROLL 4
C2S_EXTERN void msm_scatter(const uint32_t* digits, uint32_t n, uint32_t base, uint32_t lo, uint32_t hi, uint32_t* cursors,
                            uint32_t* sorted) {
    const uint32_t stride = gridDim.x * blockDim.x;
    for (uint32_t i = c2s_global_id(); i < n; i += MSM_SCATTER_UNROLL * stride) {
        uint32_t d[MSM_SCATTER_UNROLL], at[MSM_SCATTER_UNROLL];
#pragma unroll
        for (uint32_t k = 0; k < MSM_SCATTER_UNROLL; k++) {
            const uint32_t j = i + k * stride;
            d[k] = j < n ? digits[j] : MSM_NO_DIGIT;
        }
#pragma unroll
        for (uint32_t k = 0; k < MSM_SCATTER_UNROLL; k++) {
            const uint32_t b = d[k] & 0x7fffffffu;
            if (b >= lo && b < hi) at[k] = atomicAdd(&cursors[b], 1u);
        }
#pragma unroll
        for (uint32_t k = 0; k < MSM_SCATTER_UNROLL; k++) {
            const uint32_t b = d[k] & 0x7fffffffu;
            if (b >= lo && b < hi) sorted[at[k]] = (base + i + k * stride) | (d[k] & 0x80000000u);
        }
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
// With one thread per bucket instead, c = 16 would run about as fast, but a window that leaves the
// top window few bits (c = 20: 13 windows instead of 16, about a fifth fewer additions) would put
// n / 2^k points on one thread.

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

// sums[i] += more[i] for the count buckets of every set (full XYZZ additions): a batch's bucket
// sums into the run's, when the scalars arrive in batches and each batch is sorted and
// accumulated while the next is copied (gpu-executor Msm, MsmPlan.firstBatchParts).
template <class X>
__device__ __forceinline__ void msm_merge_buckets_impl(uint32_t* sums, const uint32_t* more, size_t count) {
    for (size_t id = c2s_global_id64(); id < count; id += (size_t)gridDim.x * blockDim.x) {
        X acc = X::load(sums + id * X::words);
        acc.add(X::load(more + id * X::words));
        acc.store(sums + id * X::words);
    }
}

C2S_EXTERN void msm_merge_buckets(uint32_t* sums, const uint32_t* more, size_t count) {
    msm_merge_buckets_impl<g1_xyzz_t>(sums, more, count);
}
C2S_EXTERN void g2_msm_merge_buckets(uint32_t* sums, const uint32_t* more, size_t count) {
    msm_merge_buckets_impl<g2_xyzz_t>(sums, more, count);
}

// The window sum sum_b (b + 1) B_b without scaling any partial sum by its offset. Every stage
// keeps, per window, items i with a sum A_i and a total T_i such that
//     window sum = sum_i A_i + sum_i i T_i,
// and each stage cuts the item count by a factor (a power of two) until one item, whose A is the
// window sum, remains. Stage one: item r is the run of seg buckets [r seg, r seg + seg), with
// A_r = sum_j (j + 1) B_{r seg + j} and T_r = seg sum_j B_{r seg + j} (bucket r seg + j weighs
// (j + 1) + r seg). Later stages: item G is a group of g items, with A_G = sum_j A_{G g + j}
// + sum_j j T_{G g + j} and T_G = g sum_j T_{G g + j} (item G g + j weighs j + G g); g = 2 makes
// A_G = A_0 + A_1 + T_1 and T_G = 2 (T_0 + T_1). Each sum of weights is running sums from the top; the factors are doublings of one total, so no thread
// does a double-and-add by its run's offset (about 32 doublings per run beside its 2 seg
// additions, which a one-stage reduction would pay).
// Layout: sums A of the windows' items (window-major) then their totals T, in one buffer.

// One thread per run of seg buckets of one window: A and T as above, to partials[id] and
// partials[runs + id].
template <class X>
__device__ __forceinline__ void msm_reduce_segments_impl(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg,
                                                         uint32_t* partials) {
    const uint32_t runs = buckets / seg * windows;
    for (uint32_t id = c2s_global_id(); id < runs; id += gridDim.x * blockDim.x) {
        const uint32_t* base = bucket_sums + (size_t)id * seg * X::words;
        X running = X::identity(), acc = X::identity();
        for (int b = (int)seg - 1; b >= 0; b--) {
            running.add(X::load(base + (size_t)b * X::words));
            acc.add(running);
        }
        for (uint32_t f = seg; f > 1; f >>= 1) running = running.dbl();
        acc.store(partials + (size_t)id * X::words);
        running.store(partials + ((size_t)runs + id) * X::words);
    }
}

// Two threads per group of g of the items (items per window, g dividing it) in in: one the
// group's A, one its T, as above, to out (items / g per window). The two chains are independent;
// split, each stage's serial chain is two operations for g = 2 instead of four.
template <class X>
__device__ __forceinline__ void msm_reduce_level_impl(const uint32_t* in, uint32_t items, uint32_t windows, uint32_t g,
                                                      uint32_t* out) {
    const uint32_t count = items * windows, groups = count / g;
    for (uint32_t id = c2s_global_id(); id < 2 * groups; id += gridDim.x * blockDim.x) {
        const uint32_t group = id % groups;
        const uint32_t* a = in + (size_t)group * g * X::words;
        const uint32_t* t = in + ((size_t)count + (size_t)group * g) * X::words;
        if (id < groups) {
            X sum = X::identity(), running = X::identity();
            for (uint32_t j = g - 1; j > 0; j--) {
                running.add(X::load(t + (size_t)j * X::words));
                sum.add(running);
                sum.add(X::load(a + (size_t)j * X::words));
            }
            sum.add(X::load(a));
            sum.store(out + (size_t)group * X::words);
        } else {
            X total = X::identity();
            for (uint32_t j = 0; j < g; j++) total.add(X::load(t + (size_t)j * X::words));
            for (uint32_t f = g; f > 1; f >>= 1) total = total.dbl();
            total.store(out + ((size_t)groups + group) * X::words);
        }
    }
}

C2S_EXTERN void msm_reduce_segments(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg, uint32_t* partials) {
    msm_reduce_segments_impl<g1_xyzz_t>(bucket_sums, buckets, windows, seg, partials);
}
C2S_EXTERN void g2_msm_reduce_segments(const uint32_t* bucket_sums, uint32_t buckets, uint32_t windows, uint32_t seg, uint32_t* partials) {
    msm_reduce_segments_impl<g2_xyzz_t>(bucket_sums, buckets, windows, seg, partials);
}
C2S_EXTERN void msm_reduce_level(const uint32_t* in, uint32_t items, uint32_t windows, uint32_t g, uint32_t* out) {
    msm_reduce_level_impl<g1_xyzz_t>(in, items, windows, g, out);
}
C2S_EXTERN void g2_msm_reduce_level(const uint32_t* in, uint32_t items, uint32_t windows, uint32_t g, uint32_t* out) {
    msm_reduce_level_impl<g2_xyzz_t>(in, items, windows, g, out);
}

// One thread: sum over the sets i of 2^(shift i) S_i (Horner from the top set), stored as Jacobian.
// Its chain is (sets - 1) shift doublings: about 240 for a plain MSM (milliseconds of one thread),
// none with one bucket set (shifted bases with a copy per window).
template <class X>
__device__ __forceinline__ void msm_combine_impl(const uint32_t* set_sums, uint32_t sets, uint32_t shift, uint32_t* out_jacobian) {
    if (c2s_global_id() != 0) return;
    X acc = X::load(set_sums + (size_t)(sets - 1) * X::words);
    for (int i = (int)sets - 2; i >= 0; i--) {
        for (uint32_t k = 0; k < shift; k++) acc = acc.dbl();
        acc.add(X::load(set_sums + (size_t)i * X::words));
    }
    acc.store_jacobian(out_jacobian);
}

C2S_EXTERN void msm_combine(const uint32_t* set_sums, uint32_t sets, uint32_t shift, uint32_t* out_jacobian) {
    msm_combine_impl<g1_xyzz_t>(set_sums, sets, shift, out_jacobian);
}
C2S_EXTERN void g2_msm_combine(const uint32_t* set_sums, uint32_t sets, uint32_t shift, uint32_t* out_jacobian) {
    msm_combine_impl<g2_xyzz_t>(set_sums, sets, shift, out_jacobian);
}
