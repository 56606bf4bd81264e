// The one translation unit of the fatbin: every kernel family, each exported with a stable
// extern "C" name that gpu-executor resolves at start-up (its Kernel enum lists them all).
#include "kernels/field_kernels.cuh"
#include "kernels/ec_kernels.cuh"
#include "ntt/ntt.cuh"
#include "msm/pippenger.cuh"
#include "msm/fixed_base.cuh"
#include "msm/shifted_bases.cuh"
#include "spmv/spmv.cuh"
#include "kernels/bitmap_kernels.cuh"
#include "setup/qap.cuh"
#include "setup/zcash.cuh"
#include "kernels/params_kernels.cuh"
