import CTIFF
import EditorState
import Glibc
import Localization

/// TIFF through libtiff, read and written in memory with libtiff's allocation limit on and its messages
/// caught. The first page is the photo. Pixels are read in stored order; the Orientation tag is applied
/// afterwards like JPEG's EXIF Orientation. A crop is written with the source's compression.
enum TIFFCodec {
    /// libtiff refuses any single allocation above this (a hostile strip size or tag count).
    static let allocationLimit: tmsize_t = 1 << 30

    static func header(_ bytes: [UInt8]) throws -> ContainerHeader {
        try withFile(bytes) { tiff, stream in
            let size = try pictureSize(tiff)
            var bits: UInt16 = 8, samples: UInt16 = 1, compression: UInt16 = 1, orientation: UInt16 = 1
            _ = ctiff_get_u16_defaulted(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), &bits)
            _ = ctiff_get_u16_defaulted(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), &samples)
            _ = ctiff_get_u16_defaulted(tiff, UInt32(TIFFTAG_COMPRESSION), &compression)
            _ = ctiff_get_u16_defaulted(tiff, UInt32(TIFFTAG_ORIENTATION), &orientation)
            let pages = Int(TIFFNumberOfDirectories(tiff))
            var notes: [String] = []
            if pages > 1 { notes.append(tr("a TIFF of %d pages: the first page is shown and saved", pages)) }
            let metadata = MetadataBlocks(exif: TIFFExif.extract(from: bytes), xmp: field(tiff, TIFFTAG_XMLPACKET),
                                          icc: field(tiff, TIFFTAG_ICCPROFILE))
            return ContainerHeader(size: size, codec: compressionName(compression), bitDepth: Int(bits),
                                   hasAlpha: hasAlpha(tiff), imageCount: max(pages, 1), tiffCompression: compression,
                                   orientationTag: (1...8).contains(orientation) ? Int(orientation) : 1,
                                   metadata: metadata, notes: notes)
        }
    }

    static func decode(_ bytes: [UInt8]) throws -> DecodedBitmap {
        try withFile(bytes) { tiff, stream in
            let size = try pictureSize(tiff)
            var message = [CChar](repeating: 0, count: 1024)
            guard TIFFRGBAImageOK(tiff, &message) != 0 else {
                throw PhotoIOError.unsupported("TIFF " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            var orientation: UInt16 = 1
            _ = ctiff_get_u16_defaulted(tiff, UInt32(TIFFTAG_ORIENTATION), &orientation)
            let alpha = hasAlpha(tiff)
            let bitmap = try Bitmap(width: size.width, height: size.height, alpha: alpha ? .straight : .opaque)
            memset(bitmap.pixels, 0x80, bitmap.byteCount)
            // Asking for the file's own orientation makes libtiff copy rows as stored.
            let read = TIFFReadRGBAImageOriented(tiff, UInt32(size.width), UInt32(size.height),
                                                 bitmap.pixels.assumingMemoryBound(to: UInt32.self), Int32(orientation), 0)
            toBGRA(bitmap)
            guard read == 0 || stream.pointee.errors > 0 else { return DecodedBitmap(bitmap: bitmap) }
            let detail = stream.pointee.errors > 0 ? errorText(stream) : "libtiff could not read it"
            let intact = intactRows(tiff, fileSize: bytes.count, height: size.height)
            if intact.rows == 0 && read == 0 { throw intact.endsEarly ? PhotoIOError.truncated : PhotoIOError.corrupt(detail) }
            let damage = Damage(kind: intact.endsEarly ? .endsEarly : .corrupt, intactRows: intact.rows,
                                intactBlockRows: intact.rows, storedSize: size, detail: detail)
            return DecodedBitmap(bitmap: bitmap, warning: intact.endsEarly ? PhotoIOError.truncated.reason
                                                                           : PhotoIOError.corrupt(detail).reason, damage: damage)
        }
    }

    /// Writes 8-bit RGB(A) with `compression` when this libtiff can encode it (else LZW), the ICC and XMP as tags.
    static func encode(_ bitmap: Bitmap, compression: UInt16?, quality: Int, metadata: MetadataBlocks) throws -> [UInt8] {
        let stream = UnsafeMutablePointer<ctiff_stream>.allocate(capacity: 1)
        stream.initialize(to: ctiff_stream())
        stream.pointee.writable = 1
        defer { free(stream.pointee.data); stream.deallocate() }
        guard let tiff = ctiff_open(stream, "w", allocationLimit) else { throw PhotoIOError.encodeFailed("libtiff could not start") }
        let withAlpha = bitmap.alpha == .straight
        let chosen = compression.flatMap { TIFFIsCODECConfigured($0) != 0 && encodable.contains($0) ? $0 : nil }
            ?? UInt16(COMPRESSION_LZW)
        _ = ctiff_set_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), UInt32(bitmap.width))
        _ = ctiff_set_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), UInt32(bitmap.height))
        _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), 8)
        _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), withAlpha ? 4 : 3)
        _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_PHOTOMETRIC), UInt16(PHOTOMETRIC_RGB))
        _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_PLANARCONFIG), UInt16(PLANARCONFIG_CONTIG))
        _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_COMPRESSION), chosen)
        _ = ctiff_set_resolution(tiff, 72)
        if withAlpha { _ = ctiff_set_unassociated_alpha(tiff) }
        if chosen == COMPRESSION_LZW || chosen == COMPRESSION_ADOBE_DEFLATE || chosen == COMPRESSION_DEFLATE {
            _ = ctiff_set_u16(tiff, UInt32(TIFFTAG_PREDICTOR), UInt16(PREDICTOR_HORIZONTAL))
        }
        if chosen == COMPRESSION_JPEG { _ = ctiff_set_u32(tiff, UInt32(TIFFTAG_JPEGQUALITY), UInt32(quality)) }
        _ = ctiff_set_u32(tiff, UInt32(TIFFTAG_ROWSPERSTRIP), TIFFDefaultStripSize(tiff, 0))
        if let icc = metadata.icc { _ = ctiff_set_bytes(tiff, UInt32(TIFFTAG_ICCPROFILE), UInt32(icc.count), icc) }
        if let xmp = metadata.xmp { _ = ctiff_set_bytes(tiff, UInt32(TIFFTAG_XMLPACKET), UInt32(xmp.count), xmp) }

        let channels = withAlpha ? 4 : 3
        var row = [UInt8](repeating: 0, count: bitmap.width * channels)
        for y in 0..<bitmap.height {
            let written = row.withUnsafeMutableBufferPointer { buffer in
                PixelPacking.copy(row: y, of: bitmap, toRGB: buffer.baseAddress!, withAlpha: withAlpha)
                return TIFFWriteScanline(tiff, buffer.baseAddress, UInt32(y), 0)
            }
            guard written == 1 else {
                TIFFClose(tiff)
                throw PhotoIOError.encodeFailed("libtiff: " + errorText(stream))
            }
        }
        TIFFClose(tiff)
        guard stream.pointee.errors == 0, let data = stream.pointee.data else {
            throw PhotoIOError.encodeFailed("libtiff: " + errorText(stream))
        }
        let file = Array(UnsafeBufferPointer(start: data, count: Int(stream.pointee.size)))
        guard let exif = metadata.exif else { return file }
        return TIFFExif.attach(exif, to: file)
    }

    /// Compressions written again when the source used them; anything else (fax codings, old JPEG) becomes LZW.
    private static let encodable: Set<UInt16> = [UInt16(COMPRESSION_NONE), UInt16(COMPRESSION_LZW), UInt16(COMPRESSION_JPEG),
                                                 UInt16(COMPRESSION_ADOBE_DEFLATE), UInt16(COMPRESSION_DEFLATE),
                                                 UInt16(COMPRESSION_PACKBITS), UInt16(COMPRESSION_ZSTD),
                                                 UInt16(COMPRESSION_LZMA), UInt16(COMPRESSION_WEBP)]

    static func compressionName(_ compression: UInt16) -> String {
        switch Int32(compression) {
        case COMPRESSION_NONE: "uncompressed"
        case COMPRESSION_LZW: "LZW"
        case COMPRESSION_JPEG, COMPRESSION_OJPEG: "JPEG"
        case COMPRESSION_ADOBE_DEFLATE, COMPRESSION_DEFLATE: "Deflate"
        case COMPRESSION_PACKBITS: "PackBits"
        case COMPRESSION_CCITTFAX3, COMPRESSION_CCITTFAX4, COMPRESSION_CCITTRLE: "CCITT fax"
        case COMPRESSION_ZSTD: "Zstandard"
        case COMPRESSION_LZMA: "LZMA"
        case COMPRESSION_WEBP: "WebP"
        default: "compression \(compression)"
        }
    }

    private static func withFile<T>(_ bytes: [UInt8], _ body: (OpaquePointer, UnsafeMutablePointer<ctiff_stream>) throws -> T) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            let stream = UnsafeMutablePointer<ctiff_stream>.allocate(capacity: 1)
            stream.initialize(to: ctiff_stream())
            defer { stream.deallocate() }
            stream.pointee.data = UnsafeMutablePointer(mutating: buffer.baseAddress)
            stream.pointee.size = UInt64(buffer.count)
            guard let tiff = ctiff_open(stream, "rm", allocationLimit) else {
                let detail = errorText(stream)
                throw endsBeforeFirstDirectory(bytes) ? PhotoIOError.truncated
                    : PhotoIOError.corrupt(detail.isEmpty ? "libtiff cannot read it" : detail)
            }
            defer { TIFFClose(tiff) }
            return try body(tiff, stream)
        }
    }

    /// Whether the file stops before the directory its header points at (writers often put it last).
    private static func endsBeforeFirstDirectory(_ bytes: [UInt8]) -> Bool {
        guard let big = TIFFExif.byteOrder(bytes) else { return bytes.count < 8 }
        guard let first = ByteReader(bytes, bigEndian: big).u32(4) else { return true }
        return Int(first) + 2 > bytes.count
    }

    private static func errorText(_ stream: UnsafeMutablePointer<ctiff_stream>) -> String {
        withUnsafeBytes(of: &stream.pointee.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func pictureSize(_ tiff: OpaquePointer) throws -> PixelSize {
        var width: UInt32 = 0, height: UInt32 = 0
        guard ctiff_get_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) != 0,
              ctiff_get_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) != 0 else {
            throw PhotoIOError.corrupt("TIFF without an image size")
        }
        let size = PixelSize(width: Int(width), height: Int(height))
        try PixelLimits.check(size)
        return size
    }

    private static func hasAlpha(_ tiff: OpaquePointer) -> Bool {
        var count: UInt16 = 0
        var types: UnsafeMutablePointer<UInt16>?
        guard ctiff_get_extra_samples(tiff, &count, &types) != 0, count > 0, let types else { return false }
        return types[0] == EXTRASAMPLE_ASSOCALPHA || types[0] == EXTRASAMPLE_UNASSALPHA
    }

    private static func field(_ tiff: OpaquePointer, _ tag: Int32) -> [UInt8]? {
        var count: UInt32 = 0
        var data: UnsafeMutableRawPointer?
        guard ctiff_get_bytes(tiff, UInt32(tag), &count, &data) != 0, let data, count > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }

    /// libtiff's raster holds R, G, B, A bytes with alpha premultiplied; Bitmap wants B, G, R, A straight.
    private static func toBGRA(_ bitmap: Bitmap) {
        let straight = bitmap.alpha == .straight
        for y in 0..<bitmap.height {
            let row = UnsafeMutableRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
            for x in 0..<bitmap.width {
                let p = x * 4
                let red = row[p], alpha = row[p + 3]
                row[p] = row[p + 2]
                row[p + 2] = red
                if straight, alpha != 0, alpha != 255 {
                    let divisor = Int(alpha)
                    for c in 0..<3 {
                        let premultiplied = Int(row[p + c])
                        row[p + c] = UInt8(min(255, (premultiplied * 255 + divisor / 2) / divisor))
                    }
                }
            }
        }
    }

    /// Rows whose strips lie wholly inside the file; `endsEarly` when a strip reaches past its end.
    private static func intactRows(_ tiff: OpaquePointer, fileSize: Int, height: Int) -> (rows: Int, endsEarly: Bool) {
        guard TIFFIsTiled(tiff) == 0 else { return (0, false) }
        var rowsPerStrip: UInt32 = UInt32(height)
        _ = ctiff_get_u32(tiff, UInt32(TIFFTAG_ROWSPERSTRIP), &rowsPerStrip)
        for strip in 0..<TIFFNumberOfStrips(tiff) {
            let end = TIFFGetStrileOffset(tiff, strip) + TIFFGetStrileByteCount(tiff, strip)
            if end > UInt64(fileSize) { return (min(height, Int(strip) * Int(max(rowsPerStrip, 1))), true) }
        }
        return (0, false)
    }
}
