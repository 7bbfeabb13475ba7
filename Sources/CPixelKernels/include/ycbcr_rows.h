#ifndef CROPPER_YCBCR_ROWS_H
#define CROPPER_YCBCR_ROWS_H
#include <stddef.h>
#include <stdint.h>

/* The factors of a luma-weights YCbCr matrix, and whether the samples span the full 0–255 range. */
typedef struct {
    float red_from_cr;
    float green_from_cb;
    float green_from_cr;
    float blue_from_cb;
    int full_range;
} cropper_ycbcr_weights;

/* `count` pixels of one row of 8-bit YCbCr from column `x`, as opaque BGRX written `every` pixels apart from
 * `target`: libheif 1.15's single-precision sums (limited range stretched by 1.1689 and 1.1429), rounded half up
 * and clamped, each chroma sample standing for the 1 << `chroma_shift` pixels it covers. Four pixels at a time in
 * vector lanes, the rest one by one, with the same operations in the same order. */
void cropper_ycbcr_weights_row(const uint8_t *luma, const uint8_t *blue, const uint8_t *red, int chroma_shift,
                               ptrdiff_t x, ptrdiff_t count, uint32_t *target, ptrdiff_t every,
                               const cropper_ycbcr_weights *weights);

#endif
