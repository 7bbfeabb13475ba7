#ifndef CROPPER_JPEG_FILE_SOURCE_H
#define CROPPER_JPEG_FILE_SOURCE_H
#include <stdio.h>
#include <jpeglib.h>

/* jpeg_stdio_src reading 1 MiB at a time. */
void cropper_jpeg_file_src(j_decompress_ptr cinfo, FILE *file);
#endif
