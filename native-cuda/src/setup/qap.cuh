// The QAP of a circuit evaluated at tau, on the device, for Groth16 parameter generation
// (prover-core ParameterGenerator, bellperson's generate_parameters): for every variable j
// (inputs first, ONE at 0, then aux) u_j = sum over the terms of column j of A of coefficient *
// L_row(tau), v_j and w_j the same over B and C, L_k the domain's Lagrange coefficients at tau.
//
// The matrices are the prover's (spmv/spmv.cuh: CSR by row, column codes, coefficient indices);
// field sums are exact, so the terms may be summed in any order. Per matrix, the host (gpu-executor
// setup.QapEvaluator) transposes by a counting sort, then sums each column:
//   qap_column_counts     terms per variable                                    atomics
//   msm_scan_*            exclusive sums of the counts: each column's start (pippenger.cuh)
//   qap_transpose         one thread per row: (row, coefficient) of each term at its column's
//                         next slot                                             atomics on cursors
//   qap_sum_columns       one thread per column of at most `cap` terms; longer columns (ONE is
//                         in most rows of a PoRep circuit) are listed for the next two
//   qap_sum_pieces        one block per piece of a long column: the piece's sum
//   qap_sum_partials      one thread per long column: the sum of its pieces
// Then qap_ic_l_scalars makes the IC and L scalars, and fr_nonzero_flags, msm_scan_* and
// fr_compact the a and b queries' scalars (the non-zero u_j and v_j, in order).
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"
#include "../spmv/spmv.cuh"

// The variable of a column code, numbered as the parameters number them: inputs, then aux.
// tail_vars maps a tail rank (a non-bit aux value's index in the compact witness) to its aux index.
__device__ __forceinline__ uint32_t qap_variable(uint32_t code, const uint32_t* tail_vars, uint32_t inputs) {
    const uint32_t kind = code >> 30, index = code & 0x3fffffffu;
    if (kind == SPMV_KIND_INPUT) return index;
    return inputs + (kind == SPMV_KIND_BIT ? index : tail_vars[index]);
}

C2S_EXTERN void qap_column_counts(const uint32_t* codes, uint32_t nnz, const uint32_t* tail_vars, uint32_t inputs,
                                  uint32_t* counts) {
    for (uint32_t p = c2s_global_id(); p < nnz; p += gridDim.x * blockDim.x) {
        atomicAdd(&counts[qap_variable(codes[p], tail_vars, inputs)], 1u);
    }
}

// entries[cursors[v]++] = (row, coefficient index) for every term of every row, v its variable.
C2S_EXTERN void qap_transpose(const uint32_t* row_start, const uint32_t* codes, const uint32_t* coeffs, uint32_t rows,
                              const uint32_t* tail_vars, uint32_t inputs, uint32_t* cursors, uint2* entries) {
    for (uint32_t row = c2s_global_id(); row < rows; row += gridDim.x * blockDim.x) {
        const uint32_t end = row_start[row + 1];
        for (uint32_t p = row_start[row]; p < end; p++) {
            const uint32_t at = atomicAdd(&cursors[qap_variable(codes[p], tail_vars, inputs)], 1u);
            entries[at] = make_uint2(row, coeffs[p]);
        }
    }
}

__device__ __forceinline__ fr_t qap_term(const uint2 e, const uint32_t* table, const uint32_t* lagrange) {
    return fr_t::load(table + (size_t)e.y * 8) * fr_t::load(lagrange + (size_t)e.x * 8);
}

// out[j] = the sum of column j's terms, for the columns of at most cap terms (zero for an empty
// one). A longer column is appended to heavy as (column, start, count, 0), heavy_count counting
// them; it is summed by the pieces below, out[j] left alone here.
C2S_EXTERN void qap_sum_columns(const uint32_t* starts, const uint32_t* counts, const uint2* entries, const uint32_t* table,
                                const uint32_t* lagrange, uint32_t vars, uint32_t cap, uint32_t* out, uint4* heavy,
                                uint32_t* heavy_count) {
    for (uint32_t j = c2s_global_id(); j < vars; j += gridDim.x * blockDim.x) {
        const uint32_t count = counts[j], start = starts[j];
        if (count > cap) {
            heavy[atomicAdd(heavy_count, 1u)] = make_uint4(j, start, count, 0);
            continue;
        }
        fr_t acc = fr_t::zero();
        for (uint32_t e = start; e < start + count; e++) acc += qap_term(entries[e], table, lagrange);
        acc.store(out + (size_t)j * 8);
    }
}

#define QAP_PIECE_BLOCK 256

// partials[b] = the sum of the terms [pieces[b].x, pieces[b].y), one block per piece: each thread
// a strided share, then a tree in shared memory (word-major, so a warp's accesses spread over the banks).
C2S_EXTERN void __launch_bounds__(QAP_PIECE_BLOCK)
qap_sum_pieces(const uint2* pieces, const uint2* entries, const uint32_t* table, const uint32_t* lagrange, uint32_t* partials) {
    __shared__ uint32_t sums[8][QAP_PIECE_BLOCK];
    const uint2 piece = pieces[blockIdx.x];
    fr_t acc = fr_t::zero();
    for (uint32_t e = piece.x + threadIdx.x; e < piece.y; e += QAP_PIECE_BLOCK) acc += qap_term(entries[e], table, lagrange);
    for (uint32_t half = QAP_PIECE_BLOCK / 2; half > 0; half >>= 1) {
        if (threadIdx.x >= half && threadIdx.x < 2 * half) {
#pragma unroll
            for (int w = 0; w < 8; w++) sums[w][threadIdx.x - half] = acc.v[w];
        }
        __syncthreads();
        if (threadIdx.x < half) {
            fr_t other;
#pragma unroll
            for (int w = 0; w < 8; w++) other.v[w] = sums[w][threadIdx.x];
            acc += other;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) acc.store(partials + (size_t)blockIdx.x * 8);
}

// out[column] = the sum of partials [first, last) for each long column (column, first, last, 0).
C2S_EXTERN void qap_sum_partials(const uint4* ranges, uint32_t count, const uint32_t* partials, uint32_t* out) {
    for (uint32_t k = c2s_global_id(); k < count; k += gridDim.x * blockDim.x) {
        const uint4 r = ranges[k];
        fr_t acc = fr_t::zero();
        for (uint32_t b = r.y; b < r.z; b++) acc += fr_t::load(partials + (size_t)b * 8);
        acc.store(out + (size_t)r.x * 8);
    }
}

// ext[j] = (beta u_j + alpha v_j + w_j) / (gamma for an input, delta for aux), w and ext may be one
// array; consts holds alpha, beta, 1/gamma, 1/delta. first_zero_aux (set to 0xffffffff before)
// takes the least aux index whose scalar is zero: a variable in no constraint's A, B or C, which
// bellperson refuses (its L point would be the identity).
C2S_EXTERN void qap_ic_l_scalars(const uint32_t* u, const uint32_t* v, const uint32_t* w, uint32_t vars, uint32_t inputs,
                                 const uint32_t* consts, uint32_t* ext, uint32_t* first_zero_aux) {
    const fr_t alpha = fr_t::load(consts), beta = fr_t::load(consts + 8);
    const fr_t gamma_inv = fr_t::load(consts + 16), delta_inv = fr_t::load(consts + 24);
    for (uint32_t j = c2s_global_id(); j < vars; j += gridDim.x * blockDim.x) {
        const size_t o = (size_t)j * 8;
        const fr_t e = (beta * fr_t::load(u + o) + alpha * fr_t::load(v + o) + fr_t::load(w + o)) * (j < inputs ? gamma_inv : delta_inv);
        e.store(ext + o);
        if (j >= inputs && e.is_zero()) atomicMin(first_zero_aux, j - inputs);
    }
}

// flags[j] = 1 where x[j] is not zero, else 0.
C2S_EXTERN void fr_nonzero_flags(const uint32_t* x, uint32_t n, uint32_t* flags) {
    for (uint32_t j = c2s_global_id(); j < n; j += gridDim.x * blockDim.x) {
        flags[j] = fr_t::load(x + (size_t)j * 8).is_zero() ? 0u : 1u;
    }
}

// out[starts[j]] = x[j] where flags[j] is set: the non-zero elements in order (starts the flags'
// exclusive sums).
C2S_EXTERN void fr_compact(const uint32_t* x, const uint32_t* flags, const uint32_t* starts, uint32_t n, uint32_t* out) {
    for (uint32_t j = c2s_global_id(); j < n; j += gridDim.x * blockDim.x) {
        if (flags[j]) fr_t::load(x + (size_t)j * 8).store(out + (size_t)starts[j] * 8);
    }
}
