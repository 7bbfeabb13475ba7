import EditorState
import Glibc

/// A photo file read into memory with its structure and metadata parsed, ready
/// to decode (on any thread: it is a plain value) or to crop.
public struct PhotoSource: Sendable {
    public let path: String
    /// The whole file; empty when it is read from `path` as needed (`readsAsNeeded`).
    public private(set) var bytes: [UInt8]
    /// A GIF opened from its file is read from it frame by frame whenever it is needed, never held whole: a long
    /// animation's file can be larger than all its frames decoded one at a time.
    public private(set) var readsAsNeeded: Bool
    /// The file's size in bytes.
    public let fileSize: Int
    public let format: PhotoFormat
    /// Marker layout and frame header; JPEG only.
    public let jpeg: JPEGStructure?
    /// PNG header; PNG only.
    let png: PNGCodec.Header?
    /// HEIF/AVIF, WebP and TIFF: what their libraries read from the file's headers.
    public let container: ContainerHeader?
    /// The first EXIF block that could be read; nil when absent or malformed.
    public let exif: ExifData?
    /// Problems that did not stop reading: malformed EXIF, a truncated file.
    public let warnings: [String]

    public let storedSize: PixelSize
    /// What turns the stored pixels upright: EXIF's (or TIFF's) Orientation; none for HEIF, whose
    /// transformations libheif has already applied.
    public let orientation: Orientation
    public var displayedSize: PixelSize { orientation.displayedSize(forStored: storedSize) }
    public var isTruncated: Bool { jpeg?.isTruncated ?? png?.isTruncated ?? false }
    /// Every APPn and COM segment, bytes exactly as stored, in file order; for HEIF, WebP and TIFF the
    /// segments that would carry their EXIF, XMP and ICC profile.
    public var metadataSegments: [JPEGSegment] { jpeg?.metadataSegments ?? container?.metadata.segments ?? [] }

    public static func open(path: String) throws -> PhotoSource {
        if PhotoFormat(signature: try FileReading.readPrefix(path: path, count: 16)) == .gif {
            return try PhotoSource(gifAt: path)
        }
        return try PhotoSource(bytes: FileReading.readAll(path: path), path: path)
    }

    /// The same photo, its bytes let go: a JPEG from now on decoded from its file a buffer at a time (only a
    /// JPEG: other formats are returned as they are). A big photo's file (83 MB for a 150 MP panorama) then does
    /// not sit in memory beside its pixels (614 MB) while they decode. For showing it; crops read the file again.
    public func readingFromFile() -> PhotoSource {
        guard format == .jpeg, !path.isEmpty, !readsAsNeeded else { return self }
        var fromFile = self
        fromFile.bytes = []
        fromFile.readsAsNeeded = true
        return fromFile
    }

    /// A GIF read from its file as needed: its header now, its frames whenever they are asked for.
    private init(gifAt path: String) throws {
        try FormatLibrary.require(for: .gif)
        let header = try GIFCodec.header(try GIFReader(path: path))
        self.path = path
        bytes = []
        readsAsNeeded = true
        fileSize = try FileReading.size(path: path)
        format = .gif
        jpeg = nil
        png = nil
        container = header
        exif = nil
        warnings = header.notes
        storedSize = header.size
        orientation = Orientation(exifValue: nil)
    }

    public init(bytes: [UInt8], path: String = "") throws {
        self.path = path
        self.bytes = bytes
        readsAsNeeded = false
        fileSize = bytes.count
        var warnings: [String] = []
        if let format = Self.format(of: bytes), let header = try Self.containerHeader(bytes, format: format) {
            self.format = format
            png = nil
            jpeg = nil
            container = header
            storedSize = header.size
            let (data, notes) = header.metadata.exif.map { ExifReader.read(tiff: $0) } ?? (nil, [])
            exif = data
            warnings += header.notes + notes + Self.carryNotes(header.metadata)
            let tag = format == .heic || format == .avif ? nil : header.orientationTag ?? data?.orientation
            orientation = Orientation(exifValue: tag)
            self.warnings = warnings
            return
        }
        container = nil
        if PNGCodec.isPNG(bytes) {
            let header = try PNGCodec.header(bytes)
            format = .png
            png = header
            jpeg = nil
            exif = nil
            storedSize = header.size
            if header.isTruncated { warnings.append(PhotoIOError.truncated.reason) }
        } else {
            let structure = try JPEGStructure.parse(bytes)
            format = .jpeg
            png = nil
            jpeg = structure
            storedSize = structure.frame.size
            var found: ExifData?
            for segment in structure.segments where segment.isExif && found == nil {
                let (data, notes) = ExifReader.read(tiff: Array(segment.payload.dropFirst(ExifPatcher.headerLength)))
                found = data
                warnings += notes
            }
            exif = found
            if structure.isTruncated { warnings.append(PhotoIOError.truncated.reason) }
        }
        self.warnings = warnings
        orientation = Orientation(exifValue: exif?.orientation)
    }

    /// Full-resolution pixels in stored orientation, damaged rows as the decoder left them.
    public func decodeFull() throws -> Bitmap {
        try decode(scale: .full).bitmap
    }

    /// Pixels in stored orientation at the smallest DCT scale (1, 1/2, 1/4, 1/8)
    /// that still fills a `maxWidth` x `maxHeight` box as displayed (upright).
    /// A damaged file decodes as far as it can be read, the rest grey.
    public func decodePreview(maxWidth: Int, maxHeight: Int) throws -> Bitmap {
        try decode(scale: previewScale(maxWidth: maxWidth, maxHeight: maxHeight)).bitmap
    }

    /// The scale decodePreview uses: enough pixels to show the whole picture
    /// fitted into the box without upscaling.
    public func previewScale(maxWidth: Int, maxHeight: Int) -> DecodeScale {
        guard format == .jpeg || format == .jxl, maxWidth > 0, maxHeight > 0 else { return .full }
        let shown = displayedSize
        let fit = min(Double(maxWidth) / Double(shown.width), Double(maxHeight) / Double(shown.height), 1)
        let needed = PixelSize(width: Int((Double(storedSize.width) * fit).rounded(.up)),
                               height: Int((Double(storedSize.height) * fit).rounded(.up)))
        if format == .jxl, let container { return JXLCodec.previewScale(container, covering: needed) }
        return DecodeScale.covering(needed, from: storedSize)
    }

    /// Full-resolution pixels of `stored` (a rect of the stored picture) turned by `transform`: for an
    /// intact JPEG or a WebP only the rect itself is decoded (a WebP's from the even pixel at or above it), of a HEIC
    /// or AVIF grid only the tiles under it; a damaged
    /// or other photo is decoded whole, and the damage it has comes along. `encoding`: the pixels are to be saved
    /// as this JPEG as they are; an intact, unturned JPEG region is then encoded while it is decoded, and the
    /// `reduced` copy asked for made by that encode.
    func cropPixels(_ stored: PixelRect, turnedBy transform: Orientation, encodedAs encoding: JPEGEncoding? = nil,
                    reduced: ReducedCopy? = nil) throws -> CropPixels {
        if format == .jpeg, let jpeg, !jpeg.isTruncated, let encoding, transform == .normal, !jpeg.frame.isCMYK,
           let region = try JPEGDecoder.decodeRegion(bytes, structure: jpeg, rect: stored, encodedAs: encoding,
                                                     reduced: reduced) {
            return CropPixels(pixels: region.pixels, warning: nil, damage: nil, encoded: region.jpeg,
                              reduced: region.reduced)
        }
        if format == .jpeg, let jpeg, !jpeg.isTruncated,
           let region = try JPEGDecoder.decodeRegion(bytes, structure: jpeg, rect: stored, turnedBy: transform) {
            return CropPixels(pixels: region, warning: nil, damage: nil)
        }
        if format == .heic || format == .avif {
            return CropPixels(pixels: try HEIFCodec.decode(bytes, region: stored).bitmap.transformed(by: transform),
                              warning: nil, damage: nil)
        }
        if format == .webp, let container {
            let (decoded, inside) = try WebPCodec.decode(bytes, header: container, region: stored)
            return CropPixels(pixels: try decoded.bitmap.transformed(by: transform, region: inside),
                              warning: decoded.warning, damage: decoded.damage)
        }
        let decoded = try decode(scale: .full)
        return CropPixels(pixels: try decoded.bitmap.transformed(by: transform, region: stored),
                          warning: decoded.warning, damage: decoded.damage)
    }

    /// The JPEG `encoding` makes of `stored` when nothing wants its pixels: an intact, unturned JPEG region whose
    /// rows go from the decode to the encoder a few at a time (`JPEGDecoder.encodeRegion`), the same bytes as
    /// `cropPixels(_:turnedBy:encodedAs:)` encodes. Nil for any other crop, and for damaged data: `cropPixels` then.
    func encodedCrop(_ stored: PixelRect, turnedBy transform: Orientation, as encoding: JPEGEncoding,
                     reduced: ReducedCopy? = nil) throws -> (jpeg: [UInt8], reduced: Bitmap?)? {
        guard format == .jpeg, let jpeg, !jpeg.isTruncated, transform == .normal, !jpeg.frame.isCMYK, !encoding.cmyk
        else { return nil }
        return try JPEGDecoder.encodeRegion(bytes, structure: jpeg, rect: stored, as: encoding, reduced: reduced)
    }

    /// Stored pixels at the largest square size `maxDimension` needs (see decodePreview).
    public func decode(maxDimension: Int) throws -> Bitmap {
        try decodePreview(maxWidth: maxDimension, maxHeight: maxDimension)
    }

    /// What of the photo cannot be read intact; nil when all of it can. Decodes (JPEG at 1/8 scale:
    /// where the damage begins does not depend on the scale).
    public func findDamage() throws -> Damage? {
        try decode(scale: format == .jpeg ? DecodeScale(denominator: 8)! : .full).damage
    }

    /// The general decode: any DCT scale (PNG is always full size); a damaged file as far as it can
    /// be read, the damage named in `damage` and `warning`.
    /// `feeding`: a JPEG's full decode to hand its coefficients to as they are decoded (`FedFullDecode`).
    public func decode(scale: DecodeScale, feeding: FedFullDecode? = nil) throws -> DecodedBitmap {
        switch format {
        case .png:
            return try PNGCodec.decode(bytes)
        case .jpeg:
            guard let jpeg else { throw PhotoIOError.notAnImage }
            if readsAsNeeded { return try JPEGDecoder.decode(file: path, structure: jpeg, scale: scale, feeding: feeding) }
            return try JPEGDecoder.decode(bytes, structure: jpeg, scale: scale, feeding: feeding)
        case .jxl:
            guard let container else { throw PhotoIOError.notAnImage }
            return try JXLCodec.decode(bytes, header: container, scale: scale)
        case .heic, .avif, .webp, .tiff, .gif, .apng:
            return try decodeContainer()
        }
    }

    /// A decode that refuses damage, for files that must be whole (cached thumbnails).
    public func decodeUndamaged(scale: DecodeScale) throws -> Bitmap {
        let decoded = try decode(scale: scale)
        if let damage = decoded.damage {
            throw damage.kind == .endsEarly ? PhotoIOError.truncated : PhotoIOError.corrupt(damage.detail)
        }
        return decoded.bitmap
    }
}

extension PhotoSource {
    /// The lens' 35 mm-equivalent focal length from EXIF, for perspective; nil when the photo does not say.
    public var focal35mm: Double? { exif?.focalLength35mm.map(Double.init) }
}
