#include "jpeg_region.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char *message;
    int damaged;
    int max_scans;
} region_error_mgr;

static void region_error_exit(j_common_ptr cinfo) {
    region_error_mgr *errors = (region_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, errors->message);
    longjmp(errors->escape, 1);
}

/* Any warning means damaged data: the caller's full decode knows how to place the damage. */
static void region_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    region_error_mgr *errors = (region_error_mgr *)cinfo->err;
    errors->damaged = 1;
    (*cinfo->err->format_message)(cinfo, errors->message);
    longjmp(errors->escape, 1);
}

typedef struct {
    struct jpeg_progress_mgr base;
    region_error_mgr *errors;
} region_progress_mgr;

static void region_progress(j_common_ptr cinfo) {
    region_progress_mgr *progress = (region_progress_mgr *)cinfo->progress;
    if (((j_decompress_ptr)cinfo)->input_scan_number > progress->errors->max_scans) {
        snprintf(progress->errors->message, 200, "more than %d scans", progress->errors->max_scans);
        longjmp(progress->errors->escape, 1);
    }
}

/* Writes `rows` decoded rows (`first` is the region's row of the first) through the placement. Columns
   outer, rows inner: under a quarter turn the rows of one column land side by side in the output. */
static void place_rows(const unsigned char *batch, size_t batch_stride, int first, int rows, int width,
                       uint32_t *dest, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y) {
    if (step_x == 1) {
        for (int r = 0; r < rows; r++)
            memcpy(dest + origin + (ptrdiff_t)(first + r) * step_y, batch + (size_t)r * batch_stride, (size_t)width * 4);
        return;
    }
    for (int i = 0; i < width; i++) {
        uint32_t *column = dest + origin + (ptrdiff_t)i * step_x + (ptrdiff_t)first * step_y;
        for (int r = 0; r < rows; r++) {
            uint32_t pixel;
            memcpy(&pixel, batch + (size_t)r * batch_stride + (size_t)i * 4, 4);
            column[(ptrdiff_t)r * step_y] = pixel;
        }
    }
}

/* Rows of the rectangle kept in a ring of `ring_rows` rows `step_y` apart (0: all of them, placed through
   origin and steps): the region's row r goes to ring row r % ring_rows, once `room` says the rows it replaces
   were read. */
typedef struct {
    int ring_rows;
    void (*room)(void *observer, int rows);
} row_ring;

static int decode_region_rows(const unsigned char *data, size_t size, int cmyk,
                              int x, int y, int width, int height, uint32_t *dest, ptrdiff_t origin,
                              ptrdiff_t step_x, ptrdiff_t step_y, int max_scans, row_ring ring,
                              void (*rows_placed)(void *observer, int rows), void *observer, char message[200]) {
    struct jpeg_decompress_struct cinfo;
    region_error_mgr errors;
    region_progress_mgr progress;
    unsigned char *volatile batch = NULL;

    message[0] = 0;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = region_error_exit;
    errors.base.emit_message = region_message;
    errors.message = message;
    errors.damaged = 0;
    errors.max_scans = max_scans;
    if (setjmp(errors.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(batch);
        return errors.damaged ? CROPPER_REGION_DAMAGED : CROPPER_REGION_FAILED;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = region_progress;
    progress.errors = &errors;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_start_decompress(&cinfo);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 ||
        (JDIMENSION)(x + width) > cinfo.output_width || (JDIMENSION)(y + height) > cinfo.output_height) {
        snprintf(message, 200, "the region %dx%d+%d+%d is outside the %ux%u picture", width, height, x, y,
                 cinfo.output_width, cinfo.output_height);
        jpeg_destroy_decompress(&cinfo);
        return CROPPER_REGION_FAILED;
    }

    /* Chroma upsampling smooths across neighbouring samples, and a cropped or skipped-to decode treats
       its first column and row as the picture's edge. One iMCU of margin to the left and above (where the
       picture has one) keeps every wanted pixel's neighbours as they are in a full decode. */
    int imcu_width = cinfo.max_h_samp_factor * DCTSIZE, imcu_height = cinfo.max_v_samp_factor * DCTSIZE;
    int right = x + width + imcu_width;
    JDIMENSION crop_x = (JDIMENSION)(x >= imcu_width ? x - imcu_width : 0);
    JDIMENSION crop_width = (JDIMENSION)((right < (int)cinfo.output_width ? right : (int)cinfo.output_width) - (int)crop_x);
    if (crop_x != 0 || crop_width != cinfo.output_width) jpeg_crop_scanline(&cinfo, &crop_x, &crop_width);
    int first_row = (y / imcu_height - 1) * imcu_height;
    if (first_row > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)first_row);

    int batch_rows = imcu_height;
    size_t batch_stride = (size_t)crop_width * 4;
    batch = malloc(batch_stride * (size_t)batch_rows);
    if (batch == NULL) {
        snprintf(message, 200, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return CROPPER_REGION_FAILED;
    }
    size_t skip_columns = (size_t)(x - (int)crop_x) * 4;
    while ((int)cinfo.output_scanline < y) {
        JSAMPROW scratch = batch;
        jpeg_read_scanlines(&cinfo, &scratch, 1);
    }
    while ((int)cinfo.output_scanline < y + height) {
        int first = (int)cinfo.output_scanline - y, rows = 0;
        while (rows < batch_rows && first + rows < height) {
            JSAMPROW target = batch + (size_t)rows * batch_stride;
            rows += (int)jpeg_read_scanlines(&cinfo, &target, 1);
        }
        if (ring.ring_rows > 0) {
            /* Whole batches fit the ring (it holds at least one), so the rows of one never wrap onto each other. */
            ring.room(observer, first + rows);
            for (int r = 0; r < rows; r++)
                memcpy(dest + (ptrdiff_t)((first + r) % ring.ring_rows) * step_y,
                       batch + skip_columns + (size_t)r * batch_stride, (size_t)width * 4);
        } else {
            place_rows(batch + skip_columns, batch_stride, first, rows, width, dest, origin, step_x, step_y);
        }
        if (rows_placed) rows_placed(observer, first + rows);
    }
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(batch);
    return CROPPER_REGION_OK;
}

int cropper_jpeg_decode_region_observed(const unsigned char *data, size_t size, int cmyk,
                                        int x, int y, int width, int height, uint32_t *dest, ptrdiff_t origin,
                                        ptrdiff_t step_x, ptrdiff_t step_y, int max_scans,
                                        void (*rows_placed)(void *observer, int rows), void *observer,
                                        char message[200]) {
    row_ring whole = {0, NULL};
    return decode_region_rows(data, size, cmyk, x, y, width, height, dest, origin, step_x, step_y, max_scans, whole,
                              rows_placed, observer, message);
}

int cropper_jpeg_decode_region_into_ring(const unsigned char *data, size_t size, int x, int y, int width, int height,
                                         uint32_t *ring, ptrdiff_t pitch, int ring_rows, int max_scans,
                                         void (*room)(void *observer, int rows),
                                         void (*rows_placed)(void *observer, int rows), void *observer,
                                         char message[200]) {
    row_ring rows = {ring_rows, room};
    return decode_region_rows(data, size, 0, x, y, width, height, ring, 0, 1, pitch, max_scans, rows, rows_placed,
                              observer, message);
}

int cropper_jpeg_decode_region(const unsigned char *data, size_t size, int cmyk,
                               int x, int y, int width, int height, uint32_t *dest, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y,
                               int max_scans, char message[200]) {
    return cropper_jpeg_decode_region_observed(data, size, cmyk, x, y, width, height, dest, origin, step_x, step_y,
                                               max_scans, NULL, NULL, message);
}
