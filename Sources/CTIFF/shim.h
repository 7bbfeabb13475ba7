#ifndef CROPPER_CTIFF_SHIM_H
#define CROPPER_CTIFF_SHIM_H
#include <tiffio.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A TIFF file in memory: read from `data` (not owned) or written into a growing buffer (owned). */
typedef struct {
    uint8_t *data;
    uint64_t size;
    uint64_t capacity;
    uint64_t position;
    int writable;
    /* libtiff's first error and how many there were. */
    char error[256];
    int errors;
} ctiff_stream;

static inline tmsize_t ctiff_read(thandle_t handle, void *out, tmsize_t count) {
    ctiff_stream *s = (ctiff_stream *)handle;
    if (count < 0 || s->position >= s->size) return 0;
    uint64_t available = s->size - s->position;
    uint64_t n = (uint64_t)count < available ? (uint64_t)count : available;
    memcpy(out, s->data + s->position, n);
    s->position += n;
    return (tmsize_t)n;
}

static inline tmsize_t ctiff_write(thandle_t handle, void *in, tmsize_t count) {
    ctiff_stream *s = (ctiff_stream *)handle;
    if (!s->writable || count < 0) return -1;
    uint64_t end = s->position + (uint64_t)count;
    if (end > s->capacity) {
        uint64_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(s->data, capacity);
        if (grown == NULL) return -1;
        memset(grown + s->capacity, 0, capacity - s->capacity);
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->position, in, (size_t)count);
    s->position = end;
    if (end > s->size) s->size = end;
    return count;
}

static inline toff_t ctiff_seek(thandle_t handle, toff_t offset, int whence) {
    ctiff_stream *s = (ctiff_stream *)handle;
    uint64_t base = whence == SEEK_CUR ? s->position : whence == SEEK_END ? s->size : 0;
    s->position = base + offset;
    return s->position;
}

static inline int ctiff_close(thandle_t handle) { (void)handle; return 0; }
static inline toff_t ctiff_size(thandle_t handle) { return ((ctiff_stream *)handle)->size; }
static inline int ctiff_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static inline void ctiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

static inline int ctiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    ctiff_stream *s = (ctiff_stream *)user;
    if (s->errors++ == 0) vsnprintf(s->error, sizeof s->error, fmt, ap);
    return 1;
}

static inline int ctiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

/* Opens the stream with libtiff's own allocation limit on and its messages caught (never printed). */
static inline TIFF *ctiff_open(ctiff_stream *s, const char *mode, tmsize_t max_alloc) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_alloc);
    TIFFOpenOptionsSetErrorHandlerExtR(options, ctiff_on_error, s);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ctiff_on_warning, s);
    TIFF *tif = TIFFClientOpenExt("memory", mode, (thandle_t)s, ctiff_read, ctiff_write, ctiff_seek,
                                  ctiff_close, ctiff_size, ctiff_map, ctiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/* TIFFGetField and TIFFSetField are variadic: one typed door each. */
static inline int ctiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) { return TIFFGetField(tif, tag, value); }
static inline int ctiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) { return TIFFGetField(tif, tag, value); }
static inline int ctiff_get_u16_defaulted(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}
static inline int ctiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t **types) {
    return TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, count, types);
}
static inline int ctiff_get_bytes(TIFF *tif, uint32_t tag, uint32_t *count, void **data) {
    return TIFFGetField(tif, tag, count, data);
}
static inline int ctiff_get_string(TIFF *tif, uint32_t tag, char **text) { return TIFFGetField(tif, tag, text); }
static inline int ctiff_set_u16(TIFF *tif, uint32_t tag, uint16_t value) { return TIFFSetField(tif, tag, (int)value); }
static inline int ctiff_set_u32(TIFF *tif, uint32_t tag, uint32_t value) { return TIFFSetField(tif, tag, value); }
static inline int ctiff_set_bytes(TIFF *tif, uint32_t tag, uint32_t count, const void *data) {
    return TIFFSetField(tif, tag, count, data);
}
static inline int ctiff_set_string(TIFF *tif, uint32_t tag, const char *text) { return TIFFSetField(tif, tag, text); }
static inline int ctiff_set_resolution(TIFF *tif, double dpi) {
    return TIFFSetField(tif, TIFFTAG_XRESOLUTION, dpi) && TIFFSetField(tif, TIFFTAG_YRESOLUTION, dpi)
        && TIFFSetField(tif, TIFFTAG_RESOLUTIONUNIT, (int)RESUNIT_INCH);
}
static inline int ctiff_set_unassociated_alpha(TIFF *tif) {
    uint16_t kind = EXTRASAMPLE_UNASSALPHA;
    return TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &kind);
}
#endif
