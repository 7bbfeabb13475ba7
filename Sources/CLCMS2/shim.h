#ifndef CROPPER_CLCMS2_SHIM_H
#define CROPPER_CLCMS2_SHIM_H
#include <lcms2.h>

/* The pixel-format macros are built with function-like macros Swift does not import. */
static inline cmsUInt32Number clcms2_type_bgra_8(void) { return TYPE_BGRA_8; }
static inline cmsUInt32Number clcms2_type_cmyk_8(void) { return TYPE_CMYK_8; }
static inline cmsUInt32Number clcms2_type_cmyk_8_reverse(void) { return TYPE_CMYK_8_REV; }
#endif
