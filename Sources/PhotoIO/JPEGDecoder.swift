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

    static func decode(_ bytes: [UInt8], structure: JPEGStructure, scale: DecodeScale = .full,
                       watcher: DecodeWatcher? = nil) throws -> DecodedBitmap {
        try bytes.withUnsafeBufferPointer { input in
            try decode(from: .memory(input), structure: structure, scale: scale, watcher: watcher)
        }
    }

    /// The same, reading the file at `path` a buffer at a time rather than holding its bytes.
    static func decode(file path: String, structure: JPEGStructure, scale: DecodeScale = .full,
                       watcher: DecodeWatcher? = nil) throws -> DecodedBitmap {
        guard let file = fopen(path, "rb") else { throw PhotoIOError.notReadable(String(cString: strerror(errno))) }
        defer { fclose(file) }
        return try decode(from: .file(file), structure: structure, scale: scale, watcher: watcher)
    }

    private enum Input {
        case memory(UnsafeBufferPointer<UInt8>)
        case file(UnsafeMutablePointer<FILE>)
    }

    private static func decode(from input: Input, structure: JPEGStructure, scale: DecodeScale,
                               watcher: DecodeWatcher?) throws -> DecodedBitmap {
        let frame = structure.frame
        if frame.isLosslessCoding { throw PhotoIOError.unsupported("lossless-coded JPEG") }
        if frame.precision != 8 { throw PhotoIOError.unsupported("\(frame.precision)-bit JPEG") }
        try PixelLimits.check(frame.size)

        let outSize = scale.scaled(frame.size)
        let bitmap = try Bitmap(width: outSize.width, height: outSize.height)
        watcher?.began(bitmap)
        let box = watcher.map(WatcherBox.init)
        var report = cropper_jpeg_report()
        let (data, count, file): (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<FILE>?)
        switch input {
        case let .memory(buffer): (data, count, file) = (buffer.baseAddress, buffer.count, nil)
        case let .file(stream): (data, count, file) = (nil, 0, stream)
        }
        let status = withExtendedLifetime(box) {
            cropper_jpeg_decode(data, count, file, Int32(scale.denominator), frame.isCMYK ? 1 : 0,
                                bitmap.pixelBytes,
                                Int32(outSize.width), Int32(outSize.height), Int32(bitmap.stride),
                                Int32(maxScans), box == nil ? nil : WatcherBox.callback,
                                box.map { Unmanaged.passUnretained($0).toOpaque() }, &report)
        }
        let message = text(of: &report.message)
        guard status == 0 else { throw PhotoIOError.corrupt(message.isEmpty ? "libjpeg could not read it" : message) }
        watcher?.rowsDone(outSize.height)
        guard report.warnings > 0 else { return DecodedBitmap(bitmap: bitmap) }
        let damage = JPEGDamage.damage(from: report, frame: frame, structure: structure)
        let warning = damage?.kind == .endsEarly ? PhotoIOError.truncated.reason : message
        return DecodedBitmap(bitmap: bitmap, warning: warning, damage: damage)
    }

    static func text<T>(of field: inout T) -> String {
        withUnsafeBytes(of: &field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
