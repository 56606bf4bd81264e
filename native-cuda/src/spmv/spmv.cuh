// Sparse matrix times witness over Fr for the circuit's A, B and C: out[row] = sum over the row's
// terms of table[coeff] * value(column), one thread per row (rows of a PoRep circuit hold a few
// terms; the longest, bit packings, a few hundred).
//
// Matrices are CSR as prover-core's R1csShape keeps them: row_start (rows + 1 entries), per term a
// coefficient index into one table of distinct Fr values, and a column code that gpu-executor
// (R1csDeviceShape) derives once per shape from the variable, so that the compact witness is read
// as it is, never expanded: bits 31-30 say where the value lives, bits 29-0 where in it:
//   0: the non-bit aux value of that rank in the tail (dense Fr array);
//   1: the bit aux variable of that index (bitmap, 32-bit words): the term adds its coefficient or 0;
//   2: the input of that index (dense Fr array, ONE first).
#pragma once
#include "../util/check.cuh"
#include "../ff/bls12_381.cuh"

#define SPMV_KIND_TAIL 0u
#define SPMV_KIND_BIT 1u
#define SPMV_KIND_INPUT 2u

C2S_EXTERN void r1cs_spmv(const uint32_t* row_start, const uint32_t* cols, const uint32_t* coeffs, uint32_t rows,
                          const uint32_t* table, const uint32_t* inputs, const uint32_t* bits, const uint32_t* tail,
                          uint32_t* out) {
    for (uint32_t row = c2s_global_id(); row < rows; row += gridDim.x * blockDim.x) {
        fr_t acc = fr_t::zero();
        const uint32_t end = row_start[row + 1];
        for (uint32_t p = row_start[row]; p < end; p++) {
            const uint32_t code = cols[p];
            const uint32_t kind = code >> 30, index = code & 0x3fffffffu;
            const fr_t c = fr_t::load(table + (size_t)coeffs[p] * 8);
            if (kind == SPMV_KIND_BIT) {
                if ((bits[index >> 5] >> (index & 31)) & 1) acc += c;
            } else {
                acc += c * fr_t::load((kind == SPMV_KIND_INPUT ? inputs : tail) + (size_t)index * 8);
            }
        }
        acc.store(out + (size_t)row * 8);
    }
}
