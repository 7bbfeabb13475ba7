import EditorState
@testable import PhotoIO

/// A broken invariant: the fuzz entry turns it into a crash (libFuzzer keeps the
/// input), the regression tests into a failure.
struct FuzzFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What every fuzz target shares: the input as bytes and numbers drawn from it.
enum FuzzInput {
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Decoding is skipped above this many declared pixels: the fuzzer looks for
    /// parser bugs, and the 200-megapixel limit itself is pinned down by the tests.
    static let maxDecodedPixels = 1 << 20

    static func smallEnough(_ size: PixelSize) -> Bool {
        size.width > 0 && size.height > 0 && size.width <= 1 << 14 && size.height <= 1 << 14
            && size.width * size.height <= maxDecodedPixels
    }

    /// A stable 64-bit digest of the input (FNV-1a) to derive crop requests from.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// A crop rect inside `size`, a turn and options, chosen by `digest`.
    static func request(in size: PixelSize, digest: UInt64) -> CropExport {
        var d = digest
        func next(_ bound: Int) -> Int {
            d = d &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return bound <= 1 ? 0 : Int((d >> 33) % UInt64(bound))
        }
        let x = next(size.width), y = next(size.height)
        let rect = PixelRect(x: x, y: y, width: 1 + next(size.width - x), height: 1 + next(size.height - y))
        let turn = Orientation(rawValue: 1 + next(8)) ?? .normal
        return CropExport(rect: rect, userTransform: turn, quality: 1 + next(100), stripGPS: next(2) == 0,
                          stripMetadata: next(5) == 0, lossless: next(2) == 0)
    }
}

/// A tiny JPEG codestream of TurboJPEG's own making, to assemble metadata with.
enum TinyJPEG {
    static let codestream: [UInt8] = {
        guard let bitmap = try? Bitmap(width: 16, height: 16) else { return [] }
        for y in 0..<16 { for x in 0..<16 { bitmap.row(y)[x] = UInt32(x * 16) << 8 | UInt32(y * 16) } }
        return (try? JPEGEncoder.encode(bitmap, as: JPEGEncoding(quality: 50, subsampling: .s420, progressive: false))) ?? []
    }()
}

/// What a crop writes must read back as a plain upright photo of the size it reports.
func checkOutput(_ crop: RenderedCrop, stripGPS: Bool, what: String) throws {
    guard let output = try? PhotoSource(bytes: crop.bytes) else { throw FuzzFailure("\(what): the output does not parse") }
    if output.displayedSize != crop.size || output.storedSize != crop.size {
        throw FuzzFailure("\(what): output is \(output.storedSize), reported \(crop.size)")
    }
    try checkMetadata(of: output, stripGPS: stripGPS, what: what)
    // A lossless crop of a CMYK JPEG stays CMYK, which Cropper crops but does not decode.
    if output.jpeg?.frame.components.count == 4 { return }
    do {
        _ = try output.decodeFull()
    } catch {
        throw FuzzFailure("\(what): the output does not decode: \(error)")
    }
}

/// Output metadata: upright, no uncropped thumbnail, no GPS when asked.
func checkMetadata(of output: PhotoSource, stripGPS: Bool, what: String) throws {
    if output.orientation != .normal {
        throw FuzzFailure("\(what): output orientation \(output.orientation.rawValue)")
    }
    for segment in output.metadataSegments where segment.isExif {
        let (exif, _) = ExifReader.read(tiff: Array(segment.payload.dropFirst(ExifPatcher.headerLength)))
        guard let exif else { continue }
        if exif.thumbnail != nil { throw FuzzFailure("\(what): the EXIF thumbnail survived") }
        if stripGPS && exif.hasGPS { throw FuzzFailure("\(what): GPS survived --strip-gps") }
        if let orientation = exif.orientation, orientation != 1 {
            throw FuzzFailure("\(what): an EXIF block still says orientation \(orientation)")
        }
    }
}

/// The damaged-photo rules every decode must keep, whatever the bytes: the intact rows lie within the
/// picture, a crop of them saves without the damage, and a crop of the whole damaged photo is refused.
enum DamageRules {
    static func check(_ source: PhotoSource) throws {
        guard let damage = (try? source.decode(scale: .full))?.damage else { return }
        guard 0 <= damage.intactRows, damage.intactRows <= damage.intactBlockRows,
              damage.intactBlockRows <= source.storedSize.height, damage.storedSize == source.storedSize else {
            throw FuzzFailure("damage out of range: \(damage) for \(source.storedSize)")
        }
        let region = DamagedRegion(damage, orientation: source.orientation)
        if damage.intactRows < source.storedSize.height {
            let whole = CropExport(rect: PixelRect(x: 0, y: 0, width: source.displayedSize.width,
                                                   height: source.displayedSize.height))
            if (try? CropExporter.render(source, whole, as: .png)) != nil {
                throw FuzzFailure("a crop of the whole damaged photo was not refused")
            }
        }
        guard !region.intactRect.isEmpty,
              let crop = try? CropExporter.render(source, CropExport(rect: region.intactRect), as: .png) else { return }
        if crop.includesDamage { throw FuzzFailure("a crop of the intact part was said to include the damage") }
    }
}
