#ifndef CROPPER_CGIF_SHIM_H
#define CROPPER_CGIF_SHIM_H
#include <gif_lib.h>
#endif
