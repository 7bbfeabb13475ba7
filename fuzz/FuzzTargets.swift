/// Every fuzz target by the name `scripts/fuzz` and the regression tests use.
enum FuzzTargets {
    typealias Run = ([UInt8]) throws -> Void

    static var all: [String: Run] {
        var targets: [String: Run] = [
            "jpeg-info": JPEGInfoFuzzTarget.run,
            "jpeg-crop": JPEGCropFuzzTarget.run,
            "exif": ExifFuzzTarget.run,
            "icc": ICCFuzzTarget.run,
            "xmp": XMPFuzzTarget.run,
            "png": PNGFuzzTarget.run,
            "heif": HEIFFuzzTarget.run,
            "heif-container": HEIFContainerFuzzTarget.run,
            "webp": WebPFuzzTarget.run,
            "tiff": TIFFFuzzTarget.run,
            "tiff-exif": TIFFExifFuzzTarget.run,
            "line-detector": LineDetectorFuzzTarget.run,
            "jxl": JXLFuzzTarget.run,
            "gif": GIFFuzzTarget.run,
            "apng": APNGFuzzTarget.run,
        ]
        #if canImport(PhotoLibrary)
        targets["library-xbel"] = XBELFuzzTarget.run
        targets["library-thumbnail-keys"] = ThumbnailKeysFuzzTarget.run
        #endif
        return targets
    }
}
