import CGIF
import EditorState
import Glibc

/// One frame of a GIF as stored: its rectangle on the canvas, its own palette if it has one, its graphic control
/// (delay, disposal, transparent index) and, when asked for, its palette indices row by row (interlacing undone).
struct GIFFrame {
    let rect: PixelRect
    let localMap: [GifColorType]?
    let control: GraphicsControlBlock
    let indices: [UInt8]
}

/// Reads a GIF through giflib's low-level (record by record) interface, one frame at a time, from memory or straight
/// from its file: a 500-frame animation never has more than one frame's indices in memory, nor the file itself.
final class GIFReader {
    let canvas: PixelSize
    let globalMap: [GifColorType]?
    let background: Int
    /// The NETSCAPE2.0 loop count: 0 loops forever; nil when the file has none (it plays once).
    private(set) var loopCount: Int?
    private let input: GIFInput
    private var gif: UnsafeMutablePointer<GifFileType>!
    private var control = GIFReader.noControl

    static let noControl = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                                TransparentColor: NO_TRANSPARENT_COLOR)

    convenience init(_ bytes: [UInt8]) throws {
        try self.init(GIFInput(bytes))
    }

    /// Reads the file at `path` as giflib asks for it, a buffer at a time.
    convenience init(path: String) throws {
        try self.init(GIFInput(path: path))
    }

    /// The photo's file when it is read as needed (`PhotoSource.readsAsNeeded`), else its bytes.
    convenience init(_ source: PhotoSource) throws {
        if source.readsAsNeeded { try self.init(path: source.path) } else { try self.init(source.bytes) }
    }

    private init(_ input: GIFInput) throws {
        self.input = input
        var error: Int32 = 0
        // giflib keeps the input as its user data and reads the screen descriptor and global palette at once.
        guard let opened = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), GIFInput.read, &error) else {
            throw GIFReader.failure(error)
        }
        gif = opened
        canvas = PixelSize(width: Int(opened.pointee.SWidth), height: Int(opened.pointee.SHeight))
        globalMap = GIFReader.colours(opened.pointee.SColorMap)
        background = Int(opened.pointee.SBackGroundColor)
        try PixelLimits.check(canvas)
    }

    deinit {
        if let gif { DGifCloseFile(gif, nil) }
    }

    /// The next frame (nil after the last); `pixels: false` skips its LZW data undecoded (for the header).
    func next(pixels: Bool) throws -> GIFFrame? {
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure() }
            switch record {
            case EXTENSION_RECORD_TYPE:
                try readExtension()
            case IMAGE_DESC_RECORD_TYPE:
                return try readImage(pixels: pixels)
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                throw PhotoIOError.corrupt("a GIF record of unknown type")
            }
        }
    }

    private func readExtension() throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure() }
        var first = true
        var isLoop = false
        while let data = block {
            let length = Int(data[0])
            if code == GRAPHICS_EXT_FUNC_CODE, first {
                var parsed = GIFReader.noControl
                if DGifExtensionToGCB(length, data + 1, &parsed) == GIF_OK { control = parsed }
            } else if code == APPLICATION_EXT_FUNC_CODE, first {
                let name = String(decoding: UnsafeBufferPointer(start: data + 1, count: min(length, 11)), as: UTF8.self)
                isLoop = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
            } else if isLoop, length >= 3, data[1] == 1 {
                loopCount = Int(data[2]) | Int(data[3]) << 8
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure() }
        }
    }

    private func readImage(pixels: Bool) throws -> GIFFrame {
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure() }
        let image = gif.pointee.Image
        let rect = PixelRect(x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
        try PixelLimits.check(rect.size)
        let frameControl = control
        control = GIFReader.noControl
        let localMap = GIFReader.colours(image.ColorMap)
        guard localMap != nil || globalMap != nil else { throw PhotoIOError.corrupt("a GIF frame without a palette") }
        guard pixels else {
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetCode(gif, &code, &block) == GIF_OK else { throw failure() }
            while block != nil {
                guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw failure() }
            }
            return GIFFrame(rect: rect, localMap: localMap, control: frameControl, indices: [])
        }
        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        let rows = image.Interlace ? GIFReader.interlacedRows(rect.height) : Array(0..<rect.height)
        try indices.withUnsafeMutableBufferPointer { buffer in
            for row in rows {
                guard DGifGetLine(gif, buffer.baseAddress! + row * rect.width, Int32(rect.width)) == GIF_OK else {
                    throw failure()
                }
            }
        }
        return GIFFrame(rect: rect, localMap: localMap, control: frameControl, indices: indices)
    }

    /// The order interlaced rows are stored in: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private static func colours(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [GifColorType]? {
        guard let map, let colours = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: colours, count: Int(map.pointee.ColorCount)))
    }

    private func failure() -> PhotoIOError { GIFReader.failure(gif.pointee.Error) }

    private static func failure(_ code: Int32) -> PhotoIOError {
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: return .truncated
        case D_GIF_ERR_NOT_GIF_FILE: return .notAnImage
        default: return .corrupt(GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
        }
    }
}

/// What giflib reads from: a file's bytes in memory, or the open file, read into a buffer 64 KiB at a time.
private final class GIFInput {
    private var buffer: [UInt8]
    private var position = 0
    private var end: Int
    /// The open file; -1 when the buffer holds all of it.
    private let fd: Int32

    init(_ bytes: [UInt8]) {
        buffer = bytes
        end = bytes.count
        fd = -1
    }

    init(path: String) throws {
        fd = try FileReading.openRegular(path: path).fd
        buffer = [UInt8](repeating: 0, count: 64 << 10)
        end = 0
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Fills the buffer from the file once it is used up; false at the end of the file (or a read error, which
    /// giflib then reports as the file ending early).
    private func refill() -> Bool {
        guard fd >= 0 else { return false }
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return false }
            position = 0
            end = got
            return true
        }
    }

    static let read: InputFunc = { file, destination, wanted in
        guard let file, let destination, wanted > 0, let data = file.pointee.UserData else { return 0 }
        let input = Unmanaged<GIFInput>.fromOpaque(data).takeUnretainedValue()
        var done = 0
        while done < Int(wanted) {
            if input.position == input.end && !input.refill() { break }
            let count = min(Int(wanted) - done, input.end - input.position)
            input.buffer.withUnsafeBufferPointer { source in
                (destination + done).update(from: source.baseAddress! + input.position, count: count)
            }
            input.position += count
            done += count
        }
        return Int32(done)
    }
}
