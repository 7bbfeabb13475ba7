#ifndef CROPPER_JPEG_RECOVERY_H
#define CROPPER_JPEG_RECOVERY_H
#include <stddef.h>
#include <stdio.h>

/* What a decode through the libjpeg API saw: whether it failed outright, and
   where the first warning (damaged data the decoder worked around) came. */
typedef struct {
    int failed;               /* 1: a fatal error; `message` says which */
    int warnings;             /* how many warnings libjpeg emitted */
    int first_warning_imcu_row; /* iMCU row being read at the first warning that cost pixels; -1 without one */
    int first_warning_scan;   /* 1-based scan number at that warning */
    int restart_interval;     /* in MCUs; 0 when the file has none */
    int mcus_per_row;
    int total_imcu_rows;
    int imcu_height;          /* full-resolution rows per iMCU row */
    int vertical_context;     /* 1 when chroma is upsampled vertically (a row needs the one below) */
    int progressive;
    int stopped_early;        /* 1: a fatal error part-way; the rows below it are grey */
    int error_imcu_row;       /* iMCU row being read at the fatal error */
    char message[200];        /* the first warning, or the error */
    char damage_message[200]; /* the first warning that cost pixels */
} cropper_jpeg_report;

/* Told, on the decoding thread, that rows 0 ..< `rows` of the output are final. */
typedef void (*cropper_jpeg_rows_done)(void *context, int rows);

/* What cropper_jpeg_decode writes for each pixel. */
enum {
    CROPPER_JPEG_BGRX = 0,  /* 4 bytes */
    CROPPER_JPEG_CMYK = 1,  /* 4 bytes, as stored: for CMYK files only */
    CROPPER_JPEG_GREY = 2   /* 1 byte: the luma a YCbCr file stores, untouched by chroma (not for CMYK files) */
};

/* Decodes `data` into `output` pixels (see above) scaled by 1/`denominator` (1, 2, 4, 8),
   with libjpeg's default (TurboJPEG's) settings. `pixels` may be NULL to only read
   the data (every row still decoded, nothing kept). Returns 0 on success, -1 when
   `report->failed`. `max_scans` bounds progressive files with absurd scan counts. `rows_done` (may be NULL)
   hears of the rows as they are written, every 64 rows; the rows a failure leaves grey are not reported.
   With `data` NULL the JPEG is read from `file` instead, a buffer at a time. */
int cropper_jpeg_decode(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                        unsigned char *pixels, int width, int height, int stride,
                        int max_scans, cropper_jpeg_rows_done rows_done, void *rows_context,
                        cropper_jpeg_report *report);
#endif
