@testable import PhotoIO

/// An ICC profile as `cropper info` reads it: whole, and split into APP2 chunks in input-chosen order.
enum ICCFuzzTarget {
    static func run(_ bytes: [UInt8]) throws {
        _ = ICCProfile(data: bytes).description
        let chunkSize = 1 + Int(bytes.first ?? 0) * 97
        var segments: [JPEGSegment] = []
        var sequence = 1
        var offset = 0
        while offset < bytes.count, sequence < 255 {
            let end = min(bytes.count, offset + chunkSize)
            let header = Array("ICC_PROFILE\0".utf8) + [UInt8(sequence), 0]
            if let segment = JPEGSegment(marker: 0xE2, payload: header + bytes[offset..<end]) { segments.append(segment) }
            sequence += 1
            offset = end
        }
        if bytes.count % 3 == 0 { segments.reverse() }
        guard let joined = ICCProfile(segments: segments) else { return }
        if offset == bytes.count && joined.data != bytes { throw FuzzFailure("chunks did not join back into the profile") }
        _ = joined.description
    }
}
