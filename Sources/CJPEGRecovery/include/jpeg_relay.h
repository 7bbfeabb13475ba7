#ifndef CROPPER_JPEG_RELAY_H
#define CROPPER_JPEG_RELAY_H
#include <stddef.h>
#include <stdio.h>
#include "jpeg_recovery.h"

/* One entropy decode shared by two decodes of the same JPEG: the "feeding" one (a DCT-scaled preview) reads the
   file and hands every MCU's coefficients over, a band of iMCU rows at a time; the "fed" one (the full resolution,
   on another thread) takes them instead of reading the file, and does only the inverse DCT, upsampling and colour
   conversion. Huffman decoding is most of a big JPEG's decode, so the two cost little more than the full one alone.
   Only a file with one scan holding every component can be shared; for any other the fed decode reads the file
   itself. The feeder may run at most `capacity` bytes of coefficients ahead. Either side may give up at any
   point; the other then goes on alone. */
typedef struct cropper_jpeg_relay cropper_jpeg_relay;

cropper_jpeg_relay *cropper_jpeg_relay_create(size_t capacity);
void cropper_jpeg_relay_destroy(cropper_jpeg_relay *relay);

/* No feeding decode is coming (or the one that was ended before reading the file): the fed decode reads the file
   itself. Nothing changes once a feeding decode has started. */
void cropper_jpeg_relay_unfed(cropper_jpeg_relay *relay);

/* The fed decode has ended (or never started reading): the feeder hands nothing more over. */
void cropper_jpeg_relay_unheard(cropper_jpeg_relay *relay);

/* 1 when the two decodes shared one entropy decode (so far), 0 when the fed one read the file itself. */
int cropper_jpeg_relay_shared(cropper_jpeg_relay *relay);

/* cropper_jpeg_decode, feeding `relay`. */
int cropper_jpeg_decode_feeding(const unsigned char *data, size_t size, FILE *file, int denominator, int output,
                                unsigned char *pixels, int width, int height, int stride, int max_scans,
                                cropper_jpeg_relay *relay, cropper_jpeg_report *report);

/* cropper_jpeg_decode at full scale fed by `relay` (the headers still read from `data` or `file`); `report` is the
   feeder's, which read the data, plus whether this decode stopped early. */
int cropper_jpeg_decode_fed(const unsigned char *data, size_t size, FILE *file, int output,
                            unsigned char *pixels, int width, int height, int stride, int max_scans,
                            cropper_jpeg_rows_done rows_done, void *rows_context,
                            cropper_jpeg_relay *relay, cropper_jpeg_report *report);
#endif
