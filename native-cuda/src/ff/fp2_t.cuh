// Fp2 = Fp[u] / (u^2 + 1), stored c0 then c1 as in prover-core's Fp2 (12 longs). It has the shape
// of mont_t (n, zero, one, load, store, the operators), so the point templates of ec/ take it as
// their field unchanged: G2 is xyzz_t<fp2_t>.
#pragma once
#include "bls12_381.cuh"

struct fp2_t {
    static constexpr int n = 2 * fp_t::n;
    fp_t c0, c1;

    __device__ __forceinline__ static fp2_t zero() { return {fp_t::zero(), fp_t::zero()}; }
    __device__ __forceinline__ static fp2_t one() { return {fp_t::one(), fp_t::zero()}; }
    __device__ __forceinline__ bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
    __device__ __forceinline__ bool operator==(const fp2_t& b) const { return c0 == b.c0 && c1 == b.c1; }
    __device__ __forceinline__ bool operator!=(const fp2_t& b) const { return !(*this == b); }

    __device__ __forceinline__ static fp2_t load(const uint32_t* p) { return {fp_t::load(p), fp_t::load(p + fp_t::n)}; }
    __device__ __forceinline__ void store(uint32_t* p) const { c0.store(p); c1.store(p + fp_t::n); }

    __device__ __forceinline__ friend fp2_t operator+(const fp2_t& a, const fp2_t& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
    __device__ __forceinline__ friend fp2_t operator-(const fp2_t& a, const fp2_t& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
    __device__ __forceinline__ fp2_t operator-() const { return {-c0, -c1}; }
    __device__ __forceinline__ fp2_t dbl() const { return {c0.dbl(), c1.dbl()}; }

    // The product and the square run out of line, taking their operands by value. Inlined, every
    // G2 point formula would hold the Fp multiplication ~30 times over: the mixed addition's loop
    // would be about 530 KB of SASS (about 90 KB out of line, the mixed addition inlined), far
    // beyond the instruction cache. Out of line, G2's additions are slower than G1's by about what
    // their multiplication counts say, 2.8x (native-cuda/probe measures both).
    __device__ __forceinline__ friend fp2_t operator*(const fp2_t& a, const fp2_t& b) { return mul(a, b); }
    __device__ __forceinline__ fp2_t sqr() const { return square(*this); }

private:
    // Karatsuba: three Fp products.
    static __device__ __noinline__ fp2_t mul(const fp2_t a, const fp2_t b) {
        fp_t v0 = a.c0 * b.c0;
        fp_t v1 = a.c1 * b.c1;
        fp_t s = (a.c0 + a.c1) * (b.c0 + b.c1);
        return {v0 - v1, s - v0 - v1};
    }

    // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: two Fp products.
    static __device__ __noinline__ fp2_t square(const fp2_t a) {
        fp_t t = a.c0 * a.c1;
        return {(a.c0 + a.c1) * (a.c0 - a.c1), t.dbl()};
    }

public:
    // a b - c d, the shape mont_t::mul_sub has for the point formulas: here two products.
    __device__ __forceinline__ static fp2_t mul_sub(const fp2_t& a, const fp2_t& b, const fp2_t& c, const fp2_t& d) {
        return a * b - c * d;
    }

    __device__ __forceinline__ fp2_t& operator*=(const fp2_t& b) { return *this = *this * b; }
    __device__ __forceinline__ fp2_t& operator+=(const fp2_t& b) { return *this = *this + b; }
    __device__ __forceinline__ fp2_t& operator-=(const fp2_t& b) { return *this = *this - b; }
};

// Inverses by Fermat (zero for zero), overloaded so that the point templates invert either field:
// in Fp a^(p - 2); in Fp2 1 / (c0 + c1 u) = (c0 - c1 u) / (c0^2 + c1^2), as u^2 = -1.
__device__ __forceinline__ fp_t inverse(const fp_t& a) { return a.pow(FP_PM2); }
__device__ __forceinline__ fp2_t inverse(const fp2_t& a) {
    const fp_t t = inverse(a.c0.sqr() + a.c1.sqr());
    return {a.c0 * t, -(a.c1 * t)};
}
