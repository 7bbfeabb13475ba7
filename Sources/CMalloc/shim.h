#ifndef CROPPER_CMALLOC_SHIM_H
#define CROPPER_CMALLOC_SHIM_H
/* mallopt: the window process's allocator policy (EditorWindow.run). In libc: nothing to link. */
#include <malloc.h>
#endif
