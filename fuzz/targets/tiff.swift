/// TIFF through libtiff in memory, its Orientation tag, XMP/ICC tags and EXIF directories (see ContainerFuzzTarget).
enum TIFFFuzzTarget {
    static func run(_ input: [UInt8]) throws { try ContainerFuzzTarget.run(input, as: .tiff) }
}
