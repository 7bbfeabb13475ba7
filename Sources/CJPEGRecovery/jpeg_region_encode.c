#include "jpeg_region.h"
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* The rows of the region passed from the decoding thread to the encoding one. The mutex orders the pixels
   written before `placed` grows before the encoder reads them. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int placed;
    int abandoned;
    /* Rows the encoder has read, and whether it has stopped (done or failed): a ring's decode waits on them. */
    int consumed;
    int encoder_done;

    const uint32_t *pixels;
    ptrdiff_t pitch;
    /* The rows are a ring of this many (0: the whole region, row i at pixels + i * pitch). */
    int ring_rows;
    int width, height;
    cropper_jpeg_encoding encoding;

    /* MCUs between restart markers; 0: none. */
    unsigned int restart_interval;

    /* The reduced copy the rows read are added to (NULL: none), into `plane`; the stream's first row is the
       picture's row `first_row`. */
    const cropper_row_sums *reduced;
    uint32_t *plane;
    int first_row;

    unsigned char *output;
    size_t output_size;
    int failed;
    char message[200];
} row_stream;

static void rows_placed(void *observer, int rows) {
    row_stream *stream = observer;
    pthread_mutex_lock(&stream->lock);
    stream->placed = rows;
    pthread_cond_signal(&stream->changed);
    pthread_mutex_unlock(&stream->lock);
}

static void abandon(row_stream *stream) {
    pthread_mutex_lock(&stream->lock);
    stream->abandoned = 1;
    pthread_cond_signal(&stream->changed);
    pthread_mutex_unlock(&stream->lock);
}

/* The ring's decode wants to place rows up to `rows`: it waits until the encoder has read those they replace. */
static void ring_room(void *observer, int rows) {
    row_stream *stream = observer;
    pthread_mutex_lock(&stream->lock);
    while (stream->consumed < rows - stream->ring_rows && !stream->encoder_done)
        pthread_cond_wait(&stream->changed, &stream->lock);
    pthread_mutex_unlock(&stream->lock);
}

static void rows_read(row_stream *stream, int rows, int done) {
    pthread_mutex_lock(&stream->lock);
    stream->consumed = rows;
    stream->encoder_done = stream->encoder_done || done;
    pthread_cond_signal(&stream->changed);
    pthread_mutex_unlock(&stream->lock);
}

static const uint32_t *stream_row(const row_stream *stream, int row) {
    return stream->pixels + (ptrdiff_t)(stream->ring_rows > 0 ? row % stream->ring_rows : row) * stream->pitch;
}

/* Rows placed beyond `next`, waiting for them; 0 once the decode was abandoned. */
static int wait_for_rows(row_stream *stream, int next) {
    pthread_mutex_lock(&stream->lock);
    while (stream->placed <= next && !stream->abandoned) pthread_cond_wait(&stream->changed, &stream->lock);
    int placed = stream->abandoned ? 0 : stream->placed;
    pthread_mutex_unlock(&stream->lock);
    return placed;
}

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char *message;
} encode_error_mgr;

static void encode_error_exit(j_common_ptr cinfo) {
    encode_error_mgr *errors = (encode_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, errors->message);
    longjmp(errors->escape, 1);
}

/* A memory destination that owns its buffer, so that a failed encode can free it (jpeg_mem_dest's grown buffer
   is lost when the encode stops half way). */
typedef struct {
    struct jpeg_destination_mgr base;
    row_stream *stream;
    size_t capacity;
} stream_destination;

static void destination_start(j_compress_ptr cinfo) { (void)cinfo; }

static boolean destination_grow(j_compress_ptr cinfo) {
    stream_destination *destination = (stream_destination *)cinfo->dest;
    row_stream *stream = destination->stream;
    size_t capacity = destination->capacity * 2;
    unsigned char *grown = realloc(stream->output, capacity);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    stream->output = grown;
    destination->base.next_output_byte = grown + destination->capacity;
    destination->base.free_in_buffer = capacity - destination->capacity;
    destination->capacity = capacity;
    return TRUE;
}

static void destination_finish(j_compress_ptr cinfo) {
    stream_destination *destination = (stream_destination *)cinfo->dest;
    destination->stream->output_size = destination->capacity - destination->base.free_in_buffer;
}

/* tjCompress2's settings (libjpeg-turbo 2.1, no TJ_* environment): a fast forward DCT below quality 96. */
static void set_encoding(j_compress_ptr cinfo, const cropper_jpeg_encoding *encoding) {
    cinfo->in_color_space = JCS_EXT_BGRX;
    cinfo->input_components = 4;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, encoding->quality, TRUE);
    cinfo->dct_method = encoding->quality >= 96 ? JDCT_ISLOW : JDCT_FASTEST;
    jpeg_set_colorspace(cinfo, encoding->grey ? JCS_GRAYSCALE : JCS_YCbCr);
    if (encoding->progressive) jpeg_simple_progression(cinfo);
    cinfo->comp_info[0].h_samp_factor = encoding->luma_h;
    cinfo->comp_info[0].v_samp_factor = encoding->luma_v;
    for (int i = 1; i < cinfo->num_components; i++) {
        cinfo->comp_info[i].h_samp_factor = 1;
        cinfo->comp_info[i].v_samp_factor = 1;
    }
}

/* The sampled rows of the copy's row being summed, added up column by column (each byte of a row to its own
   16-bit sum: a loop the compiler vectorises), then the copy's sampled columns of those sums added to its plane.
   Every sampled pixel is counted once, as in a pass pixel by pixel, at a third of its cost: the scattered reads are
   made once for each row of the copy, not once for each row sampled. */
typedef struct {
    uint16_t *columns;
    int summing;
} reduction_rows;

static void finish_copy_row(const row_stream *stream, reduction_rows *rows) {
    if (rows->summing < 0) return;
    const cropper_row_sums *reduced = stream->reduced;
    uint32_t *sums = stream->plane + (size_t)rows->summing * (size_t)reduced->width * 3;
    int32_t start = 0;
    for (int x = 0; x < reduced->width; x++) {
        uint32_t red = 0, green = 0, blue = 0;
        int32_t end = reduced->column_ends[x];
        for (int32_t k = start; k < end; k++) {
            const uint16_t *pixel = rows->columns + 4 * (ptrdiff_t)reduced->sample_columns[k];
            blue += pixel[0];
            green += pixel[1];
            red += pixel[2];
        }
        start = end;
        sums[3 * x] += red;
        sums[3 * x + 1] += green;
        sums[3 * x + 2] += blue;
    }
    memset(rows->columns, 0, (size_t)stream->width * 4 * sizeof(uint16_t));
    rows->summing = -1;
}

/* Adds the stream's rows [first, first + count), just read by the encoder and still in this core's cache, to the
   reduced copy. */
static void add_to_reduced(const row_stream *stream, reduction_rows *rows, int first, int count) {
    for (int i = first; i < first + count; i++) {
        int32_t copy_row = stream->reduced->copy_row[stream->first_row + i];
        if (copy_row < 0) continue;
        if (copy_row != rows->summing) {
            finish_copy_row(stream, rows);
            rows->summing = copy_row;
        }
        const unsigned char *bytes = (const unsigned char *)stream_row(stream, i);
        uint16_t *columns = rows->columns;
        for (int k = 0; k < 4 * stream->width; k++) columns[k] += bytes[k];
    }
}

static void encode_stream(row_stream *stream);

static void *encode_rows(void *argument) {
    row_stream *stream = argument;
    encode_stream(stream);
    /* Done or failed: a decode waiting for room in the ring goes on (its rows are not wanted after a failure). */
    rows_read(stream, stream->height, 1);
    return NULL;
}

static void encode_stream(row_stream *stream) {
    struct jpeg_compress_struct cinfo;
    encode_error_mgr errors;
    stream_destination destination;

    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = encode_error_exit;
    errors.message = stream->message;
    if (setjmp(errors.escape)) {
        jpeg_destroy_compress(&cinfo);
        stream->failed = 1;
        return;
    }
    jpeg_create_compress(&cinfo);
    /* About what a quality-92 crop takes; it doubles when more is needed. */
    destination.capacity = (size_t)stream->width * (size_t)stream->height / 2 + 4096;
    stream->output = malloc(destination.capacity);
    if (stream->output == NULL) ERREXIT1(&cinfo, JERR_OUT_OF_MEMORY, 11);
    destination.stream = stream;
    destination.base.next_output_byte = stream->output;
    destination.base.free_in_buffer = destination.capacity;
    destination.base.init_destination = destination_start;
    destination.base.empty_output_buffer = destination_grow;
    destination.base.term_destination = destination_finish;
    cinfo.dest = &destination.base;
    cinfo.image_width = (JDIMENSION)stream->width;
    cinfo.image_height = (JDIMENSION)stream->height;
    set_encoding(&cinfo, &stream->encoding);
    cinfo.restart_interval = stream->restart_interval;
    jpeg_start_compress(&cinfo, TRUE);
    /* Freed with the compressor's image, also when it stops on an error. */
    reduction_rows reduction = {NULL, -1};
    if (stream->reduced != NULL) {
        size_t bytes = (size_t)stream->width * 4 * sizeof(uint16_t);
        reduction.columns = (*cinfo.mem->alloc_large)((j_common_ptr)&cinfo, JPOOL_IMAGE, bytes);
        memset(reduction.columns, 0, bytes);
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        int placed = wait_for_rows(stream, (int)cinfo.next_scanline);
        if (placed == 0) {
            jpeg_destroy_compress(&cinfo);
            return;
        }
        while ((int)cinfo.next_scanline < placed) {
            JSAMPROW rows[16];
            int count = placed - (int)cinfo.next_scanline;
            if (count > 16) count = 16;
            int first = (int)cinfo.next_scanline;
            for (int i = 0; i < count; i++)
                rows[i] = (JSAMPROW)stream_row(stream, first + i);
            jpeg_write_scanlines(&cinfo, rows, (JDIMENSION)count);
            if (reduction.columns != NULL) add_to_reduced(stream, &reduction, first, count);
            /* libjpeg has copied them: a ring's decode may write over them. */
            if (stream->ring_rows > 0) rows_read(stream, first + count, 0);
        }
    }
    if (reduction.columns != NULL) finish_copy_row(stream, &reduction);
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
}

/* No second thread could be started for a ring: its rows would be overwritten before they were read. */
enum { NO_ENCODER_THREAD = -100 };

static int decode_encoding(const unsigned char *data, size_t size, int x, int y, int width, int height,
                           uint32_t *dest, ptrdiff_t pitch, int ring_rows, int max_scans,
                           cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                           unsigned char **jpeg, size_t *jpeg_size, char message[200]) {
    row_stream stream;
    memset(&stream, 0, sizeof stream);
    pthread_mutex_init(&stream.lock, NULL);
    pthread_cond_init(&stream.changed, NULL);
    stream.pixels = dest;
    stream.pitch = pitch;
    stream.ring_rows = ring_rows;
    stream.width = width;
    stream.height = height;
    stream.encoding = encoding;
    stream.reduced = reduced;
    stream.plane = reduced != NULL ? reduced->sums : NULL;
    *jpeg = NULL;
    *jpeg_size = 0;

    pthread_t encoder;
    int threaded = pthread_create(&encoder, NULL, encode_rows, &stream) == 0;
    int status;
    if (ring_rows > 0) {
        status = threaded ? cropper_jpeg_decode_region_into_ring(data, size, x, y, width, height, dest, pitch, ring_rows,
                                                                 max_scans, ring_room, rows_placed, &stream, message)
                          : NO_ENCODER_THREAD;
    } else {
        status = cropper_jpeg_decode_region_observed(data, size, 0, x, y, width, height, dest, 0, 1, pitch, max_scans,
                                                     threaded ? rows_placed : NULL, &stream, message);
    }
    if (status != CROPPER_REGION_OK) abandon(&stream);
    if (threaded) {
        pthread_join(encoder, NULL);
    } else if (status == CROPPER_REGION_OK) {
        /* No second thread to be had: the rows are all there, so the encoder runs here. */
        stream.placed = height;
        encode_stream(&stream);
    }
    pthread_cond_destroy(&stream.changed);
    pthread_mutex_destroy(&stream.lock);
    if (status == CROPPER_REGION_OK && !stream.failed && stream.output != NULL) {
        *jpeg = stream.output;
        *jpeg_size = stream.output_size;
        return CROPPER_REGION_OK;
    }
    free(stream.output);
    if (status == CROPPER_REGION_OK) {
        snprintf(message, 200, "%s", stream.message[0] ? stream.message : "the encoder stopped");
        return CROPPER_REGION_ENCODE_FAILED;
    }
    return status;
}

int cropper_jpeg_decode_region_encoding(const unsigned char *data, size_t size, int x, int y, int width, int height,
                                        uint32_t *dest, ptrdiff_t pitch, int max_scans,
                                        cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                                        unsigned char **jpeg, size_t *jpeg_size, char message[200]) {
    return decode_encoding(data, size, x, y, width, height, dest, pitch, 0, max_scans, encoding, reduced, jpeg,
                           jpeg_size, message);
}

/* Rows in the ring: enough that the decoder runs a few batches (an iMCU row, at most 32 rows) ahead of the encoder,
   which reads 16 at a time. */
enum { RING_ROWS = 128 };

int cropper_jpeg_encode_region(const unsigned char *data, size_t size, int x, int y, int width, int height,
                               int max_scans, cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                               unsigned char **jpeg, size_t *jpeg_size, char message[200]) {
    *jpeg = NULL;
    *jpeg_size = 0;
    if (width <= 0 || height <= 0) {
        snprintf(message, 200, "an empty region");
        return CROPPER_REGION_FAILED;
    }
    int ring_rows = height < RING_ROWS ? height : RING_ROWS;
    uint32_t *ring = malloc((size_t)width * 4 * (size_t)ring_rows);
    if (ring == NULL) {
        snprintf(message, 200, "out of memory");
        return CROPPER_REGION_FAILED;
    }
    int status = decode_encoding(data, size, x, y, width, height, ring, width, ring_rows, max_scans, encoding, reduced,
                                 jpeg, jpeg_size, message);
    free(ring);
    if (status != NO_ENCODER_THREAD) return status;
    uint32_t *whole = malloc((size_t)width * 4 * (size_t)height);
    if (whole == NULL) {
        snprintf(message, 200, "out of memory");
        return CROPPER_REGION_FAILED;
    }
    status = decode_encoding(data, size, x, y, width, height, whole, width, 0, max_scans, encoding, reduced, jpeg,
                             jpeg_size, message);
    free(whole);
    return status;
}

/* Where a libjpeg-made JPEG's entropy-coded data starts (after its first SOS segment), and its frame header's
   offset (SOF0 or SOF1); 0 when not found. */
static size_t scan_data(const unsigned char *jpeg, size_t size, size_t *frame) {
    size_t at = 2;
    *frame = 0;
    while (at + 4 <= size && jpeg[at] == 0xFF) {
        unsigned marker = jpeg[at + 1];
        size_t length = ((size_t)jpeg[at + 2] << 8) | jpeg[at + 3];
        if (marker == 0xC0 || marker == 0xC1) *frame = at;
        if (marker == 0xDA) return at + 2 + length <= size ? at + 2 + length : 0;
        at += 2 + length;
    }
    return 0;
}

int cropper_jpeg_encode_in_two(const uint32_t *pixels, int width, int height, ptrdiff_t pitch,
                               cropper_jpeg_encoding encoding, const cropper_row_sums *reduced,
                               unsigned char **jpeg, size_t *jpeg_size, char message[200]) {
    *jpeg = NULL;
    *jpeg_size = 0;
    int mcu_width = 8 * encoding.luma_h, mcu_height = 8 * encoding.luma_v;
    /* The top takes the larger half of the MCU rows: the restart interval spans the whole scan, so the bottom
       must hold no more MCUs than it, or a decoder would look for a second restart marker inside it. */
    int mcu_rows = (height + mcu_height - 1) / mcu_height;
    int split = (mcu_rows + 1) / 2 * mcu_height;
    unsigned long mcu_columns = ((unsigned long)width + (unsigned long)mcu_width - 1) / (unsigned long)mcu_width;
    unsigned long interval = mcu_columns * (unsigned long)((mcu_rows + 1) / 2);
    if (encoding.progressive || mcu_rows < 2 || interval > 65535) return CROPPER_ENCODE_UNSPLIT;

    row_stream top, bottom;
    memset(&top, 0, sizeof top);
    memset(&bottom, 0, sizeof bottom);
    top.pixels = pixels;
    top.height = split;
    top.restart_interval = (unsigned int)interval;
    bottom.pixels = pixels + (ptrdiff_t)split * pitch;
    bottom.height = height - split;
    bottom.first_row = split;
    if (reduced != NULL) {
        top.reduced = bottom.reduced = reduced;
        top.plane = reduced->sums;
        bottom.plane = reduced->sums + (size_t)reduced->width * (size_t)reduced->height * 3;
    }
    row_stream *parts[2] = {&top, &bottom};
    for (int i = 0; i < 2; i++) {
        pthread_mutex_init(&parts[i]->lock, NULL);
        pthread_cond_init(&parts[i]->changed, NULL);
        parts[i]->pitch = pitch;
        parts[i]->width = width;
        parts[i]->placed = parts[i]->height;
        parts[i]->encoding = encoding;
    }
    pthread_t helper;
    int threaded = pthread_create(&helper, NULL, encode_rows, &bottom) == 0;
    encode_rows(&top);
    if (threaded) pthread_join(helper, NULL); else encode_rows(&bottom);
    for (int i = 0; i < 2; i++) {
        pthread_cond_destroy(&parts[i]->changed);
        pthread_mutex_destroy(&parts[i]->lock);
    }

    size_t top_frame, bottom_frame;
    size_t top_data = top.failed ? 0 : scan_data(top.output, top.output_size, &top_frame);
    size_t bottom_data = bottom.failed ? 0 : scan_data(bottom.output, bottom.output_size, &bottom_frame);
    int status = CROPPER_REGION_OK;
    if (top.failed || bottom.failed) {
        snprintf(message, 200, "%s", top.failed ? top.message : bottom.message);
        status = CROPPER_REGION_FAILED;
    } else if (top_data == 0 || top_frame == 0 || bottom_data == 0 || top.output_size < 2 || bottom.output_size < 2) {
        snprintf(message, 200, "the encoder's output has no frame or scan");
        status = CROPPER_REGION_FAILED;
    } else {
        /* The top's headers (its frame as tall as the whole picture) and data, a restart marker, the bottom's
           data: the bottom's DC predictions start at 0 and its bits on a byte, as after any restart. */
        size_t top_length = top.output_size - 2, bottom_length = bottom.output_size - 2 - bottom_data;
        unsigned char *joined = malloc(top_length + 2 + bottom_length + 2);
        if (joined == NULL) {
            snprintf(message, 200, "out of memory");
            status = CROPPER_REGION_FAILED;
        } else {
            memcpy(joined, top.output, top_length);
            joined[top_frame + 5] = (unsigned char)(height >> 8);
            joined[top_frame + 6] = (unsigned char)(height & 0xFF);
            joined[top_length] = 0xFF;
            joined[top_length + 1] = 0xD0;
            memcpy(joined + top_length + 2, bottom.output + bottom_data, bottom_length);
            joined[top_length + 2 + bottom_length] = 0xFF;
            joined[top_length + 3 + bottom_length] = 0xD9;
            *jpeg = joined;
            *jpeg_size = top_length + bottom_length + 4;
        }
    }
    free(top.output);
    free(bottom.output);
    return status;
}
