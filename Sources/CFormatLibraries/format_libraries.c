/*
 * libheif (with libde265, x265, aom and dav1d behind it), libtiff, libwebp and libjxl (with brotli and highway) cost some 6.5 ms at every start when
 * linked: mapping and relocating two dozen libraries and libde265's table set-up. Cropper starts far more often
 * for a JPEG than it opens any of these formats, so they are not linked. Instead this file defines each function
 * Cropper calls, with the library's own prototype (the compiler checks it against the header), as a forwarder
 * that loads the library on first use and calls the real function found there.
 */
#define _GNU_SOURCE /* dlinfo */
#include "format_libraries.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <gif_lib.h>
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <jxl/decode.h>
#include <jxl/encode.h>
#include <jxl/thread_parallel_runner.h>
#include <libheif/heif.h>
#include <tiffio.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

/* The sonames of the versions whose headers Cropper is built against (Debian 12's libheif1, libtiff6, libwebp7,
 * libjxl0.7, libgif7, libavcodec59, libavutil57). OPTIONAL marks a library Cropper works without (packaging/build-deb
 * makes it a recommendation rather than a dependency). */
#define OPTIONAL(soname) soname
static const char *const sonames[] = {
    [CROPPER_HEIF] = "libheif.so.1",
    [CROPPER_TIFF] = "libtiff.so.6",
    [CROPPER_WEBP] = "libwebp.so.7",
    [CROPPER_WEBP_DEMUX] = "libwebpdemux.so.2",
    [CROPPER_WEBP_MUX] = "libwebpmux.so.3",
    [CROPPER_JXL] = "libjxl.so.0.7",
    [CROPPER_JXL_THREADS] = "libjxl_threads.so.0.7",
    [CROPPER_GIF] = "libgif.so.7",
    [CROPPER_AVCODEC] = OPTIONAL("libavcodec.so.59"),
    [CROPPER_AVUTIL] = OPTIONAL("libavutil.so.57"),
};

#define LIBRARY_COUNT (sizeof sonames / sizeof sonames[0])

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
static void *handles[LIBRARY_COUNT];
static char failures[LIBRARY_COUNT][512];

/* Debian builds libjxl with its failure tracing on: every JXL_FAILURE in a damaged file prints a line such as
 * "./lib/jxl/decode.cc:2143: missing input" to stderr, which would break "one clear line" for every bad file.
 * libjxl prints them, and nothing else, through vfprintf (__vfprintf_chk when fortified): that one import of
 * libjxl's alone is pointed at a function that prints nothing. Its aborts still speak (through fprintf). */
static int silent_vfprintf_chk(FILE *stream, int flag, const char *format, va_list arguments) {
    (void)stream, (void)flag, (void)format, (void)arguments;
    return 0;
}

static int silent_vfprintf(FILE *stream, const char *format, va_list arguments) {
    (void)stream, (void)format, (void)arguments;
    return 0;
}

static void redirect_relocations(struct link_map *map, const ElfW(Rela) *relocations, size_t bytes,
                                 const ElfW(Sym) *symbols, const char *names) {
    long page = sysconf(_SC_PAGESIZE);
    for (size_t i = 0; i < bytes / sizeof *relocations; i++) {
        const char *name = names + symbols[ELF64_R_SYM(relocations[i].r_info)].st_name;
        void *replacement = strcmp(name, "__vfprintf_chk") == 0 ? (void *)silent_vfprintf_chk
                            : strcmp(name, "vfprintf") == 0     ? (void *)silent_vfprintf
                                                                : NULL;
        if (replacement == NULL) continue;
        void **slot = (void **)(map->l_addr + relocations[i].r_offset);
        void *start = (void *)((uintptr_t)slot & ~(uintptr_t)(page - 1));
        /* The slot may lie in the part made read-only after relocation (RELRO): the page is made writable for the
         * write and left so, since it may share the page with data libjxl writes (making it read-only again
         * broke libjxl). */
        if (mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) continue;
        *slot = replacement;
    }
}

static void silence_tracing(void *handle) {
    struct link_map *map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return;
    const ElfW(Sym) *symbols = NULL;
    const char *names = NULL;
    const ElfW(Rela) *plt = NULL, *data = NULL;
    size_t plt_bytes = 0, data_bytes = 0;
    /* glibc has already turned these addresses absolute in the loaded library's dynamic section. */
    for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)entry->d_un.d_ptr; break;
        case DT_STRTAB: names = (const char *)entry->d_un.d_ptr; break;
        case DT_JMPREL: plt = (const ElfW(Rela) *)entry->d_un.d_ptr; break;
        case DT_PLTRELSZ: plt_bytes = entry->d_un.d_val; break;
        case DT_RELA: data = (const ElfW(Rela) *)entry->d_un.d_ptr; break;
        case DT_RELASZ: data_bytes = entry->d_un.d_val; break;
        default: break;
        }
    }
    if (symbols == NULL || names == NULL) return;
    if (plt) redirect_relocations(map, plt, plt_bytes, symbols, names);
    if (data) redirect_relocations(map, data, data_bytes, symbols, names);
}

const char *cropper_load_format_library(enum cropper_format_library library) {
    pthread_mutex_lock(&loading);
    if (handles[library] == NULL && failures[library][0] == '\0') {
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (handles[library] != NULL && library == CROPPER_JXL) silence_tracing(handles[library]);
        /* FFmpeg logs damaged data to stderr; Cropper says what failed in one line of its own. */
        if (handles[library] != NULL && library == CROPPER_AVUTIL) {
            void (*set_level)(int) = (void (*)(int))dlsym(handles[library], "av_log_set_level");
            if (set_level) set_level(AV_LOG_QUIET);
        }
        if (handles[library] == NULL) {
            const char *why = dlerror();
            snprintf(failures[library], sizeof failures[library], "%s", why ? why : sonames[library]);
        }
    }
    const char *failure = handles[library] ? NULL : failures[library];
    pthread_mutex_unlock(&loading);
    return failure;
}

/* The codecs check cropper_load_format_library before their first call, so a missing library or symbol here is
 * an installation broken under a running program: said in one line, and the process ends. */
static void *real_function(enum cropper_format_library library, const char *name) {
    const char *failure = cropper_load_format_library(library);
    void *found = failure ? NULL : dlsym(handles[library], name);
    if (found == NULL) {
        fprintf(stderr, "cropper: %s: %s\n", sonames[library], failure ? failure : dlerror());
        abort();
    }
    return found;
}

#define FORWARD(library, type, name, parameters, arguments)                                               \
    type name parameters {                                                                                \
        static type(*real) parameters;                                                                    \
        type(*function) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                            \
        if (function == NULL) {                                                                           \
            function = (type(*) parameters)real_function(library, #name);                                 \
            __atomic_store_n(&real, function, __ATOMIC_RELEASE);                                          \
        }                                                                                                 \
        return function arguments;                                                                        \
    }

#define FORWARD_VOID(library, name, parameters, arguments)                                                \
    void name parameters {                                                                                \
        static void(*real) parameters;                                                                    \
        void(*function) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                            \
        if (function == NULL) {                                                                           \
            function = (void(*) parameters)real_function(library, #name);                                 \
            __atomic_store_n(&real, function, __ATOMIC_RELEASE);                                          \
        }                                                                                                 \
        function arguments;                                                                               \
    }

/* TIFFGetField and TIFFSetField take their values variadically: forwarded through their va_list forms. */
#define FORWARD_TIFF_FIELD(name, va_name)                                                                 \
    int name(TIFF *tif, uint32_t tag, ...) {                                                              \
        static int (*real)(TIFF *, uint32_t, va_list);                                                    \
        int (*function)(TIFF *, uint32_t, va_list) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);           \
        if (function == NULL) {                                                                           \
            function = (int (*)(TIFF *, uint32_t, va_list))real_function(CROPPER_TIFF, #va_name);         \
            __atomic_store_n(&real, function, __ATOMIC_RELEASE);                                          \
        }                                                                                                 \
        va_list values;                                                                                   \
        va_start(values, tag);                                                                            \
        int result = function(tif, tag, values);                                                          \
        va_end(values);                                                                                   \
        return result;                                                                                    \
    }

FORWARD(CROPPER_AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec * a0), (a0))
FORWARD(CROPPER_AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID a0), (a0))
FORWARD_VOID(CROPPER_AVCODEC, avcodec_free_context, (AVCodecContext ** a0), (a0))
FORWARD(CROPPER_AVCODEC, int, avcodec_open2, (AVCodecContext * a0, const AVCodec * a1, AVDictionary ** a2), (a0, a1, a2))
FORWARD(CROPPER_AVCODEC, int, avcodec_receive_frame, (AVCodecContext * a0, AVFrame * a1), (a0, a1))
FORWARD(CROPPER_AVCODEC, int, avcodec_send_packet, (AVCodecContext * a0, const AVPacket * a1), (a0, a1))
FORWARD_VOID(CROPPER_AVCODEC, avcodec_flush_buffers, (AVCodecContext * a0), (a0))
FORWARD(CROPPER_AVCODEC, AVPacket *, av_packet_alloc, (void), ())
FORWARD_VOID(CROPPER_AVCODEC, av_packet_free, (AVPacket ** a0), (a0))
FORWARD(CROPPER_AVUTIL, AVFrame *, av_frame_alloc, (void), ())
FORWARD_VOID(CROPPER_AVUTIL, av_frame_free, (AVFrame ** a0), (a0))
FORWARD(CROPPER_AVUTIL, void *, av_mallocz, (size_t a0), (a0))
FORWARD_TIFF_FIELD(TIFFGetField, TIFFVGetField)
FORWARD_TIFF_FIELD(TIFFGetFieldDefaulted, TIFFVGetFieldDefaulted)
FORWARD_TIFF_FIELD(TIFFSetField, TIFFVSetField)

FORWARD(CROPPER_TIFF, TIFF *, TIFFClientOpenExt, (const char * a0, const char * a1, thandle_t a2, TIFFReadWriteProc a3, TIFFReadWriteProc a4, TIFFSeekProc a5, TIFFCloseProc a6, TIFFSizeProc a7, TIFFMapFileProc a8, TIFFUnmapFileProc a9, TIFFOpenOptions * a10), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
FORWARD_VOID(CROPPER_TIFF, TIFFClose, (TIFF * a0), (a0))
FORWARD(CROPPER_TIFF, uint32_t, TIFFDefaultStripSize, (TIFF * a0, uint32_t a1), (a0, a1))
FORWARD(CROPPER_TIFF, uint64_t, TIFFGetStrileByteCount, (TIFF * a0, uint32_t a1), (a0, a1))
FORWARD(CROPPER_TIFF, uint64_t, TIFFGetStrileOffset, (TIFF * a0, uint32_t a1), (a0, a1))
FORWARD(CROPPER_TIFF, int, TIFFIsCODECConfigured, (uint16_t a0), (a0))
FORWARD(CROPPER_TIFF, int, TIFFIsTiled, (TIFF * a0), (a0))
FORWARD(CROPPER_TIFF, tdir_t, TIFFNumberOfDirectories, (TIFF * a0), (a0))
FORWARD(CROPPER_TIFF, uint32_t, TIFFNumberOfStrips, (TIFF * a0), (a0))
FORWARD(CROPPER_TIFF, TIFFOpenOptions *, TIFFOpenOptionsAlloc, (void), ())
FORWARD_VOID(CROPPER_TIFF, TIFFOpenOptionsFree, (TIFFOpenOptions * a0), (a0))
FORWARD_VOID(CROPPER_TIFF, TIFFOpenOptionsSetErrorHandlerExtR, (TIFFOpenOptions * a0, TIFFErrorHandlerExtR a1, void * a2), (a0, a1, a2))
FORWARD_VOID(CROPPER_TIFF, TIFFOpenOptionsSetMaxSingleMemAlloc, (TIFFOpenOptions * a0, tmsize_t a1), (a0, a1))
FORWARD_VOID(CROPPER_TIFF, TIFFOpenOptionsSetWarningHandlerExtR, (TIFFOpenOptions * a0, TIFFErrorHandlerExtR a1, void * a2), (a0, a1, a2))
FORWARD(CROPPER_TIFF, int, TIFFRGBAImageOK, (TIFF * a0, char a1[1024]), (a0, a1))
FORWARD(CROPPER_TIFF, int, TIFFReadRGBAImageOriented, (TIFF * a0, uint32_t a1, uint32_t a2, uint32_t * a3, int a4, int a5), (a0, a1, a2, a3, a4, a5))
FORWARD(CROPPER_TIFF, int, TIFFWriteScanline, (TIFF * a0, void * a1, uint32_t a2, uint16_t a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_WEBP_DEMUX, WebPAnimDecoderDelete, (WebPAnimDecoder* a0), (a0))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPAnimDecoderGetNext, (WebPAnimDecoder* a0, uint8_t** a1, int* a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_DEMUX, WebPAnimDecoder*, WebPAnimDecoderNewInternal, (const WebPData* a0, const WebPAnimDecoderOptions* a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPAnimDecoderOptionsInitInternal, (WebPAnimDecoderOptions* a0, int a1), (a0, a1))
FORWARD(CROPPER_WEBP, int, WebPConfigInitInternal, (WebPConfig* a0, WebPPreset a1, float a2, int a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_WEBP_DEMUX, WebPDemuxDelete, (WebPDemuxer* a0), (a0))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPDemuxGetChunk, (const WebPDemuxer* a0, const char a1[4], int a2, WebPChunkIterator* a3), (a0, a1, a2, a3))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPDemuxGetFrame, (const WebPDemuxer* a0, int a1, WebPIterator* a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_DEMUX, uint32_t, WebPDemuxGetI, (const WebPDemuxer* a0, WebPFormatFeature a1), (a0, a1))
FORWARD(CROPPER_WEBP_DEMUX, WebPDemuxer*, WebPDemuxInternal, (const WebPData* a0, int a1, WebPDemuxState* a2, int a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_WEBP_DEMUX, WebPDemuxReleaseChunkIterator, (WebPChunkIterator* a0), (a0))
FORWARD_VOID(CROPPER_WEBP_DEMUX, WebPDemuxReleaseIterator, (WebPIterator* a0), (a0))
FORWARD(CROPPER_WEBP, int, WebPEncode, (const WebPConfig* a0, WebPPicture* a1), (a0, a1))
FORWARD_VOID(CROPPER_WEBP, WebPFree, (void* a0), (a0))
FORWARD(CROPPER_WEBP, VP8StatusCode, WebPGetFeaturesInternal, (const uint8_t* a0, size_t a1, WebPBitstreamFeatures* a2, int a3), (a0, a1, a2, a3))
FORWARD(CROPPER_WEBP, uint8_t*, WebPIDecGetRGB, (const WebPIDecoder* a0, int* a1, int* a2, int* a3, int* a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_WEBP, WebPIDecoder*, WebPIDecode, (const uint8_t* a0, size_t a1, WebPDecoderConfig* a2), (a0, a1, a2))
FORWARD_VOID(CROPPER_WEBP, WebPIDelete, (WebPIDecoder* a0), (a0))
FORWARD(CROPPER_WEBP, VP8StatusCode, WebPIUpdate, (WebPIDecoder* a0, const uint8_t* a1, size_t a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP, int, WebPInitDecoderConfigInternal, (WebPDecoderConfig* a0, int a1), (a0, a1))
FORWARD(CROPPER_WEBP, int, WebPMemoryWrite, (const uint8_t* a0, size_t a1, const WebPPicture* a2), (a0, a1, a2))
FORWARD_VOID(CROPPER_WEBP, WebPMemoryWriterClear, (WebPMemoryWriter* a0), (a0))
FORWARD_VOID(CROPPER_WEBP, WebPMemoryWriterInit, (WebPMemoryWriter* a0), (a0))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxAssemble, (WebPMux* a0, WebPData* a1), (a0, a1))
FORWARD_VOID(CROPPER_WEBP_MUX, WebPMuxDelete, (WebPMux* a0), (a0))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxSetChunk, (WebPMux* a0, const char a1[4], const WebPData* a2, int a3), (a0, a1, a2, a3))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxSetImage, (WebPMux* a0, const WebPData* a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_MUX, WebPMux*, WebPNewInternal, (int a0), (a0))
FORWARD_VOID(CROPPER_WEBP, WebPPictureFree, (WebPPicture* a0), (a0))
FORWARD(CROPPER_WEBP, int, WebPPictureImportBGRA, (WebPPicture* a0, const uint8_t* a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP, int, WebPPictureImportBGRX, (WebPPicture* a0, const uint8_t* a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP, int, WebPPictureInitInternal, (WebPPicture* a0, int a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_add_XMP_metadata, (struct heif_context* a0, const struct heif_image_handle* a1, const void* a2, int a3), (a0, a1, a2, a3))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_add_exif_metadata, (struct heif_context* a0, const struct heif_image_handle* a1, const void* a2, int a3), (a0, a1, a2, a3))
FORWARD(CROPPER_HEIF, struct heif_context*, heif_context_alloc, (void), ())
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_encode_image, (struct heif_context* a0, const struct heif_image* a1, struct heif_encoder* a2, const struct heif_encoding_options* a3, struct heif_image_handle** a4), (a0, a1, a2, a3, a4))
FORWARD_VOID(CROPPER_HEIF, heif_context_free, (struct heif_context* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_get_encoder_for_format, (struct heif_context* a0, enum heif_compression_format a1, struct heif_encoder** a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, int, heif_context_get_number_of_top_level_images, (struct heif_context* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_get_image_handle, (struct heif_context* a0, heif_item_id a1, struct heif_image_handle** a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_get_primary_image_handle, (struct heif_context* a0, struct heif_image_handle** a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_read_from_memory_without_copy, (struct heif_context* a0, const void* a1, size_t a2, const struct heif_reading_options* a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_HEIF, heif_context_set_maximum_image_size_limit, (struct heif_context* a0, int a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_error, heif_context_write, (struct heif_context* a0, struct heif_writer* a1, void* a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, struct heif_error, heif_decode_image, (const struct heif_image_handle* a0, struct heif_image** a1, enum heif_colorspace a2, enum heif_chroma a3, const struct heif_decoding_options* a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_HEIF, struct heif_decoding_options*, heif_decoding_options_alloc, (void), ())
FORWARD_VOID(CROPPER_HEIF, heif_decoding_options_free, (struct heif_decoding_options* a0), (a0))
FORWARD_VOID(CROPPER_HEIF, heif_encoder_release, (struct heif_encoder* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_encoder_set_parameter_string, (struct heif_encoder* a0, const char* a1, const char* a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, struct heif_error, heif_encoder_set_lossy_quality, (struct heif_encoder* a0, int a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_encoding_options*, heif_encoding_options_alloc, (void), ())
FORWARD_VOID(CROPPER_HEIF, heif_encoding_options_free, (struct heif_encoding_options* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_add_plane, (struct heif_image* a0, enum heif_channel a1, int a2, int a3, int a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_create, (int a0, int a1, enum heif_colorspace a2, enum heif_chroma a3, struct heif_image** a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_HEIF, uint8_t*, heif_image_get_plane, (struct heif_image* a0, enum heif_channel a1, int* a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, const uint8_t*, heif_image_get_plane_readonly, (const struct heif_image* a0, enum heif_channel a1, int* a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, int, heif_image_get_bits_per_pixel_range, (const struct heif_image* a0, enum heif_channel a1), (a0, a1))
FORWARD(CROPPER_HEIF, int, heif_image_get_primary_height, (const struct heif_image* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_get_primary_width, (const struct heif_image* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_height, (const struct heif_image_handle* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_list_of_metadata_block_IDs, (const struct heif_image_handle* a0, const char* a1, heif_item_id* a2, int a3), (a0, a1, a2, a3))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_luma_bits_per_pixel, (const struct heif_image_handle* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_chroma_bits_per_pixel, (const struct heif_image_handle* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_handle_get_metadata, (const struct heif_image_handle* a0, heif_item_id a1, void* a2), (a0, a1, a2))
FORWARD(CROPPER_HEIF, const char*, heif_image_handle_get_metadata_content_type, (const struct heif_image_handle* a0, heif_item_id a1), (a0, a1))
FORWARD(CROPPER_HEIF, size_t, heif_image_handle_get_metadata_size, (const struct heif_image_handle* a0, heif_item_id a1), (a0, a1))
FORWARD(CROPPER_HEIF, const char*, heif_image_handle_get_metadata_type, (const struct heif_image_handle* a0, heif_item_id a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_handle_get_nclx_color_profile, (const struct heif_image_handle* a0, struct heif_color_profile_nclx** a1), (a0, a1))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_number_of_metadata_blocks, (const struct heif_image_handle* a0, const char* a1), (a0, a1))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_handle_get_raw_color_profile, (const struct heif_image_handle* a0, void* a1), (a0, a1))
FORWARD(CROPPER_HEIF, size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_handle_get_width, (const struct heif_image_handle* a0), (a0))
FORWARD(CROPPER_HEIF, int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle* a0), (a0))
FORWARD_VOID(CROPPER_HEIF, heif_image_handle_release, (const struct heif_image_handle* a0), (a0))
FORWARD_VOID(CROPPER_HEIF, heif_image_release, (const struct heif_image* a0), (a0))
FORWARD(CROPPER_HEIF, struct heif_error, heif_image_set_raw_color_profile, (struct heif_image* a0, const char* a1, const void* a2, const size_t a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_HEIF, heif_nclx_color_profile_free, (struct heif_color_profile_nclx* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoder*, JxlDecoderCreate, (const JxlMemoryManager* a0), (a0))
FORWARD_VOID(CROPPER_JXL, JxlDecoderDestroy, (JxlDecoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSubscribeEvents, (JxlDecoder* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetInput, (JxlDecoder* a0, const uint8_t* a1, size_t a2), (a0, a1, a2))
FORWARD_VOID(CROPPER_JXL, JxlDecoderCloseInput, (JxlDecoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderProcessInput, (JxlDecoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetBasicInfo, (const JxlDecoder* a0, JxlBasicInfo* a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetColorAsEncodedProfile, (const JxlDecoder* a0, const JxlPixelFormat* a1, JxlColorProfileTarget a2, JxlColorEncoding* a3), (a0, a1, a2, a3))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetICCProfileSize, (const JxlDecoder* a0, const JxlPixelFormat* a1, JxlColorProfileTarget a2, size_t* a3), (a0, a1, a2, a3))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetColorAsICCProfile, (const JxlDecoder* a0, const JxlPixelFormat* a1, JxlColorProfileTarget a2, uint8_t* a3, size_t a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetPreferredColorProfile, (JxlDecoder* a0, const JxlColorEncoding* a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetKeepOrientation, (JxlDecoder* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetDecompressBoxes, (JxlDecoder* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetBoxType, (JxlDecoder* a0, JxlBoxType a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetBoxBuffer, (JxlDecoder* a0, uint8_t* a1, size_t a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, size_t, JxlDecoderReleaseBoxBuffer, (JxlDecoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetImageOutCallback, (JxlDecoder* a0, const JxlPixelFormat* a1, JxlImageOutCallback a2, void* a3), (a0, a1, a2, a3))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetParallelRunner, (JxlDecoder* a0, JxlParallelRunner a1, void* a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderSetProgressiveDetail, (JxlDecoder* a0, JxlProgressiveDetail a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderFlushImage, (JxlDecoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlDecoderStatus, JxlDecoderGetFrameHeader, (const JxlDecoder* a0, JxlFrameHeader* a1), (a0, a1))
FORWARD(CROPPER_JXL, size_t, JxlDecoderReleaseInput, (JxlDecoder* a0), (a0))
FORWARD_VOID(CROPPER_JXL, JxlColorEncodingSetToSRGB, (JxlColorEncoding* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoder*, JxlEncoderCreate, (const JxlMemoryManager* a0), (a0))
FORWARD_VOID(CROPPER_JXL, JxlEncoderDestroy, (JxlEncoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetParallelRunner, (JxlEncoder* a0, JxlParallelRunner a1, void* a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetBasicInfo, (JxlEncoder* a0, const JxlBasicInfo* a1), (a0, a1))
FORWARD_VOID(CROPPER_JXL, JxlEncoderInitBasicInfo, (JxlBasicInfo* a0), (a0))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetColorEncoding, (JxlEncoder* a0, const JxlColorEncoding* a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetICCProfile, (JxlEncoder* a0, const uint8_t* a1, size_t a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlEncoderFrameSettings*, JxlEncoderFrameSettingsCreate, (JxlEncoder* a0, const JxlEncoderFrameSettings* a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetFrameLossless, (JxlEncoderFrameSettings* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderSetFrameDistance, (JxlEncoderFrameSettings* a0, float a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderFrameSettingsSetOption, (JxlEncoderFrameSettings* a0, JxlEncoderFrameSettingId a1, int64_t a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderAddImageFrame, (const JxlEncoderFrameSettings* a0, const JxlPixelFormat* a1, const void* a2, size_t a3), (a0, a1, a2, a3))
FORWARD_VOID(CROPPER_JXL, JxlEncoderCloseInput, (JxlEncoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderProcessOutput, (JxlEncoder* a0, uint8_t** a1, size_t* a2), (a0, a1, a2))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderUseBoxes, (JxlEncoder* a0), (a0))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderAddBox, (JxlEncoder* a0, const JxlBoxType a1, const uint8_t* a2, size_t a3, int a4), (a0, a1, a2, a3, a4))
FORWARD(CROPPER_JXL, JxlEncoderStatus, JxlEncoderUseContainer, (JxlEncoder* a0, int a1), (a0, a1))
FORWARD(CROPPER_JXL, JxlEncoderError, JxlEncoderGetError, (JxlEncoder* a0), (a0))
FORWARD(CROPPER_JXL_THREADS, JxlParallelRetCode, JxlThreadParallelRunner, (void* a0, void* a1, JxlParallelRunInit a2, JxlParallelRunFunction a3, uint32_t a4, uint32_t a5), (a0, a1, a2, a3, a4, a5))
FORWARD(CROPPER_JXL_THREADS, void*, JxlThreadParallelRunnerCreate, (const JxlMemoryManager* a0, size_t a1), (a0, a1))
FORWARD_VOID(CROPPER_JXL_THREADS, JxlThreadParallelRunnerDestroy, (void* a0), (a0))
FORWARD(CROPPER_JXL_THREADS, size_t, JxlThreadParallelRunnerDefaultNumWorkerThreads, (void), ())
FORWARD(CROPPER_GIF, GifFileType *, DGifOpen, (void * a0, InputFunc a1, int * a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, DGifCloseFile, (GifFileType * a0, int * a1), (a0, a1))
FORWARD(CROPPER_GIF, int, DGifGetRecordType, (GifFileType * a0, GifRecordType * a1), (a0, a1))
FORWARD(CROPPER_GIF, int, DGifGetImageDesc, (GifFileType * a0), (a0))
FORWARD(CROPPER_GIF, int, DGifGetLine, (GifFileType * a0, GifPixelType * a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, DGifGetExtension, (GifFileType * a0, int * a1, GifByteType ** a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, DGifGetExtensionNext, (GifFileType * a0, GifByteType ** a1), (a0, a1))
FORWARD(CROPPER_GIF, int, DGifGetCode, (GifFileType * a0, int * a1, GifByteType ** a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, DGifGetCodeNext, (GifFileType * a0, GifByteType ** a1), (a0, a1))
FORWARD(CROPPER_GIF, int, DGifExtensionToGCB, (const size_t a0, const GifByteType * a1, GraphicsControlBlock * a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, GifFileType *, EGifOpen, (void * a0, OutputFunc a1, int * a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, EGifCloseFile, (GifFileType * a0, int * a1), (a0, a1))
FORWARD(CROPPER_GIF, int, EGifPutScreenDesc, (GifFileType * a0, const int a1, const int a2, const int a3, const int a4, const ColorMapObject * a5), (a0, a1, a2, a3, a4, a5))
FORWARD(CROPPER_GIF, int, EGifPutImageDesc, (GifFileType * a0, const int a1, const int a2, const int a3, const int a4, const _Bool a5, const ColorMapObject * a6), (a0, a1, a2, a3, a4, a5, a6))
FORWARD(CROPPER_GIF, int, EGifPutLine, (GifFileType * a0, GifPixelType * a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, EGifPutExtensionLeader, (GifFileType * a0, const int a1), (a0, a1))
FORWARD(CROPPER_GIF, int, EGifPutExtensionBlock, (GifFileType * a0, const int a1, const void * a2), (a0, a1, a2))
FORWARD(CROPPER_GIF, int, EGifPutExtensionTrailer, (GifFileType * a0), (a0))
FORWARD(CROPPER_GIF, int, EGifPutExtension, (GifFileType * a0, const int a1, const int a2, const void * a3), (a0, a1, a2, a3))
FORWARD(CROPPER_GIF, size_t, EGifGCBToExtension, (const GraphicsControlBlock * a0, GifByteType * a1), (a0, a1))
FORWARD(CROPPER_GIF, ColorMapObject *, GifMakeMapObject, (int a0, const GifColorType * a1), (a0, a1))
FORWARD_VOID(CROPPER_GIF, GifFreeMapObject, (ColorMapObject * a0), (a0))
FORWARD(CROPPER_GIF, const char *, GifErrorString, (int a0), (a0))
FORWARD_VOID(CROPPER_GIF, EGifSetGifVersion, (GifFileType * a0, const _Bool a1), (a0, a1))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxPushFrame, (WebPMux* a0, const WebPMuxFrameInfo* a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxSetAnimationParams, (WebPMux* a0, const WebPMuxAnimParams* a1), (a0, a1))
FORWARD(CROPPER_WEBP_MUX, WebPMuxError, WebPMuxSetCanvasSize, (WebPMux* a0, int a1, int a2), (a0, a1, a2))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPAnimDecoderGetInfo, (const WebPAnimDecoder* a0, WebPAnimInfo* a1), (a0, a1))
FORWARD_VOID(CROPPER_WEBP_DEMUX, WebPAnimDecoderReset, (WebPAnimDecoder* a0), (a0))
FORWARD(CROPPER_WEBP_DEMUX, int, WebPAnimDecoderHasMoreFrames, (const WebPAnimDecoder* a0), (a0))
