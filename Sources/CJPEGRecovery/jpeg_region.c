#include "jpeg_region.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
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

int cropper_jpeg_decode_region(const unsigned char *data, size_t size, int x, int y, int width, int height,
                               unsigned char *pixels, int stride, int max_scans, char message[200]) {
    struct jpeg_decompress_struct cinfo;
    region_error_mgr errors;
    region_progress_mgr progress;
    unsigned char *volatile row = NULL;

    message[0] = 0;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = region_error_exit;
    errors.base.emit_message = region_message;
    errors.message = message;
    errors.damaged = 0;
    errors.max_scans = max_scans;
    if (setjmp(errors.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(row);
        return errors.damaged ? CROPPER_REGION_DAMAGED : CROPPER_REGION_FAILED;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = region_progress;
    progress.errors = &errors;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_BGRX;
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

    row = malloc((size_t)crop_width * 4);
    if (row == NULL) {
        snprintf(message, 200, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return CROPPER_REGION_FAILED;
    }
    size_t skip_columns = (size_t)(x - (int)crop_x) * 4;
    while ((int)cinfo.output_scanline < y + height) {
        int current = (int)cinfo.output_scanline;
        JSAMPROW target = current >= y ? pixels + (size_t)(current - y) * (size_t)stride : row;
        if (current >= y && skip_columns == 0 && crop_width == (JDIMENSION)width) {
            jpeg_read_scanlines(&cinfo, &target, 1);
            continue;
        }
        JSAMPROW scratch = row;
        jpeg_read_scanlines(&cinfo, &scratch, 1);
        if (current >= y) memcpy(target, row + skip_columns, (size_t)width * 4);
    }
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    return CROPPER_REGION_OK;
}
