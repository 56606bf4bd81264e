/* The 8 x 8 transpose of 64-bit elements that moves eight rows of memory into lanes and back. */
#ifndef C2SPARK_TRANSPOSE_IFMA_H
#define C2SPARK_TRANSPOSE_IFMA_H

#include "fields_ifma.h"

/* r[j][k] becomes r[k][j]: an 8 x 8 transpose of 64-bit elements in three rounds of shuffles. */
IFMA_INLINE void transpose8(__m512i r[8]) {
    const __m512i pairs_lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i pairs_hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    const __m512i halves_lo = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
    const __m512i halves_hi = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
    __m512i a[8];
    for (int j = 0; j < 8; j += 2) {
        a[j] = _mm512_unpacklo_epi64(r[j], r[j + 1]);
        a[j + 1] = _mm512_unpackhi_epi64(r[j], r[j + 1]);
    }
    /* a[2q] holds elements 0 2 4 6 of rows 2q and 2q + 1 interleaved, a[2q + 1] elements 1 3 5 7. */
    __m512i b[8];
    for (int q = 0; q < 2; q++) {
        for (int odd = 0; odd < 2; odd++) {
            __m512i x = a[4 * q + odd];
            __m512i y = a[4 * q + 2 + odd];
            b[4 * q + 2 * odd] = _mm512_permutex2var_epi64(x, pairs_lo, y);
            b[4 * q + 2 * odd + 1] = _mm512_permutex2var_epi64(x, pairs_hi, y);
        }
    }
    /* b[4q + 2 odd + h] holds, for rows 4q .. 4q + 3, elements odd + 2h and odd + 2h + 4. */
    for (int odd = 0; odd < 2; odd++) {
        for (int h = 0; h < 2; h++) {
            __m512i x = b[2 * odd + h];
            __m512i y = b[4 + 2 * odd + h];
            r[odd + 2 * h] = _mm512_permutex2var_epi64(x, halves_lo, y);
            r[odd + 2 * h + 4] = _mm512_permutex2var_epi64(x, halves_hi, y);
        }
    }
}


#endif
