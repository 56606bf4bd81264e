package io.c2spark.gpu.runtime;

/**
 * Every extern "C" kernel of native-cuda's fatbin (src/c2spark.cu). {@link KernelModule} resolves
 * all of them when a device is opened, so a renamed or missing kernel fails at start-up.
 */
public enum Kernel {
    FR_MUL_ARRAYS("fr_mul_arrays"),
    FR_ADD_ARRAYS("fr_add_arrays"),
    FR_SUB_ARRAYS("fr_sub_arrays"),
    FP_MUL_ARRAYS("fp_mul_arrays"),
    FP_ADD_ARRAYS("fp_add_arrays"),
    FP_SUB_ARRAYS("fp_sub_arrays"),
    FP2_MUL_ARRAYS("fp2_mul_arrays"),
    FR_SCALE("fr_scale"),
    FR_POWERS("fr_powers"),
    NTT_BIT_REVERSE_TILED("ntt_bit_reverse_tiled"),
    NTT_PASS_REG4("ntt_pass_reg4"),
    NTT_PASS_REG4_IN_PLACE("ntt_pass_reg4_in_place"),
    MSM_HISTOGRAM("msm_histogram"),
    MSM_SCAN_TILES("msm_scan_tiles"),
    MSM_SCAN_TILE_OFFSETS("msm_scan_tile_offsets"),
    MSM_SCAN_APPLY("msm_scan_apply"),
    MSM_SCATTER("msm_scatter"),
    MSM_SLOT_BUCKETS("msm_slot_buckets"),
    MSM_ACCUMULATE("msm_accumulate"),
    MSM_ACCUMULATE_FIXUP("msm_accumulate_fixup"),
    MSM_MERGE_BUCKETS("msm_merge_buckets"),
    MSM_REDUCE_SEGMENTS("msm_reduce_segments"),
    MSM_REDUCE_LEVEL("msm_reduce_level"),
    MSM_COMBINE("msm_combine"),
    XYZZ_SUM_GROUPS("xyzz_sum_groups"),
    XYZZ_TO_JACOBIAN("xyzz_to_jacobian"),
    G1_BATCH_ADD_BITMAP("g1_batch_add_bitmap"),
    G1_FIXED_BASE_MUL_NAIVE("g1_fixed_base_mul_naive"),
    G1_FIXED_BASE_MUL_TABLE("g1_fixed_base_mul_table"),
    G1_XYZZ_TO_AFFINE_BATCH("g1_xyzz_to_affine_batch"),
    G1_MSM_SHIFT_BASES("g1_msm_shift_bases"),
    G2_FIXED_BASE_MUL_NAIVE("g2_fixed_base_mul_naive"),
    G2_FIXED_BASE_MUL_TABLE("g2_fixed_base_mul_table"),
    G2_XYZZ_TO_AFFINE_BATCH("g2_xyzz_to_affine_batch"),
    G1_ZCASH_ENCODE("g1_zcash_encode"),
    G2_ZCASH_ENCODE("g2_zcash_encode"),
    G2_MSM_ACCUMULATE("g2_msm_accumulate"),
    G2_MSM_ACCUMULATE_FIXUP("g2_msm_accumulate_fixup"),
    G2_MSM_MERGE_BUCKETS("g2_msm_merge_buckets"),
    G2_MSM_REDUCE_SEGMENTS("g2_msm_reduce_segments"),
    G2_MSM_REDUCE_LEVEL("g2_msm_reduce_level"),
    G2_MSM_COMBINE("g2_msm_combine"),
    G2_XYZZ_SUM_GROUPS("g2_xyzz_sum_groups"),
    G2_XYZZ_TO_JACOBIAN("g2_xyzz_to_jacobian"),
    G2_BATCH_ADD_BITMAP("g2_batch_add_bitmap"),
    R1CS_SPMV("r1cs_spmv"),
    FR_QUOTIENT_ON_COSET("fr_quotient_on_coset"),
    BITMAP_SELECT("bitmap_select"),
    QAP_COLUMN_COUNTS("qap_column_counts"),
    QAP_TRANSPOSE("qap_transpose"),
    QAP_SUM_COLUMNS("qap_sum_columns"),
    QAP_SUM_PIECES("qap_sum_pieces"),
    QAP_SUM_PARTIALS("qap_sum_partials"),
    QAP_IC_L_SCALARS("qap_ic_l_scalars"),
    FR_NONZERO_FLAGS("fr_nonzero_flags"),
    FR_COMPACT("fr_compact"),
    G1_DECODE_ZCASH("g1_decode_zcash"),
    G2_DECODE_ZCASH("g2_decode_zcash"),
    GATHER_POINTS("gather_points");

    public final String symbol;

    Kernel(String symbol) {
        this.symbol = symbol;
    }
}
