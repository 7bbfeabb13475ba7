/// WebP: RIFF chunks, VP8/VP8L/ALPH through libwebp's incremental decoder, animations, EXIF/XMP/ICCP chunks
/// (see ContainerFuzzTarget).
enum WebPFuzzTarget {
    static func run(_ input: [UInt8]) throws { try ContainerFuzzTarget.run(input, as: .webp) }
}
