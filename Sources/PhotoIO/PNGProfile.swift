import CZlib

extension PNGCodec {
    /// The largest profile an iCCP chunk may inflate to; real ones are a few kilobytes, the biggest a few megabytes.
    static let maxProfileBytes = 16 << 20

    /// The ICC profile of an iCCP chunk: a Latin-1 name, a NUL, compression method 0 and a zlib stream.
    /// Nil when the chunk is malformed or inflates past `maxProfileBytes`.
    static func iccProfile(_ bytes: [UInt8], chunk: Range<Int>) -> ICCProfile? {
        guard let nameEnd = bytes[chunk].prefix(80).firstIndex(of: 0), nameEnd + 1 < chunk.upperBound,
              bytes[nameEnd + 1] == 0 else { return nil }
        let compressed = Array(bytes[(nameEnd + 2)..<chunk.upperBound])
        guard let data = inflate(compressed, limit: maxProfileBytes), data.count >= 132 else { return nil }
        return ICCProfile(data: data)
    }

    private static func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard cropper_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output += chunk.prefix(produced)
                if output.count > limit { return nil }
                if status == Z_STREAM_END { return output }
                if status != Z_OK || (produced == 0 && stream.avail_in == 0) { return nil }
            }
        }
    }
}
