#ifndef CVECTORDOT_H
#define CVECTORDOT_H

#include <stdint.h>

/// Cosines of one quantized query with every quantized row, as `VectorRows.similarities(to:)` defines them:
/// `out[n] = (float)dot(rows[n], query) * scales[n] * query_scale` for each row whose scale is above 0 and, when
/// `wanted` is not NULL, whose `wanted[n]` is not 0 (the others are left as they are). Rows are `dimensions` int8 values each, in [-127, 127], one after another; `query` likewise.
/// The dot products are exact (32-bit integer sums), so every path gives the same bits: AVX2 where the processor
/// has it (checked once, at run time), else plain C.
void rf_int8_cosines(const int8_t *rows, long count, long dimensions, const int8_t *query, const float *scales,
                     float query_scale, const uint8_t *wanted, float *out);

/// The exact dot product of two rows of `dimensions` int8 values in [-127, 127] (a 32-bit integer sum), by the same
/// paths as `rf_int8_cosines`: one pair, as when rows are compared with each other.
int32_t rf_int8_dot(const int8_t *left, const int8_t *right, long dimensions);

#endif
