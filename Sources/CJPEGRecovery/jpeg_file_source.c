#include "jpeg_file_source.h"
#include <jerror.h>

/* libjpeg's stdio source reads 4 KiB at a time, and libjpeg-turbo takes its fast Huffman path only while an MCU's
   worst case (512 bytes a block, 3 KiB for 4:2:0) is in the buffer: from a 4 KiB buffer, most MCUs of a big photo
   went the slow way. This source reads 1 MiB at a time; otherwise it behaves as jpeg_stdio_src (a file cut short
   is warned of and ended with a fake EOI). */
enum { BUFFER_BYTES = 1 << 20 };

typedef struct {
    struct jpeg_source_mgr pub;
    FILE *file;
    JOCTET *buffer;
    boolean at_start;
} file_source;

static void init_source(j_decompress_ptr cinfo) {
    ((file_source *)cinfo->src)->at_start = TRUE;
}

static boolean fill_input_buffer(j_decompress_ptr cinfo) {
    file_source *source = (file_source *)cinfo->src;
    size_t count = fread(source->buffer, 1, BUFFER_BYTES, source->file);
    if (count == 0) {
        if (source->at_start) ERREXIT(cinfo, JERR_INPUT_EMPTY);
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->buffer[0] = (JOCTET)0xFF;
        source->buffer[1] = (JOCTET)JPEG_EOI;
        count = 2;
    }
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = count;
    source->at_start = FALSE;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    while (count > (long)source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        (void)(*source->fill_input_buffer)(cinfo);
    }
    source->next_input_byte += (size_t)count;
    source->bytes_in_buffer -= (size_t)count;
}

static void term_source(j_decompress_ptr cinfo) {
    (void)cinfo;
}

void cropper_jpeg_file_src(j_decompress_ptr cinfo, FILE *file) {
    file_source *source = (file_source *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                                    sizeof(file_source));
    source->buffer = (JOCTET *)(*cinfo->mem->alloc_large)((j_common_ptr)cinfo, JPOOL_PERMANENT, BUFFER_BYTES);
    source->file = file;
    source->pub.init_source = init_source;
    source->pub.fill_input_buffer = fill_input_buffer;
    source->pub.skip_input_data = skip_input_data;
    source->pub.resync_to_restart = jpeg_resync_to_restart;
    source->pub.term_source = term_source;
    source->pub.bytes_in_buffer = 0;
    source->pub.next_input_byte = NULL;
    cinfo->src = &source->pub;
}
