#ifndef CROPPER_CTURBOJPEG_SHIM_H
#define CROPPER_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
/* mallopt: where libjpeg's large blocks come from during a transform (HugePages.forLargeAllocations). */
#include <malloc.h>
#endif
