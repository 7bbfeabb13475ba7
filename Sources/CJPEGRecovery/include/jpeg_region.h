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

/* Decodes only the stored-pixel rectangle (x, y, width, height) of `data` as BGRX pixels (CMYK when `cmyk`), bit-identical
   to the same rectangle of a full decode with libjpeg's default (TurboJPEG's) settings. The rectangle's
   pixel (i, j) is written to dest[origin + i * step_x + j * step_y], which turns it on the way. Columns outside the rectangle's iMCU columns, and rows
   above it, are neither inverse-transformed nor colour-converted; rows below it are never read. */
int cropper_jpeg_decode_region(const unsigned char *data, size_t size, int cmyk,
                               int x, int y, int width, int height, uint32_t *dest, ptrdiff_t origin, ptrdiff_t step_x, ptrdiff_t step_y,
                               int max_scans, char message[200]);

/* The same decode, telling `rows_placed` after each batch how many of the rectangle's rows (from its top, in
   stored order) are placed so far. */
int cropper_jpeg_decode_region_observed(const unsigned char *data, size_t size, int cmyk,
                                        int x, int y, int width, int height, uint32_t *dest, ptrdiff_t origin,
                                        ptrdiff_t step_x, ptrdiff_t step_y, int max_scans,
                                        void (*rows_placed)(void *observer, int rows), void *observer,
                                        char message[200]);

/* The same decode, unturned, into a ring of `ring_rows` rows `pitch` pixels apart (at least one iMCU row: 32 rows
   always are): the rectangle's row r goes to ring row r % ring_rows, and before a batch of rows is placed `room` is
   told the rows the ring then holds up to, to wait until those it replaces have been read. */
int cropper_jpeg_decode_region_into_ring(const unsigned char *data, size_t size, int x, int y, int width, int height,
                                         uint32_t *ring, ptrdiff_t pitch, int ring_rows, int max_scans,
                                         void (*room)(void *observer, int rows),
                                         void (*rows_placed)(void *observer, int rows), void *observer,
                                         char message[200]);

/* The encoder failed after the decode succeeded (`message` says why). */
enum { CROPPER_REGION_ENCODE_FAILED = -3 };

/* How the decoded rectangle is encoded: TurboJPEG's tjCompress2 settings for a BGRX bitmap at this quality, the
   luma sampling factors of its subsampling (grey: one component), baseline or progressive. */
typedef struct {
    int quality;
    int luma_h, luma_v;
    int grey;
    int progressive;
} cropper_jpeg_encoding;

/* A reduced copy of a picture summed while an encoder reads its rows: the thumbnail of a file being written,
   made without a second pass over the full pixels. Row y of the picture adds to row `copy_row[y]` of the copy (-1:
   none of its pixels is sampled); in that row, pixel x of the copy sums the picture's pixels at the columns
   `sample_columns[column_ends[x - 1]]` to `sample_columns[column_ends[x] - 1]` (from 0 for x = 0), red, green and
   blue separately: `sums[(row * width + x) * 3 + 0, 1, 2]`. An encode on two threads gives the bottom half a second
   plane of sums, `width * height * 3` further on, so that no sum is written by both. */
typedef struct {
    const int32_t *copy_row;
    const int32_t *sample_columns;
    const int32_t *column_ends;
    int width, height;
    uint32_t *sums;
} cropper_row_sums;

/* Decodes the stored-pixel rectangle unturned into `dest` (rows `pitch` pixels apart), exactly as
   cropper_jpeg_decode_region does, while a second thread encodes its rows as they are placed; the JPEG, byte for
   byte what tjCompress2 makes of the finished bitmap, is left in *jpeg (free() it) and its length in *jpeg_size.
   The decode's outcome, or CROPPER_REGION_ENCODE_FAILED; nothing is left in *jpeg unless CROPPER_REGION_OK.
   With `reduced` (may be NULL), the encoder adds the rows it reads to its sums (one plane). */
int cropper_jpeg_decode_region_encoding(const unsigned char *data, size_t size, int x, int y, int width, int height,
                                        uint32_t *dest, ptrdiff_t pitch, int max_scans,
                                        cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                                        unsigned char **jpeg, size_t *jpeg_size, char message[200]);

/* The same JPEG of the rectangle as cropper_jpeg_decode_region_encoding makes, for a caller that does not want the
   pixels: the decode and the encoder pass its rows through a ring of a few dozen rows instead of the whole region,
   so a crop holds the file, the ring and the JPEG it makes (a 3200×2400 crop: 1.6 MB of rows, not 31 MB). Without a
   second thread it decodes the whole region first, as that function does. */
int cropper_jpeg_encode_region(const unsigned char *data, size_t size, int x, int y, int width, int height,
                               int max_scans, cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                               unsigned char **jpeg, size_t *jpeg_size, char message[200]);

/* The picture was not split (progressive, too small, or more MCUs above the split than a restart interval holds):
   encode it whole. */
enum { CROPPER_ENCODE_UNSPLIT = 1 };

/* Encodes a BGRX bitmap on two threads, the top half (whole MCU rows) and the bottom, joined at a restart marker
   (the frame says DRI: one interval, the top's MCUs): the same coefficients as one baseline encode with these
   settings, so it decodes to the same pixels. CROPPER_REGION_OK with the JPEG in *jpeg (free() it),
   CROPPER_ENCODE_UNSPLIT, or CROPPER_REGION_FAILED with `message`. With `reduced` (may be NULL), each half's
   encoder adds the rows it reads to the sums, the bottom half to the second plane; nothing is added when the
   picture is not split. */
int cropper_jpeg_encode_in_two(const uint32_t *pixels, int width, int height, ptrdiff_t pitch,
                               cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                               unsigned char **jpeg, size_t *jpeg_size, char message[200]);
#endif
