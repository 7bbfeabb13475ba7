#ifndef CROPPER_CPANGO_SHIM_H
#define CROPPER_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
