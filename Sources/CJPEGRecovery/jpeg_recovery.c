#include "jpeg_recovery.h"
#include "jpeg_relay_internal.h"
#include "jpeg_file_source.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* jpegint.h is private: the state while markers before the first scan are read. */
#define HEADER_STATE 201

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    cropper_jpeg_report *report;
    int max_scans;
} recovery_error_mgr;

typedef struct {
    struct jpeg_progress_mgr base;
    recovery_error_mgr *errors;
} recovery_progress_mgr;

static void on_error_exit(j_common_ptr cinfo) {
    recovery_error_mgr *errors = (recovery_error_mgr *)cinfo->err;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    errors->report->failed = 1;
    errors->report->error_imcu_row = (int)d->input_iMCU_row;
    (*cinfo->err->format_message)(cinfo, errors->report->message);
    longjmp(errors->escape, 1);
}

/* Level -1 is a warning: data damaged but decodable. Trace messages are ignored. */
static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    recovery_error_mgr *errors = (recovery_error_mgr *)cinfo->err;
    cropper_jpeg_report *report = errors->report;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (report->warnings++ == 0) (*cinfo->err->format_message)(cinfo, report->message);
    /* Junk between header markers, or after the last row's data, costs no pixels. */
    int harmless = d->global_state == HEADER_STATE ||
        (cinfo->err->msg_code == JWRN_EXTRANEOUS_DATA && d->input_iMCU_row >= d->total_iMCU_rows);
    if (!harmless && report->first_warning_imcu_row < 0) {
        report->first_warning_imcu_row = (int)d->input_iMCU_row;
        report->first_warning_scan = d->input_scan_number;
        (*cinfo->err->format_message)(cinfo, report->damage_message);
    }
}

static void on_progress(j_common_ptr cinfo) {
    recovery_progress_mgr *progress = (recovery_progress_mgr *)cinfo->progress;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > progress->errors->max_scans) {
        progress->errors->report->failed = 1;
        snprintf(progress->errors->report->message, sizeof progress->errors->report->message,
                 "more than %d scans", progress->errors->max_scans);
        longjmp(progress->errors->escape, 1);
    }
}

int cropper_jpeg_decode(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                        unsigned char *pixels, int width, int height, int stride,
                        int max_scans, cropper_jpeg_rows_done rows_done, void *rows_context,
                        cropper_jpeg_report *report) {
    return cropper_jpeg_decode_core(data, size, file, denominator, output, pixels, width, height, stride, max_scans,
                                    rows_done, rows_context, NULL, RELAY_NONE, report);
}

int cropper_jpeg_decode_core(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                             unsigned char *pixels, int width, int height, int stride,
                             int max_scans, cropper_jpeg_rows_done rows_done, void *rows_context,
                             cropper_jpeg_relay *relay, int role, cropper_jpeg_report *report) {
    struct jpeg_decompress_struct cinfo;
    recovery_error_mgr errors;
    recovery_progress_mgr progress;
    /* volatile: read after longjmp */
    unsigned char *volatile scratch = NULL;
    volatile int started = 0;

    memset(report, 0, sizeof *report);
    report->first_warning_imcu_row = -1;
    if (data == NULL && file == NULL) {
        report->failed = 1;
        snprintf(report->message, sizeof report->message, "no data");
        cropper_relay_end(relay, role, report);
        return -1;
    }
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error_exit;
    errors.base.emit_message = on_message;
    errors.report = report;
    errors.max_scans = max_scans;
    if (setjmp(errors.escape)) {
        /* A fatal error in the middle of the rows (a bogus marker in the data): keep the rows above it,
           as ImageMagick and viewers do, and name it as damage from the row being read. */
        int partial = started && pixels != NULL;
        /* Every row was out before it (a second frame header after the data, read while finishing): no pixel is
           lost, as a region decode that stops at its last row never sees it. */
        int after_the_rows = started && cinfo.output_scanline >= cinfo.output_height;
        if (partial) {
            size_t row_bytes = (size_t)width * (size_t)cinfo.output_components;
            for (int y = (int)cinfo.output_scanline; y < height; y++) memset(pixels + (size_t)y * (size_t)stride, 0x80, row_bytes);
            report->failed = 0;
            report->stopped_early = !after_the_rows;
            if (report->first_warning_imcu_row < 0 && !after_the_rows) {
                report->first_warning_imcu_row = report->error_imcu_row;
                memcpy(report->damage_message, report->message, sizeof report->message);
            }
            report->warnings++;
        }
        jpeg_destroy_decompress(&cinfo);
        free(scratch);
        cropper_relay_end(relay, role, report);
        return partial ? 0 : -1;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = on_progress;
    progress.errors = &errors;
    cinfo.progress = &progress.base;
    if (data != NULL) {
        jpeg_mem_src(&cinfo, data, (unsigned long)size);
    } else {
        cropper_jpeg_file_src(&cinfo, file);
    }
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = output == CROPPER_JPEG_CMYK ? JCS_CMYK : output == CROPPER_JPEG_GREY ? JCS_GRAYSCALE : JCS_EXT_BGRX;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denominator;
    jpeg_start_decompress(&cinfo);

    report->restart_interval = (int)cinfo.restart_interval;
    report->mcus_per_row = (int)cinfo.MCUs_per_row;
    report->total_imcu_rows = (int)cinfo.total_iMCU_rows;
    report->imcu_height = cinfo.max_v_samp_factor * DCTSIZE;
    report->progressive = cinfo.progressive_mode ? 1 : 0;
    for (int c = 0; c < cinfo.num_components; c++) {
        if (cinfo.comp_info[c].v_samp_factor < cinfo.max_v_samp_factor) report->vertical_context = 1;
    }
    if (pixels != NULL && ((int)cinfo.output_width != width || (int)cinfo.output_height != height)) {
        report->failed = 1;
        snprintf(report->message, sizeof report->message, "the decoder's size %ux%u is not the expected %dx%d",
                 cinfo.output_width, cinfo.output_height, width, height);
        jpeg_destroy_decompress(&cinfo);
        cropper_relay_end(relay, role, report);
        return -1;
    }
    if (pixels == NULL) {
        scratch = malloc((size_t)cinfo.output_width * 4);
        if (scratch == NULL) {
            report->failed = 1;
            snprintf(report->message, sizeof report->message, "out of memory");
            jpeg_destroy_decompress(&cinfo);
            cropper_relay_end(relay, role, report);
            return -1;
        }
    }
    /* Fed, this decode reads nothing past the headers: finishing would read the whole file for its end. */
    int fed = cropper_relay_hook(&cinfo, relay, role) && role == RELAY_FED;
    started = 1;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels != NULL ? pixels + (size_t)cinfo.output_scanline * (size_t)stride : scratch;
        jpeg_read_scanlines(&cinfo, &row, 1);
        if (rows_done != NULL && pixels != NULL && cinfo.output_scanline % 64 == 0) {
            rows_done(rows_context, (int)cinfo.output_scanline);
        }
    }
    if (!fed) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(scratch);
    cropper_relay_end(relay, role, report);
    return 0;
}
