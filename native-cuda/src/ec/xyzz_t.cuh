// Points of y^2 = x^3 + b over a field F: affine (x, y) with the all-zero pair as the identity
// (the shared array convention; (0, 0) is not on the curve), and XYZZ coordinates
// (x = X / ZZ, y = Y / ZZZ, ZZ^3 = ZZZ^2) with ZZZ = 0 for the identity. XYZZ makes the mixed
// addition 8M + 2S and needs no field inversion; the formulas are those of the Explicit-Formulas
// Database, "xyzz" coordinates for a = 0 (madd-2008-s, add-2008-s, mdbl-2008-s-1, dbl-2008-s-1).
#pragma once

#ifndef C2S_INLINE_MADD
#define C2S_INLINE_MADD 1
#endif

template <class F>
struct affine_t {
    F x, y;
    static constexpr int words = 2 * F::n;
    __device__ __forceinline__ bool is_identity() const { return x.is_zero() && y.is_zero(); }
    __device__ __forceinline__ static affine_t load(const uint32_t* p) { return {F::load(p), F::load(p + F::n)}; }
    __device__ __forceinline__ void store(uint32_t* p) const { x.store(p); y.store(p + F::n); }
    __device__ __forceinline__ affine_t operator-() const {
        if (is_identity()) return *this;
        return {x, -y};
    }
};

template <class F>
struct xyzz_t {
    F X, Y, ZZ, ZZZ;
    static constexpr int words = 4 * F::n;

    __device__ __forceinline__ static xyzz_t identity() { return {F::zero(), F::zero(), F::zero(), F::zero()}; }
    __device__ __forceinline__ bool is_identity() const { return ZZZ.is_zero(); }

    __device__ __forceinline__ static xyzz_t from_affine(const affine_t<F>& a) {
        if (a.is_identity()) return identity();
        return {a.x, a.y, F::one(), F::one()};
    }

    __device__ __forceinline__ static xyzz_t load(const uint32_t* p) {
        return {F::load(p), F::load(p + F::n), F::load(p + 2 * F::n), F::load(p + 3 * F::n)};
    }
    __device__ __forceinline__ void store(uint32_t* p) const {
        X.store(p); Y.store(p + F::n); ZZ.store(p + 2 * F::n); ZZZ.store(p + 3 * F::n);
    }

    __device__ __forceinline__ xyzz_t operator-() const { return {X, -Y, ZZ, ZZZ}; }

    // The point operations are out of line: each is thousands of instructions, called from several
    // kernels, and inlining every call site multiplied ptxas time for no measurable gain.
    // dbl-2008-s-1 with a = 0.
    __device__ __noinline__ xyzz_t dbl() const {
        if (is_identity()) return *this;
        F U = Y.dbl();
        F V = U.sqr();
        F W = U * V;
        F S = X * V;
        F M = X.sqr();
        M = M + M.dbl();
        F X3 = M.sqr() - S.dbl();
        F Y3 = M * (S - X3) - W * Y;
        return {X3, Y3, V * ZZ, W * ZZZ};
    }

    // mdbl-2008-s-1: doubling an affine point (ZZ = ZZZ = 1).
    __device__ __noinline__ static xyzz_t dbl_affine(const affine_t<F>& a) {
        F U = a.y.dbl();
        F V = U.sqr();
        F W = U * V;
        F S = a.x * V;
        F M = a.x.sqr();
        M = M + M.dbl();
        F X3 = M.sqr() - S.dbl();
        F Y3 = M * (S - X3) - W * a.y;
        return {X3, Y3, V, W};
    }

    // madd-2008-s, with the identity on either side, doubling (same point) and cancelling (P + -P).
    // add_inline is the body, for loops whose whole work is mixed additions (add_hot below); the
    // rare doubling stays out of line there. add(const xyzz_t&) below runs the same steps with the
    // other point's ZZ and ZZZ; the two stay apart because an affine point (ZZ = ZZZ = 1) saves four
    // of the twelve multiplications in the MSM's and the batch addition's loops.
    __device__ __noinline__ void add(const affine_t<F>& a) { add_inline(a); }

    __device__ __forceinline__ void add_inline(const affine_t<F>& a) {
        if (a.is_identity()) return;
        if (is_identity()) { *this = from_affine(a); return; }
        F P = a.x * ZZ - X;
        F R = a.y * ZZZ - Y;
        if (P.is_zero()) {
            if (R.is_zero()) *this = dbl_affine(a);
            else *this = identity();
            return;
        }
        F PP = P.sqr();
        F PPP = P * PP;
        F Q = X * PP;
        F X3 = R.sqr() - PPP - Q.dbl();
        Y = F::mul_sub(R, Q - X3, Y, PPP);
        X = X3;
        ZZ = ZZ * PP;
        ZZZ = ZZZ * PPP;
    }

    // The mixed addition of the hot loops (bitmap batch addition, bucket accumulation), inlined so
    // that the accumulator stays in registers instead of a call frame on the stack
    // (C2S_INLINE_MADD=0 builds the out-of-line call, for comparison with native-cuda/probe;
    // util/check.cuh says why G1 keeps the inlined form). G2, whose Fp2 products are out of line,
    // is faster inlined as well.
    __device__ __forceinline__ void add_hot(const affine_t<F>& a) {
        if constexpr (C2S_INLINE_MADD) add_inline(a);
        else add(a);
    }

    // add-2008-s: the steps of add_inline with b's ZZ and ZZZ (kept apart from it: see there).
    __device__ __noinline__ void add(const xyzz_t& b) {
        if (b.is_identity()) return;
        if (is_identity()) { *this = b; return; }
        F U1 = X * b.ZZ;
        F S1 = Y * b.ZZZ;
        F P = b.X * ZZ - U1;
        F R = b.Y * ZZZ - S1;
        if (P.is_zero()) {
            if (R.is_zero()) *this = dbl();
            else *this = identity();
            return;
        }
        F PP = P.sqr();
        F PPP = P * PP;
        F Q = U1 * PP;
        F X3 = R.sqr() - PPP - Q.dbl();
        Y = R * (Q - X3) - S1 * PPP;
        X = X3;
        ZZ = ZZ * b.ZZ * PP;
        ZZZ = ZZZ * b.ZZZ * PPP;
    }

    // Jacobian (X', Y', Z') with x = X'/Z'^2, y = Y'/Z'^3: Z' = ZZZ, X' = X ZZ^2, Y' = Y ZZZ^2
    // (using ZZ^3 = ZZZ^2). The identity is written as (1, 1, 0).
    __device__ __forceinline__ void store_jacobian(uint32_t* p) const {
        if (is_identity()) {
            F::one().store(p); F::one().store(p + F::n); F::zero().store(p + 2 * F::n);
            return;
        }
        (X * ZZ.sqr()).store(p);
        (Y * ZZZ.sqr()).store(p + F::n);
        ZZZ.store(p + 2 * F::n);
    }
};
