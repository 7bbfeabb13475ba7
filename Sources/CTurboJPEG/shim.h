#ifndef CROPPER_CTURBOJPEG_SHIM_H
#define CROPPER_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
