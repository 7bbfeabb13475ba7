#ifndef CROPPER_FORMAT_LIBRARIES_H
#define CROPPER_FORMAT_LIBRARIES_H

/* The format libraries Cropper loads on first use instead of at every start (see format_libraries.c). */
enum cropper_format_library {
    CROPPER_HEIF,
    CROPPER_TIFF,
    CROPPER_WEBP,
    CROPPER_WEBP_DEMUX,
    CROPPER_WEBP_MUX,
    CROPPER_JXL,
    CROPPER_JXL_THREADS,
    CROPPER_GIF,
    /* Optional: HEVC tiles decode faster through libavcodec than through libheif's libde265, which stays the
     * fallback (HEIFTileDecoder). */
    CROPPER_AVCODEC,
    CROPPER_AVUTIL,
};

/* Loads the library once; NULL when it is loaded, else why it cannot be (the loader's message). */
const char *cropper_load_format_library(enum cropper_format_library library);

#endif
