// Mixed-addition throughput of the G1 and G2 hot loop (xyzz_t::add_hot), outside the MSM: every
// thread adds 64 affine points, read from a 2^20-point table, into one XYZZ accumulator. The
// points are random field elements, not curve points: the formulas run the same instructions
// either way, and the result hash lets two builds (say, -DC2S_INLINE_MADD=0 against the default,
// or two versions of ff/) be compared for equal results as well as speed.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o madd_probe native-cuda/probe/madd_probe.cu
//   ./madd_probe        (on the GPU machine; prints ms, million additions per second and the hash)
#include "../src/util/check.cuh"
#include "../src/ec/g1.cuh"
#include "../src/ec/g2.cuh"
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class A, class X>
__device__ __forceinline__ void madd_loop(const uint32_t* pts, uint32_t npts, uint32_t iters, uint32_t* out) {
    const uint32_t t = c2s_global_id();
    X acc = X::identity();
    for (uint32_t j = 0; j < iters; j++) acc.add_hot(A::load(pts + (size_t)((t * 7u + j * 977u) % npts) * A::words));
    acc.store(out + (size_t)t * X::words);
}

// Launch bounds as the kernels they stand for: G1 as msm_accumulate, G2 as g2_msm_accumulate.
extern "C" __global__ void C2S_HOT_BOUNDS g1_madd_probe(const uint32_t* pts, uint32_t npts, uint32_t iters, uint32_t* out) {
    madd_loop<g1_affine_t, g1_xyzz_t>(pts, npts, iters, out);
}
extern "C" __global__ void g2_madd_probe(const uint32_t* pts, uint32_t npts, uint32_t iters, uint32_t* out) {
    madd_loop<g2_affine_t, g2_xyzz_t>(pts, npts, iters, out);
}

static void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main() {
    const uint32_t npts = 1 << 20, iters = 64, block = 128;
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "multiprocessor count");
    const uint32_t threads = (uint32_t)sms * 1024;
    for (int g = 1; g <= 2; g++) {
        const int aw = g == 1 ? g1_affine_t::words : g2_affine_t::words, xw = 2 * aw;
        std::vector<uint32_t> h((size_t)npts * aw);
        srand(1);
        // Twelve-word Fp elements below p: the top word kept under 2^28.
        for (size_t i = 0; i < h.size(); i++)
            h[i] = i % 12 == 11 ? (rand() & 0x0fffffff) : (uint32_t)rand() * 65536u + (uint32_t)rand();
        uint32_t *pts, *out;
        check(cudaMalloc(&pts, h.size() * 4), "cudaMalloc points");
        check(cudaMalloc(&out, (size_t)threads * xw * 4), "cudaMalloc sums");
        check(cudaMemcpy(pts, h.data(), h.size() * 4, cudaMemcpyHostToDevice), "upload");
        cudaEvent_t a, b;
        cudaEventCreate(&a);
        cudaEventCreate(&b);
        float best = 1e30f;
        for (int r = 0; r < 4; r++) {
            cudaEventRecord(a);
            if (g == 1) g1_madd_probe<<<threads / block, block>>>(pts, npts, iters, out);
            else g2_madd_probe<<<threads / block, block>>>(pts, npts, iters, out);
            cudaEventRecord(b);
            check(cudaEventSynchronize(b), "kernel");
            float ms;
            cudaEventElapsedTime(&ms, a, b);
            if (ms < best) best = ms;
        }
        std::vector<uint32_t> o((size_t)threads * xw);
        check(cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost), "download");
        uint64_t hash = 1469598103934665603ull;
        for (uint32_t v : o) hash = (hash ^ v) * 1099511628211ull;
        printf("G%d: %u threads x %u mixed additions in %.3f ms (best of 4): %.1f M additions/s, result hash %016llx\n", g,
               threads, iters, best, (double)threads * iters / best / 1e3, (unsigned long long)hash);
        cudaFree(pts);
        cudaFree(out);
    }
    return 0;
}
