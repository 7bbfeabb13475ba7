#ifndef CROPPER_JPEG_RELAY_INTERNAL_H
#define CROPPER_JPEG_RELAY_INTERNAL_H
#include "jpeg_relay.h"
#include <jpeglib.h>

/* Which side of a relay a decode is on (none: an ordinary decode). */
enum { RELAY_NONE = 0, RELAY_FEEDING = 1, RELAY_FED = 2 };

/* Called by the decode once jpeg_start_decompress has returned: hooks the entropy decoder in (or, for a file that
   cannot be shared, says so). Returns 0 when the decode goes on alone. */
int cropper_relay_hook(j_decompress_ptr cinfo, cropper_jpeg_relay *relay, int role);

/* The decode ended (`report` says how); the fed side waits here for the feeder's report and takes its findings. */
void cropper_relay_end(cropper_jpeg_relay *relay, int role, cropper_jpeg_report *report);

/* The shared core of every whole-picture decode (jpeg_recovery.c). */
int cropper_jpeg_decode_core(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                             unsigned char *pixels, int width, int height, int stride,
                             int max_scans, cropper_jpeg_rows_done rows_done, void *rows_context,
                             cropper_jpeg_relay *relay, int role, cropper_jpeg_report *report);
#endif
