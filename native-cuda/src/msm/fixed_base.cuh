// Fixed-base multiplication in G1 and G2: out[i] = k_i G for one base G and many scalars k_i
// (Montgomery form, as prover-core stores them), affine, with the all-zero pair for a zero scalar.
//
// With a table T[w][d - 1] = d 2^(c w) G (affine) for d in 1..2^(c-1) and w < windows =
// ceil(256 / c), k G is the sum over w of the signed c-bit digits of k (msm_for_each_digit, the
// MSM's digits) times the table rows: at most `windows` mixed additions per scalar, no doubling.
// The table takes windows 2^(c-1) affine points (c = 16: 50.3 MB in G1, 100.7 MB in G2). The
// host (gpu-executor FixedBaseTable) launches, per chunk of scalars:
//   *_fixed_base_mul_table   one thread per scalar: the XYZZ sum, X and Y into out, ZZ and ZZZ
//                            into a scratch buffer
//   *_xyzz_to_affine_batch   one thread per run of `batch` points: affine in place, one field
//                            inversion per run (Montgomery's trick)
// The table itself is made by the same two kernels, its entries being the scalars d 2^(c w), from
// a seed table with c = 8 (4096 points), which *_fixed_base_mul_naive makes by double-and-add.
// The kernels are templates over the field F of the group (fp_t or fp2_t), exported once per group.
#pragma once
#include "../util/check.cuh"
#include "../ec/g1.cuh"
#include "../ec/g2.cuh"
#include "pippenger.cuh"

// Affine form of an XYZZ point by one inversion: 1/ZZZ, and 1/ZZ = ZZ^2 / ZZZ^2 (ZZ^3 = ZZZ^2).
template <class F>
__device__ __forceinline__ affine_t<F> fixed_base_to_affine(const xyzz_t<F>& p) {
    if (p.is_identity()) return {F::zero(), F::zero()};
    const F izzz = inverse(p.ZZZ);
    const F izz = p.ZZ.sqr() * izzz.sqr();
    return {p.X * izz, p.Y * izzz};
}

// The reference: 255-bit double-and-add and one inversion per point, out[i] affine. Used for the
// seed table and by the tests.
template <class F>
__device__ __forceinline__ void fixed_base_mul_naive_impl(const uint32_t* base, const uint32_t* scalars, uint32_t n, uint32_t* out) {
    typedef affine_t<F> A;
    typedef xyzz_t<F> X;
    const A g = A::load(base);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        X acc = X::identity();
        for (int bit = 254; bit >= 0; bit--) {
            acc = acc.dbl();
            if ((k.v[bit >> 5] >> (bit & 31)) & 1) acc.add(g);
        }
        fixed_base_to_affine(acc).store(out + (size_t)i * A::words);
    }
}

C2S_EXTERN void g1_fixed_base_mul_naive(const uint32_t* base, const uint32_t* scalars, uint32_t n, uint32_t* out) {
    fixed_base_mul_naive_impl<fp_t>(base, scalars, n, out);
}
C2S_EXTERN void g2_fixed_base_mul_naive(const uint32_t* base, const uint32_t* scalars, uint32_t n, uint32_t* out) {
    fixed_base_mul_naive_impl<fp2_t>(base, scalars, n, out);
}

// xy[i] = (X, Y), zz[i] = (ZZ, ZZZ) of k_i G in XYZZ, two field elements each. Here the mixed
// addition is the out-of-line one, in G1 under the launch bounds: on the H200 that build is faster
// than the inlined one with or without the bounds and than out of line without them, the reverse
// of the batch addition and the bucket accumulation, unexplained without counters. G2's Fp2
// products are out of line anyway (ff/fp2_t.cuh), and it takes no bounds, as its other kernels.
template <class F>
__device__ __forceinline__ void fixed_base_mul_table_impl(const uint32_t* table, uint32_t c, uint32_t windows,
                                                          const uint32_t* scalars, uint32_t n, uint32_t* xy, uint32_t* zz) {
    typedef affine_t<F> A;
    typedef xyzz_t<F> X;
    const size_t row = (size_t)1 << (c - 1);
    for (uint32_t i = c2s_global_id(); i < n; i += gridDim.x * blockDim.x) {
        const fr_t k = fr_t::load(scalars + (size_t)i * 8).from_montgomery();
        X acc = X::identity();
        msm_for_each_digit(k, c, windows, [&](uint32_t w, int32_t digit) {
            if (digit != 0) {
                const A p = A::load(table + (w * row + (uint32_t)abs(digit) - 1) * A::words);
                acc.add(digit < 0 ? -p : p);
            }
        });
        acc.X.store(xy + (size_t)i * A::words);
        acc.Y.store(xy + (size_t)i * A::words + F::n);
        acc.ZZ.store(zz + (size_t)i * A::words);
        acc.ZZZ.store(zz + (size_t)i * A::words + F::n);
    }
}

C2S_EXTERN void C2S_HOT_BOUNDS g1_fixed_base_mul_table(const uint32_t* table, uint32_t c, uint32_t windows,
                                                       const uint32_t* scalars, uint32_t n, uint32_t* xy, uint32_t* zz) {
    fixed_base_mul_table_impl<fp_t>(table, c, windows, scalars, n, xy, zz);
}
C2S_EXTERN void g2_fixed_base_mul_table(const uint32_t* table, uint32_t c, uint32_t windows,
                                        const uint32_t* scalars, uint32_t n, uint32_t* xy, uint32_t* zz) {
    fixed_base_mul_table_impl<fp2_t>(table, c, windows, scalars, n, xy, zz);
}

// The points left by *_fixed_base_mul_table, to affine in xy: x = X / ZZ = X ZZ^2 / ZZZ^2 (as
// ZZ^3 = ZZZ^2) and y = Y / ZZZ, so only the ZZZ are inverted, one inversion per run of `batch`
// points. The forward pass replaces X by X ZZ^2 and ZZ by the product of the run's earlier ZZZ;
// the backward pass peels the inverses off the run's inverted product. Identities (ZZZ = 0) are
// left out of the product and written as (0, 0).
template <class F>
__device__ __forceinline__ void xyzz_to_affine_batch_impl(uint32_t* xy, uint32_t* zz, uint32_t n, uint32_t batch) {
    constexpr int W = 2 * F::n;
    const uint32_t runs = (n + batch - 1) / batch;
    for (uint32_t r = c2s_global_id(); r < runs; r += gridDim.x * blockDim.x) {
        const uint32_t lo = r * batch, hi = min(n, lo + batch);
        F prod = F::one();
        for (uint32_t i = lo; i < hi; i++) {
            uint32_t* pxy = xy + (size_t)i * W;
            uint32_t* pzz = zz + (size_t)i * W;
            const F zzz = F::load(pzz + F::n);
            if (zzz.is_zero()) continue;
            (F::load(pxy) * F::load(pzz).sqr()).store(pxy);
            prod.store(pzz);
            prod *= zzz;
        }
        F inv = inverse(prod);
        for (uint32_t i = hi; i-- > lo;) {
            uint32_t* pxy = xy + (size_t)i * W;
            uint32_t* pzz = zz + (size_t)i * W;
            const F zzz = F::load(pzz + F::n);
            if (zzz.is_zero()) {
                F::zero().store(pxy);
                F::zero().store(pxy + F::n);
                continue;
            }
            const F izzz = inv * F::load(pzz);
            inv *= zzz;
            (F::load(pxy) * izzz.sqr()).store(pxy);
            (F::load(pxy + F::n) * izzz).store(pxy + F::n);
        }
    }
}

C2S_EXTERN void g1_xyzz_to_affine_batch(uint32_t* xy, uint32_t* zz, uint32_t n, uint32_t batch) {
    xyzz_to_affine_batch_impl<fp_t>(xy, zz, n, batch);
}
C2S_EXTERN void g2_xyzz_to_affine_batch(uint32_t* xy, uint32_t* zz, uint32_t n, uint32_t batch) {
    xyzz_to_affine_batch_impl<fp2_t>(xy, zz, n, batch);
}
