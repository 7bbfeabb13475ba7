#ifndef CROPPER_CPNG_SHIM_H
#define CROPPER_CPNG_SHIM_H
#include <png.h>
#endif
