// G1 fixed-base multiplication: out[i] = k_i G for one base G and many scalars k_i (Montgomery
// form, as prover-core stores them), affine, with the all-zero pair for a zero scalar.
//
// With a table T[w][d - 1] = d 2^(c w) G (affine) for d in 1..2^(c-1) and w < windows =
// ceil(256 / c), k G is the sum over w of the signed c-bit digits of k (msm_for_each_digit, the
// MSM's digits) times the table rows: at most `windows` mixed additions per scalar, no doubling.
// The table takes windows 2^(c-1) 96 bytes (c = 16: 50.3 MB). The host (gpu-executor
// G1FixedBaseTable) launches, per chunk of scalars:
//   g1_fixed_base_mul_table   one thread per scalar: the XYZZ sum, X and Y into out, ZZ and ZZZ
//                             into a scratch buffer
//   g1_xyzz_to_affine_batch   one thread per run of `batch` points: affine in place, one field
//                             inversion per run (Montgomery's trick)
// The table itself is made by the same two kernels, its entries being the scalars d 2^(c w), from
// a seed table with c = 8 (4096 points), which g1_fixed_base_mul_naive makes by double-and-add.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "pippenger.cuh"

// The reference: 255-bit double-and-add and one inversion per point, out[i] affine. Used for the
// seed table and by the tests.
C2S_EXTERN void g1_fixed_base_mul_naive(const uint32_t* base, const uint32_t* scalars, uint32_t n, uint32_t* out) {
    const g1_affine_t g = g1_affine_t::load(base);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        g1_xyzz_t acc = g1_xyzz_t::identity();
        for (int bit = 254; bit >= 0; bit--) {
            acc = acc.dbl();
            if ((k.v[bit >> 5] >> (bit & 31)) & 1) acc.add(g);
        }
        g1_to_affine(acc).store(out + (size_t)i * 24);
    }
}

// xy[i] = (X, Y), zz[i] = (ZZ, ZZZ) of k_i G in XYZZ, 24 words each. Here the mixed addition is
// the out-of-line one, under the launch bounds: on the H200 (2026-12-02), 2^24 scalars with
// c = 16 took 228 ms so, against 254 ms inlined under the bounds, 250 ms inlined without them and
// 260 ms out of line without them (122 registers and a 320-byte stack in that build): the
// reverse of the batch addition and the bucket accumulation, unexplained without counters.
C2S_EXTERN void C2S_HOT_BOUNDS g1_fixed_base_mul_table(const uint32_t* table, uint32_t c, uint32_t windows,
                                                       const uint32_t* scalars, uint32_t n, uint32_t* xy, uint32_t* zz) {
    const size_t row = (size_t)1 << (c - 1);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        g1_xyzz_t acc = g1_xyzz_t::identity();
        msm_for_each_digit(k, c, windows, [&](uint32_t w, int32_t digit) {
            if (digit != 0) {
                const g1_affine_t p = g1_affine_t::load(table + (w * row + (uint32_t)abs(digit) - 1) * 24);
                acc.add(digit < 0 ? -p : p);
            }
        });
        acc.X.store(xy + (size_t)i * 24);
        acc.Y.store(xy + (size_t)i * 24 + 12);
        acc.ZZ.store(zz + (size_t)i * 24);
        acc.ZZZ.store(zz + (size_t)i * 24 + 12);
    }
}

// The points left by g1_fixed_base_mul_table, to affine in xy: x = X / ZZ = X ZZ^2 / ZZZ^2 (as
// ZZ^3 = ZZZ^2) and y = Y / ZZZ, so only the ZZZ are inverted, one inversion per run of `batch`
// points. The forward pass replaces X by X ZZ^2 and ZZ by the product of the run's earlier ZZZ;
// the backward pass peels the inverses off the run's inverted product. Identities (ZZZ = 0) are
// left out of the product and written as (0, 0).
C2S_EXTERN void g1_xyzz_to_affine_batch(uint32_t* xy, uint32_t* zz, uint32_t n, uint32_t batch) {
    const uint32_t runs = (n + batch - 1) / batch;
    for (uint32_t r = c2s_global_id(); r < runs; r += gridDim.x * blockDim.x) {
        const uint32_t lo = r * batch, hi = min(n, lo + batch);
        fp_t prod = fp_t::one();
        for (uint32_t i = lo; i < hi; i++) {
            uint32_t* pxy = xy + (size_t)i * 24;
            uint32_t* pzz = zz + (size_t)i * 24;
            const fp_t zzz = fp_t::load(pzz + 12);
            if (zzz.is_zero()) continue;
            (fp_t::load(pxy) * fp_t::load(pzz).sqr()).store(pxy);
            prod.store(pzz);
            prod *= zzz;
        }
        fp_t inv = prod.pow(FP_PM2);
        for (uint32_t i = hi; i-- > lo;) {
            uint32_t* pxy = xy + (size_t)i * 24;
            uint32_t* pzz = zz + (size_t)i * 24;
            const fp_t zzz = fp_t::load(pzz + 12);
            if (zzz.is_zero()) {
                fp_t::zero().store(pxy);
                fp_t::zero().store(pxy + 12);
                continue;
            }
            const fp_t izzz = inv * fp_t::load(pzz);
            inv *= zzz;
            (fp_t::load(pxy) * izzz.sqr()).store(pxy);
            (fp_t::load(pxy + 12) * izzz).store(pxy + 12);
        }
    }
}
