#ifndef CROPPER_JPEG_REGION_H
#define CROPPER_JPEG_REGION_H
#include <stddef.h>
#include <stdint.h>

/* The outcome of a region decode. */
enum {
    CROPPER_REGION_OK = 0,
    CROPPER_REGION_FAILED = -1,   /* a fatal error; `message` says which */
    CROPPER_REGION_DAMAGED = -2   /* libjpeg worked around damaged data: decode the whole photo instead */
};

/* Decodes only the stored-pixel rectangle (x, y, width, height) of `data` as BGRX pixels, bit-identical
   to the same rectangle of a full decode with libjpeg's default (TurboJPEG's) settings. The rectangle's
   pixel (i, j) is written to dest[origin + i * step_x + j * step_y], which turns it on the way. Columns outside the rectangle's iMCU columns, and rows
   above it, are neither inverse-transformed nor colour-converted; rows below it are never read. */
int cropper_jpeg_decode_region(const unsigned char *data, size_t size, int x, int y, int width, int height,
                               uint32_t *dest, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y,
                               int max_scans, char message[200]);
#endif
