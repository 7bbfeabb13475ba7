import CJPEGRecovery
import EditorState
import Glibc

/// A DCT scaling factor TurboJPEG decodes at: 1, 1/2, 1/4 or 1/8.
public struct DecodeScale: Equatable, Sendable, CustomStringConvertible {
    let denominator: Int

    public static let full = DecodeScale(checked: 1)
    public static let all = [1, 2, 4, 8].map(DecodeScale.init(checked:))

    /// 1, 2, 4 or 8; nil for other denominators.
    public init?(denominator: Int) {
        guard [1, 2, 4, 8].contains(denominator) else { return nil }
        self.denominator = denominator
    }

    private init(checked denominator: Int) {
        self.denominator = denominator
    }

    public func scaled(_ size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width + denominator - 1) / denominator,
                  height: (size.height + denominator - 1) / denominator)
    }

    /// The smallest scale whose output still covers `target`
    /// (never upscales: a target bigger than the image gives full size).
    public static func covering(_ target: PixelSize, from size: PixelSize) -> DecodeScale {
        all.last { scale in
            let scaled = scale.scaled(size)
            return scaled.width >= target.width && scaled.height >= target.height
        } ?? .full
    }

    public var description: String { denominator == 1 ? "1" : "1/\(denominator)" }
}

/// A decode's pixels, any problem the decoder worked around (`warning`), and the part of the
/// picture that problem cost (`damage`; nil when every row is intact).
public struct DecodedBitmap: Sendable {
    public let bitmap: Bitmap
    public let warning: String?
    public let damage: Damage?
    /// A reduced copy made while decoding, when one was asked for and the decoder makes them (a JPEG XL's whole
    /// decode: `DownscaleAsRowsArrive`).
    public var fitted: Bitmap? = nil

    public init(bitmap: Bitmap, warning: String? = nil, damage: Damage? = nil) {
        self.bitmap = bitmap
        self.warning = warning
        self.damage = damage
    }
}

/// Decodes JPEG data straight into a Cairo-layout bitmap (BGRX) through the libjpeg API, which
/// says where damaged data began: a truncated or corrupt file decodes as far as libjpeg gets,
/// the rest grey.
enum JPEGDecoder {
    /// More scans than any encoder writes; a file with more is made to stall decoders.
    static let maxScans = 1000

    /// `feeding`: a full decode of the same file to hand the coefficients to (see `FedFullDecode`).
    static func decode(_ bytes: [UInt8], structure: JPEGStructure, scale: DecodeScale = .full,
                       watcher: DecodeWatcher? = nil, feeding: FedFullDecode? = nil) throws -> DecodedBitmap {
        // A decode that fails before reading the data leaves the one it was to feed to read the file alone.
        defer { feeding?.unfed() }
        return try bytes.withUnsafeBufferPointer { input in
            try decode(from: .memory(input), structure: structure, scale: scale, watcher: watcher,
                       relay: feeding.map { .feeding($0) } ?? .none)
        }
    }

    /// The same, reading the file at `path` a buffer at a time rather than holding its bytes.
    static func decode(file path: String, structure: JPEGStructure, scale: DecodeScale = .full,
                       watcher: DecodeWatcher? = nil, feeding: FedFullDecode? = nil) throws -> DecodedBitmap {
        defer { feeding?.unfed() }
        return try withFile(path) { file in
            try decode(from: .file(file), structure: structure, scale: scale, watcher: watcher,
                       relay: feeding.map { .feeding($0) } ?? .none)
        }
    }

    /// The full resolution of the file at `path` from the coefficients `fed` is handed (its headers read from the
    /// file; the whole file when the feeder cannot share its decode).
    static func decode(file path: String, structure: JPEGStructure, fedBy fed: FedFullDecode,
                       watcher: DecodeWatcher?) throws -> DecodedBitmap {
        try withFile(path) { file in
            try decode(from: .file(file), structure: structure, scale: .full, watcher: watcher, relay: .fed(fed))
        }
    }

    private static func withFile<T>(_ path: String, _ body: (UnsafeMutablePointer<FILE>) throws -> T) throws -> T {
        guard let file = fopen(path, "rb") else { throw PhotoIOError.notReadable(String(cString: strerror(errno))) }
        defer { fclose(file) }
        // libjpeg asks for 4 KiB at a time: read the file in larger steps (an 83 MB panorama: 20,000 reads fewer).
        setvbuf(file, nil, _IOFBF, 1 << 20)
        return try body(file)
    }

    private enum Input {
        case memory(UnsafeBufferPointer<UInt8>)
        case file(UnsafeMutablePointer<FILE>)
    }

    /// Which side of a shared decode this one is on.
    private enum Relay {
        case none
        case feeding(FedFullDecode)
        case fed(FedFullDecode)
    }

    private static func decode(from input: Input, structure: JPEGStructure, scale: DecodeScale,
                               watcher: DecodeWatcher?, relay: Relay) throws -> DecodedBitmap {
        let frame = structure.frame
        try check(frame)
        let outSize = scale.scaled(frame.size)
        let bitmap = try Bitmap(width: outSize.width, height: outSize.height)
        watcher?.began(bitmap)
        let box = watcher.map(WatcherBox.init)
        let (warning, damage) = try withExtendedLifetime(box) {
            try run(input, structure: structure, scale: scale,
                    output: frame.isCMYK ? Int32(CROPPER_JPEG_CMYK) : Int32(CROPPER_JPEG_BGRX),
                    into: bitmap.pixelBytes, stride: bitmap.stride, rowsDone: box == nil ? nil : WatcherBox.callback,
                    context: box.map { Unmanaged.passUnretained($0).toOpaque() }, relay: relay)
        }
        watcher?.rowsDone(outSize.height)
        return DecodedBitmap(bitmap: bitmap, warning: warning, damage: damage)
    }

    /// The luma plane of a YCbCr or greyscale JPEG at `scale`, one byte a pixel and `size.width` bytes a row, with
    /// the damage the decode met: no chroma is upsampled and no colour converted. Nil for a CMYK one.
    static func decodeLuma(_ bytes: [UInt8], structure: JPEGStructure, scale: DecodeScale) throws
        -> (luma: [UInt8], size: PixelSize, damage: Damage?)? {
        let frame = structure.frame
        guard !frame.isCMYK else { return nil }
        try check(frame)
        let size = scale.scaled(frame.size)
        var luma = [UInt8](repeating: 0, count: size.width * size.height)
        let damage = try bytes.withUnsafeBufferPointer { input in
            try luma.withUnsafeMutableBufferPointer { plane in
                try run(.memory(input), structure: structure, scale: scale, output: Int32(CROPPER_JPEG_GREY),
                        into: plane.baseAddress!, stride: size.width, rowsDone: nil, context: nil).damage
            }
        }
        return (luma, size, damage)
    }

    private static func check(_ frame: JPEGFrame) throws {
        if frame.isLosslessCoding { throw PhotoIOError.unsupported("lossless-coded JPEG") }
        if frame.precision != 8 { throw PhotoIOError.unsupported("\(frame.precision)-bit JPEG") }
        try PixelLimits.check(frame.size)
    }

    /// One decode through libjpeg into `pixels` (`output`'s layout, rows `stride` bytes apart): the problem it
    /// worked around, if any, and the rows that cost.
    private static func run(_ input: Input, structure: JPEGStructure, scale: DecodeScale, output: Int32,
                            into pixels: UnsafeMutablePointer<UInt8>, stride: Int,
                            rowsDone: cropper_jpeg_rows_done?, context: UnsafeMutableRawPointer?,
                            relay: Relay = .none) throws -> (warning: String?, damage: Damage?) {
        let frame = structure.frame
        let outSize = scale.scaled(frame.size)
        var report = cropper_jpeg_report()
        let (data, count, file): (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<FILE>?)
        switch input {
        case let .memory(buffer): (data, count, file) = (buffer.baseAddress, buffer.count, nil)
        case let .file(stream): (data, count, file) = (nil, 0, stream)
        }
        let (width, height) = (Int32(outSize.width), Int32(outSize.height))
        let status = switch relay {
        case .none:
            cropper_jpeg_decode(data, count, file, Int32(scale.denominator), output, pixels, width, height,
                                Int32(stride), Int32(maxScans), rowsDone, context, &report)
        case let .feeding(fed):
            cropper_jpeg_decode_feeding(data, count, file, Int32(scale.denominator), output, pixels, width, height,
                                        Int32(stride), Int32(maxScans), fed.relay, &report)
        case let .fed(fed):
            cropper_jpeg_decode_fed(data, count, file, output, pixels, width, height, Int32(stride), Int32(maxScans),
                                    rowsDone, context, fed.relay, &report)
        }
        let message = text(of: &report.message)
        guard status == 0 else { throw PhotoIOError.corrupt(message.isEmpty ? "libjpeg could not read it" : message) }
        guard report.warnings > 0 else { return (nil, nil) }
        let damage = JPEGDamage.damage(from: report, frame: frame, structure: structure)
        return (damage?.kind == .endsEarly ? PhotoIOError.truncated.reason : message, damage)
    }

    static func text<T>(of field: inout T) -> String {
        withUnsafeBytes(of: &field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
