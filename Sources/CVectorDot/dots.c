#include "CVectorDot.h"

#include <stdatomic.h>

// The plain path: exact 32-bit integer sums, as the AVX2 one.
static int32_t dot_plain(const int8_t *row, const int8_t *query, long from, long dimensions) {
    int32_t sum = 0;
    for (long d = from; d < dimensions; d++) sum += (int32_t)row[d] * (int32_t)query[d];
    return sum;
}

// Whether a scan compares row `n`: it has a vector (its scale is above 0) and, when `wanted` is given, is marked.
static inline int compared(const float *scales, const uint8_t *wanted, long n) {
    return scales[n] > 0 && (!wanted || wanted[n]);
}

static void cosines_plain(const int8_t *rows, long count, long dimensions, const int8_t *query, const float *scales,
                          float query_scale, const uint8_t *wanted, float *out) {
    for (long n = 0; n < count; n++) {
        if (!compared(scales, wanted, n)) continue;
        out[n] = (float)dot_plain(rows + n * dimensions, query, 0, dimensions) * scales[n] * query_scale;
    }
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// Whether the processor and the operating system both allow AVX2 (CPUID leaf 7 bit 5; OSXSAVE and the YMM state
// enabled in XCR0).
static int has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

// One pair's exact dot product, 32 products at a time: |left| as unsigned bytes times `right` with left's sign
// (maddubs: pairs summed into 16 bits, at most 2 * 127 * 127 = 32,258, so never saturated), then pairs again into
// 32 bits (madd with ones); the tail past the last whole 32 by the plain path.
__attribute__((target("avx2"))) static inline int32_t dot_avx2(const int8_t *left, const int8_t *right,
                                                               long dimensions) {
    const long whole = dimensions - dimensions % 32;
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i sum = _mm256_setzero_si256();
    for (long d = 0; d < whole; d += 32) {
        __m256i l = _mm256_loadu_si256((const __m256i *)(left + d));
        __m256i r = _mm256_loadu_si256((const __m256i *)(right + d));
        __m256i pairs = _mm256_maddubs_epi16(_mm256_sign_epi8(l, l), _mm256_sign_epi8(r, l));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(pairs, ones));
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(half) + dot_plain(left, right, whole, dimensions);
}

// Four rows at a time against one query: the query's magnitudes (`|q|`, unsigned) and signs are the same for every
// row, so each 32 bytes of a row cost one sign, one `maddubs` and one `madd` (the products are |q| × (r with q's
// sign) = q × r, the same exact pair sums as `dot_avx2`'s); the four rows' sums are reduced together (`hadd`) and
// turned into cosines four at a time, by the same float operations in the same order as one at a time, so the bits
// are the same. Queries of more than `RF_QUERY_CHUNKS` × 32 dimensions, and the rows after the last whole four, go
// one at a time.
#define RF_QUERY_CHUNKS 16
__attribute__((target("avx2"))) static void cosines_avx2(const int8_t *rows, long count, long dimensions,
                                                         const int8_t *query, const float *scales, float query_scale,
                                                         const uint8_t *wanted, float *out) {
    const long chunks = dimensions / 32;
    const long whole = chunks * 32;
    long n = 0;
    if (chunks <= RF_QUERY_CHUNKS) {
        __m256i magnitude[RF_QUERY_CHUNKS], sign[RF_QUERY_CHUNKS];
        for (long c = 0; c < chunks; c++) {
            __m256i q = _mm256_loadu_si256((const __m256i *)(query + c * 32));
            magnitude[c] = _mm256_abs_epi8(q);
            sign[c] = q;
        }
        const __m256i ones = _mm256_set1_epi16(1);
        const __m128 query_scales = _mm_set1_ps(query_scale);
        for (; n + 4 <= count; n += 4) {
            int take[4];
            int any = 0;
            for (int i = 0; i < 4; i++) {
                take[i] = compared(scales, wanted, n + i);
                any |= take[i];
            }
            if (!any) continue;
            const int8_t *row = rows + n * dimensions;
            __m256i sum[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                              _mm256_setzero_si256()};
            for (long c = 0; c < chunks; c++) {
                for (int i = 0; i < 4; i++) {
                    __m256i r = _mm256_loadu_si256((const __m256i *)(row + i * dimensions + c * 32));
                    __m256i pairs = _mm256_maddubs_epi16(magnitude[c], _mm256_sign_epi8(r, sign[c]));
                    sum[i] = _mm256_add_epi32(sum[i], _mm256_madd_epi16(pairs, ones));
                }
            }
            // hadd pairs lanes within each 128-bit half: after two rounds, half h holds row i's partial sum in lane i.
            __m256i halves = _mm256_hadd_epi32(_mm256_hadd_epi32(sum[0], sum[1]), _mm256_hadd_epi32(sum[2], sum[3]));
            __m128i sums = _mm_add_epi32(_mm256_castsi256_si128(halves), _mm256_extracti128_si256(halves, 1));
            if (whole < dimensions) {
                int32_t tails[4];
                for (int i = 0; i < 4; i++) tails[i] = dot_plain(row + i * dimensions, query, whole, dimensions);
                sums = _mm_add_epi32(sums, _mm_loadu_si128((const __m128i *)tails));
            }
            __m128 cosines = _mm_mul_ps(_mm_mul_ps(_mm_cvtepi32_ps(sums), _mm_loadu_ps(scales + n)), query_scales);
            // Rows not compared keep what `out` held.
            __m128 keep = _mm_castsi128_ps(_mm_setr_epi32(take[0] ? -1 : 0, take[1] ? -1 : 0, take[2] ? -1 : 0,
                                                          take[3] ? -1 : 0));
            _mm_storeu_ps(out + n, _mm_blendv_ps(_mm_loadu_ps(out + n), cosines, keep));
        }
    }
    for (; n < count; n++) {
        if (!compared(scales, wanted, n)) continue;
        out[n] = (float)dot_avx2(rows + n * dimensions, query, dimensions) * scales[n] * query_scale;
    }
}
#endif

#if defined(__x86_64__)
// Whether AVX2 may be used, checked on first use (any thread may: each finds the same answer).
static int avx2_usable(void) {
    static _Atomic int avx2 = -1;
    int known = atomic_load_explicit(&avx2, memory_order_relaxed);
    if (known < 0) {
        known = has_avx2();
        atomic_store_explicit(&avx2, known, memory_order_relaxed);
    }
    return known;
}
#endif

int32_t rf_int8_dot(const int8_t *left, const int8_t *right, long dimensions) {
#if defined(__x86_64__)
    if (avx2_usable()) return dot_avx2(left, right, dimensions);
#endif
    return dot_plain(left, right, 0, dimensions);
}

void rf_int8_cosines(const int8_t *rows, long count, long dimensions, const int8_t *query, const float *scales,
                     float query_scale, const uint8_t *wanted, float *out) {
#if defined(__x86_64__)
    if (avx2_usable()) {
        cosines_avx2(rows, count, dimensions, query, scales, query_scale, wanted, out);
        return;
    }
#endif
    cosines_plain(rows, count, dimensions, query, scales, query_scale, wanted, out);
}
