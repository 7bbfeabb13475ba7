#include "ycbcr_rows.h"
#include <string.h>

/* libheif adds the products; a fused multiply-add would round once instead of twice and change bytes. */
#pragma clang fp contract(off)

/* Clang's vector types, four lanes (one SSE2 register of floats): vectors in a debug build too. */
typedef uint8_t bytes4 __attribute__((ext_vector_type(4)));
typedef uint8_t bytes2 __attribute__((ext_vector_type(2)));
typedef float floats4 __attribute__((ext_vector_type(4)));
typedef int32_t ints4 __attribute__((ext_vector_type(4)));
typedef uint32_t pixels4 __attribute__((ext_vector_type(4)));

/* libheif's `(long)(value + 0.5f)` clamped to a byte (truncation toward zero gives 0 above -1). */
static inline uint32_t rounded(float value) {
    float sum = value + 0.5f;
    if (!(sum >= 0)) return 0;
    return sum >= 255 ? 255 : (uint32_t)sum;
}

/* The same lane by lane: clamping before truncating gives the same bytes. */
static inline pixels4 rounded4(floats4 value) {
    floats4 sum = __builtin_elementwise_min(__builtin_elementwise_max(value + 0.5f, (floats4)0.0f), (floats4)255.0f);
    return __builtin_convertvector(__builtin_convertvector(sum, ints4), pixels4);
}

/* The chroma samples under the four pixels from `column`: four, or two each standing for two pixels. */
static inline floats4 chroma4(const uint8_t *plane, int shift, ptrdiff_t column) {
    bytes4 samples;
    if (shift == 0) {
        memcpy(&samples, plane + column, 4);
    } else if (shift == 1 && (column & 1) == 0) {
        bytes2 two;
        memcpy(&two, plane + (column >> 1), 2);
        samples = __builtin_shufflevector(two, two, 0, 0, 1, 1);
    } else {
        for (int lane = 0; lane < 4; lane++) samples[lane] = plane[(column + lane) >> shift];
    }
    return __builtin_convertvector(samples, floats4) - 128.0f;
}

void cropper_ycbcr_weights_row(const uint8_t *luma, const uint8_t *blue, const uint8_t *red, int chroma_shift,
                               ptrdiff_t x, ptrdiff_t count, uint32_t *target, ptrdiff_t every,
                               const cropper_ycbcr_weights *weights) {
    const cropper_ycbcr_weights w = *weights;
    ptrdiff_t column = x, end = x + count;
    uint32_t *at = target;
    for (; end - column >= 4; column += 4, at += 4 * every) {
        bytes4 luma4;
        memcpy(&luma4, luma + column, 4);
        floats4 y = __builtin_convertvector(luma4, floats4);
        floats4 cb = chroma4(blue, chroma_shift, column), cr = chroma4(red, chroma_shift, column);
        if (!w.full_range) {
            y = (y - 16.0f) * 1.1689f;
            cb = cb * 1.1429f;
            cr = cr * 1.1429f;
        }
        pixels4 r = rounded4(y + w.red_from_cr * cr);
        pixels4 g = rounded4(y + w.green_from_cb * cb + w.green_from_cr * cr);
        pixels4 b = rounded4(y + w.blue_from_cb * cb);
        pixels4 bgrx = 0xFF000000u | r << 16 | g << 8 | b;
        if (every == 1) {
            memcpy(at, &bgrx, sizeof bgrx);
        } else {
            for (int lane = 0; lane < 4; lane++) at[lane * every] = bgrx[lane];
        }
    }
    for (; column < end; column++, at += every) {
        float y = luma[column];
        float cb = (float)(blue[column >> chroma_shift] - 128), cr = (float)(red[column >> chroma_shift] - 128);
        if (!w.full_range) {
            y = (y - 16.0f) * 1.1689f;
            cb = cb * 1.1429f;
            cr = cr * 1.1429f;
        }
        *at = 0xFF000000u | rounded(y + w.red_from_cr * cr) << 16
            | rounded(y + w.green_from_cb * cb + w.green_from_cr * cr) << 8 | rounded(y + w.blue_from_cb * cb);
    }
}
