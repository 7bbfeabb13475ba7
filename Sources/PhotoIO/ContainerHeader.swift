import EditorState

/// What the HEIF/AVIF, WebP, TIFF and JPEG XL readers learn from a file before decoding any pixels.
public struct ContainerHeader: Sendable {
    /// The stored size; for HEIF the size after its own transformations (irot, imir, clap).
    public let size: PixelSize
    /// The codec as `info` names it: "HEVC", "AV1", "VP8 lossy", "VP8L lossless", "LZW", …
    public let codec: String
    /// Bits per channel of the coded picture (decoded through 8 bits).
    public let bitDepth: Int
    public let hasAlpha: Bool
    /// HEIF/AVIF: the transfer function is PQ or HLG (an HDR picture, tone-mapped by nothing: shown as coded).
    public let isHDR: Bool
    /// Top-level images (HEIF), frames (WebP) or pages (TIFF).
    public let imageCount: Int
    /// WebP: coded without loss, so a crop is saved the same way.
    public let isLossless: Bool
    /// TIFF: the compression tag, kept for the crop.
    let tiffCompression: UInt16?
    /// TIFF: the Orientation tag; JPEG XL: the codestream's orientation. HEIF has none to apply (its
    /// transformations are already in the pixels).
    let orientationTag: Int?
    /// One colour channel (a grey JPEG XL), shown and saved as RGB.
    let isGrey: Bool
    /// JPEG XL: the colour space the codestream describes ("sRGB", "Display P3, PQ", an ICC profile's name).
    public let colourDescription: String?
    /// Whether `metadata.icc` is a profile the file carries, not one made from an encoded colour space (JPEG XL).
    let iccIsInFile: Bool
    /// GIF and animated WebP: frames, duration and looping (nil for a still picture).
    public let animation: AnimationSummary?
    let metadata: MetadataBlocks
    /// Said about the file every time it is opened: a dropped frame or page, an unreadable metadata block.
    let notes: [String]

    init(size: PixelSize, codec: String, bitDepth: Int = 8, hasAlpha: Bool, isHDR: Bool = false, imageCount: Int = 1,
         isLossless: Bool = false, tiffCompression: UInt16? = nil, orientationTag: Int? = nil, isGrey: Bool = false,
         colourDescription: String? = nil, iccIsInFile: Bool = true, animation: AnimationSummary? = nil, metadata: MetadataBlocks, notes: [String] = []) {
        self.size = size
        self.codec = codec
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
        self.isHDR = isHDR
        self.imageCount = imageCount
        self.isLossless = isLossless
        self.tiffCompression = tiffCompression
        self.orientationTag = orientationTag
        self.isGrey = isGrey
        self.colourDescription = colourDescription
        self.iccIsInFile = iccIsInFile
        self.animation = animation
        self.metadata = metadata
        self.notes = notes
    }

    /// Channels and depth as `info` shows them, e.g. "RGBA, 10-bit HDR (shown and saved through 8 bits)".
    var pixelFormat: String {
        "\(isGrey ? (hasAlpha ? "grey + alpha" : "grey") : hasAlpha ? "RGBA" : "RGB"), \(bitDepth)-bit" + (isHDR ? " HDR" : "")
            + (bitDepth > 8 ? " (shown and saved through 8 bits)" : "")
    }

    /// The save warning for a photo with more than 8 bits per channel.
    var bitDepthNote: String? {
        bitDepth > 8 ? "the photo has \(bitDepth) bits per channel; the crop is saved with 8" : nil
    }
}
