#ifndef CROPPER_CHEIF_SHIM_H
#define CROPPER_CHEIF_SHIM_H
#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>

/* A growing memory buffer that heif_context_write fills. */
typedef struct {
    uint8_t *data;
    size_t size;
} cheif_buffer;

static inline struct heif_error cheif_buffer_write(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    cheif_buffer *buffer = (cheif_buffer *)userdata;
    struct heif_error result = { heif_error_Ok, heif_suberror_Unspecified, "" };
    uint8_t *grown = (uint8_t *)realloc(buffer->data, buffer->size + size);
    if (grown == NULL && size > 0) {
        result.code = heif_error_Memory_allocation_error;
        result.message = "out of memory";
        return result;
    }
    buffer->data = grown;
    memcpy(buffer->data + buffer->size, data, size);
    buffer->size += size;
    return result;
}

/* Writes the context into `buffer` (free buffer->data afterwards). */
static inline struct heif_error cheif_write_to_memory(struct heif_context *ctx, cheif_buffer *buffer) {
    struct heif_writer writer;
    writer.writer_api_version = 1;
    writer.write = cheif_buffer_write;
    return heif_context_write(ctx, &writer, buffer);
}
#endif
