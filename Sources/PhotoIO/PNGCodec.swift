import CPNG
import Glibc
import EditorState

/// PNG through libpng's simplified API (no setjmp): any bit depth, grey,
/// palette and alpha are read as 8-bit BGRA; output is 8-bit RGB or RGBA.
enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isPNG(_ bytes: [UInt8]) -> Bool { bytes.hasPrefix(signature) }

    /// Size and alpha from IHDR, and whether the chunks reach IEND, read without
    /// decoding anything.
    struct Header: Sendable {
        let size: PixelSize
        let bitDepth: Int
        let colorType: Int
        let isInterlaced: Bool
        let isTruncated: Bool
        /// The iCCP chunk's data (profile name, compression method, compressed profile), when there is one.
        var iccChunk: Range<Int>? = nil

        var colorName: String {
            switch colorType {
            case 0: return "grey"
            case 2: return "RGB"
            case 3: return "palette"
            case 4: return "grey+alpha"
            case 6: return "RGBA"
            default: return "type \(colorType)"
            }
        }
    }

    static func header(_ bytes: [UInt8]) throws -> Header {
        guard isPNG(bytes) else { throw PhotoIOError.notAnImage }
        let reader = ByteReader(bytes, bigEndian: true)
        guard let length = reader.u32(8), let type = reader.u32(12), let width = reader.u32(16),
              let height = reader.u32(20), let depth = reader.u8(24), let color = reader.u8(25),
              let interlace = reader.u8(28)
        else { throw PhotoIOError.truncated }
        guard length == 13, type == fourCC("IHDR") else { throw PhotoIOError.corrupt("PNG without IHDR") }
        guard width > 0, height > 0 else { throw PhotoIOError.corrupt("declared size \(width)x\(height)") }
        var position = 8
        var reachedEnd = false
        var iccChunk: Range<Int>?
        while let chunkLength = reader.u32(position), let chunkType = reader.u32(position + 4) {
            let next = position + 12 + Int(chunkLength)
            guard next <= bytes.count else { break }
            if chunkType == fourCC("iCCP"), iccChunk == nil { iccChunk = position + 8..<next - 4 }
            position = next
            if chunkType == fourCC("IEND") {
                reachedEnd = true
                break
            }
        }
        return Header(size: PixelSize(width: Int(width), height: Int(height)), bitDepth: Int(depth),
                      colorType: Int(color), isInterlaced: interlace != 0, isTruncated: !reachedEnd, iccChunk: iccChunk)
    }

    /// Decodes as far as libpng gets: an image stream that breaks off (truncated, a corrupt
    /// chunk) gives the rows above the break and `damage` says where it is. Refused only when
    /// not even the header can be read.
    static func decode(_ bytes: [UInt8]) throws -> DecodedBitmap {
        let header = try header(bytes)
        try PixelLimits.check(header.size)
        let first = try decodeOnce(bytes, header: header, fill: 0x80)
        guard let problem = first.problem else {
            return DecodedBitmap(bitmap: first.bitmap, warning: header.isTruncated ? PhotoIOError.truncated.reason : nil)
        }
        let intactRows = header.isInterlaced ? 0 : try rowsWritten(bytes, header: header, into: first.bitmap)
        let endsEarly = header.isTruncated || problem.contains("Not enough image data")
        let damage = Damage(kind: endsEarly ? .endsEarly : .corrupt, intactRows: intactRows, intactBlockRows: intactRows,
                            storedSize: header.size, detail: problem)
        return DecodedBitmap(bitmap: first.bitmap,
                             warning: endsEarly ? PhotoIOError.truncated.reason : PhotoIOError.corrupt(problem).reason,
                             damage: damage)
    }

    /// libpng writes rows in order and never the one it failed in, and it does not say how far it
    /// got: decoding again into memory filled differently shows which rows it wrote.
    private static func rowsWritten(_ bytes: [UInt8], header: Header, into bitmap: Bitmap) throws -> Int {
        let other = try decodeOnce(bytes, header: header, fill: 0x7F).bitmap
        for y in 0..<bitmap.height where !bitmap.rowEquals(y, other) { return y }
        return bitmap.height
    }

    /// One libpng pass into a bitmap pre-filled with `fill` (mid grey shows where nothing was read); `problem` is libpng's message when it stopped early.
    private static func decodeOnce(_ bytes: [UInt8], header: Header, fill: UInt8) throws -> (bitmap: Bitmap, problem: String?) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard began != 0 else { throw failure(image, truncated: header.isTruncated) }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = UInt32(PNG_FORMAT_BGRA)

        let bitmap = try Bitmap(width: Int(image.width), height: Int(image.height),
                                alpha: hasAlpha ? .straight : .opaque)
        memset(bitmap.pixels, Int32(fill), bitmap.byteCount)
        let finished = png_image_finish_read(&image, nil, bitmap.pixels, Int32(bitmap.stride), nil)
        guard finished == 0 else { return (bitmap, nil) }
        return (bitmap, message(of: image) ?? "libpng could not read it")
    }

    private static func message(of image: png_image) -> String? {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? nil : text
    }

    private static func failure(_ image: png_image, truncated: Bool) -> PhotoIOError {
        if truncated { return .truncated }
        return .corrupt(message(of: image) ?? "libpng could not read it")
    }

    /// Encodes as 8-bit RGB (opaque bitmaps) or straight RGBA.
    static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        defer { png_image_free(&image) }

        var packed: [UInt8] = []
        let rowStride: Int
        if bitmap.alpha == .opaque {
            image.format = UInt32(PNG_FORMAT_BGR)
            rowStride = bitmap.width * 3
            packed = [UInt8](repeating: 0, count: rowStride * bitmap.height)
            packed.withUnsafeMutableBufferPointer { out in
                for y in 0..<bitmap.height {
                    let src = UnsafeRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
                    var o = y * rowStride
                    for x in 0..<bitmap.width {
                        out[o] = src[4 * x]
                        out[o + 1] = src[4 * x + 1]
                        out[o + 2] = src[4 * x + 2]
                        o += 3
                    }
                }
            }
        } else {
            image.format = UInt32(PNG_FORMAT_BGRA)
            rowStride = bitmap.stride
        }

        let write = { (memory: UnsafeMutableRawPointer?, size: inout Int) -> Int32 in
            if bitmap.alpha == .opaque {
                return packed.withUnsafeBytes { raw in
                    png_image_write_to_memory(&image, memory, &size, 0, raw.baseAddress, Int32(rowStride), nil)
                }
            }
            return png_image_write_to_memory(&image, memory, &size, 0, bitmap.pixels, Int32(rowStride), nil)
        }
        // One pass into a buffer of the largest size the image can take: asking libpng for the size first
        // compresses the whole image once more (a quarter of the CPU of making a thumbnail, measured).
        var size = cpng_image_png_size_max(&image)
        var output = [UInt8](repeating: 0, count: size)
        let status = output.withUnsafeMutableBytes { raw in write(raw.baseAddress, &size) }
        guard status != 0, size > 0, size <= output.count else {
            throw PhotoIOError.encodeFailed("libpng could not write the image")
        }
        output.removeLast(output.count - size)
        return output
    }
}
