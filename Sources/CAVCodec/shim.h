#ifndef CROPPER_CAVCODEC_SHIM_H
#define CROPPER_CAVCODEC_SHIM_H
/* libavcodec's headers only: the library is loaded on first use by CFormatLibraries, and Cropper works without it. */
#include <libavcodec/avcodec.h>
#include <errno.h>

/* AVERROR(EAGAIN): the decoder wants more input before it has a picture (a function-like macro, not imported). */
static inline int cavcodec_error_again(void) { return AVERROR(EAGAIN); }

/* The zero bytes libavcodec may read past a packet's end. */
static inline int cavcodec_input_padding(void) { return AV_INPUT_BUFFER_PADDING_SIZE; }
#endif
