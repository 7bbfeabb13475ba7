import CGIF
import EditorState
import Glibc

/// Writes a GIF89a through giflib, frame by frame, into memory or straight to an atomic write's file (`sink`):
/// the screen (canvas, global palette, background), the NETSCAPE2.0 loop when the source had one, then each frame
/// with its graphic control block.
final class GIFWriter {
    private let output: GIFOutput
    private var gif: UnsafeMutablePointer<GifFileType>?

    init(canvas: PixelSize, globalMap: [GifColorType]?, background: Int, loopCount: Int?,
         sink: AtomicFileSink? = nil) throws {
        output = GIFOutput(sink: sink)
        var error: Int32 = 0
        guard let opened = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), GIFOutput.write, &error) else {
            throw GIFWriter.failure(error)
        }
        gif = opened
        EGifSetGifVersion(opened, true)
        try GIFWriter.withMap(globalMap) { map in
            try check(EGifPutScreenDesc(opened, Int32(canvas.width), Int32(canvas.height), 8, Int32(background), map))
        }
        if let loopCount {
            try check(EGifPutExtensionLeader(opened, APPLICATION_EXT_FUNC_CODE))
            try check(EGifPutExtensionBlock(opened, 11, Array("NETSCAPE2.0".utf8)))
            try check(EGifPutExtensionBlock(opened, 3, [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8 & 0xFF)]))
            try check(EGifPutExtensionTrailer(opened))
        }
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
    }

    func add(rect: PixelRect, localMap: [GifColorType]?, control: GraphicsControlBlock, indices: [UInt8]) throws {
        guard let gif else { throw PhotoIOError.encodeFailed("the GIF is already finished") }
        var control = control
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        try GIFWriter.withMap(localMap) { map in
            try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map))
        }
        var rows = indices
        try rows.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rect.height {
                try check(EGifPutLine(gif, buffer.baseAddress! + row * rect.width, Int32(rect.width)))
            }
        }
    }

    /// Closes the file (its trailer) and hands over the bytes (none when they went to the sink).
    func finish() throws -> [UInt8] {
        guard let gif else { throw PhotoIOError.encodeFailed("the GIF is already finished") }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw output.failure ?? GIFWriter.failure(error) }
        return output.bytes
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else { throw output.failure ?? GIFWriter.failure(gif?.pointee.Error ?? 0) }
    }

    /// A giflib palette for the duration of `body` (giflib copies it); palettes are a power of two long.
    private static func withMap<T>(_ colours: [GifColorType]?,
                                   _ body: (UnsafeMutablePointer<ColorMapObject>?) throws -> T) throws -> T {
        guard let colours, !colours.isEmpty else { return try body(nil) }
        var size = 2
        while size < colours.count && size < 256 { size *= 2 }
        var padded = Array(colours.prefix(size))
        padded += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - padded.count)
        guard let map = GifMakeMapObject(Int32(size), padded) else { throw PhotoIOError.encodeFailed("giflib: out of memory") }
        defer { GifFreeMapObject(map) }
        return try body(map)
    }

    private static func failure(_ code: Int32) -> PhotoIOError {
        .encodeFailed(GifErrorString(code).map { "giflib: " + String(cString: $0) } ?? "giflib error \(code)")
    }
}

/// Where the bytes giflib writes go: kept, or written on to the sink (whose error is kept for the caller).
private final class GIFOutput {
    var bytes: [UInt8] = []
    let sink: AtomicFileSink?
    var failure: Error?

    init(sink: AtomicFileSink?) { self.sink = sink }

    static let write: OutputFunc = { file, data, count in
        guard let file, let data, count > 0, let user = file.pointee.UserData else { return 0 }
        let output = Unmanaged<GIFOutput>.fromOpaque(user).takeUnretainedValue()
        guard let sink = output.sink else {
            output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }
        do {
            try sink.write(UnsafeRawBufferPointer(start: data, count: Int(count)))
            return count
        } catch {
            output.failure = error
            return 0
        }
    }
}
