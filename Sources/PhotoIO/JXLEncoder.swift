import CJXL
import Glibc

/// Writes JPEG XL through libjxl: lossless (modular, original colour space) or lossy (VarDCT in XYB) at a
/// Butteraugli distance from the quality setting; the ICC profile (or sRGB) as the colour encoding; EXIF and
/// XMP in `Exif` and `xml ` boxes of the container, uncompressed so that every metadata reader finds them.
enum JXLEncoder {
    /// The quality setting as Butteraugli distance, the mapping cjxl's `--quality` uses: 100 → 0.1 (visually
    /// lossless), 90 → 1.0 (cjxl's default), 30 → 6.4 and linearly between, then steeper below 30 (1 → 15.0, the
    /// largest distance libjxl takes). Lossless is chosen by the source, never by quality.
    static func distance(forQuality quality: Int) -> Float {
        let q = Double(min(max(quality, 1), 100))
        let distance = q >= 30 ? 0.1 + (100 - q) * 0.09 : 6.4 + pow(2.5, (30 - q) / 5) / 6.25
        return Float(min(distance, 15))
    }

    /// libjxl's effort 7 (its default, "squirrel") for lossy pictures; lossless ones at 3, which is some ten
    /// times faster than 7 on a photo for files about 10 % larger.
    static func effort(lossless: Bool) -> Int64 { lossless ? 3 : 7 }

    static func encode(_ bitmap: Bitmap, lossless: Bool, quality: Int, metadata: MetadataBlocks) throws -> [UInt8] {
        guard let encoder = JxlEncoderCreate(nil) else { throw PhotoIOError.encodeFailed("libjxl: out of memory") }
        defer { JxlEncoderDestroy(encoder) }
        let runner = JxlThreadParallelRunnerCreate(nil, JxlThreadParallelRunnerDefaultNumWorkerThreads())
        defer { if let runner { JxlThreadParallelRunnerDestroy(runner) } }
        if let runner { try check(JxlEncoderSetParallelRunner(encoder, JxlThreadParallelRunner, runner), encoder) }
        let boxes = metadata.exif != nil || metadata.xmp != nil
        if boxes { try check(JxlEncoderUseBoxes(encoder), encoder) }

        let withAlpha = bitmap.alpha == .straight
        var info = JxlBasicInfo()
        JxlEncoderInitBasicInfo(&info)
        info.xsize = UInt32(bitmap.width)
        info.ysize = UInt32(bitmap.height)
        info.bits_per_sample = 8
        info.num_color_channels = 3
        info.alpha_bits = withAlpha ? 8 : 0
        info.num_extra_channels = withAlpha ? 1 : 0
        info.uses_original_profile = lossless ? 1 : 0
        try check(JxlEncoderSetBasicInfo(encoder, &info), encoder)
        if let icc = metadata.icc {
            try check(JxlEncoderSetICCProfile(encoder, icc, icc.count), encoder)
        } else {
            var sRGB = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&sRGB, 0)
            try check(JxlEncoderSetColorEncoding(encoder, &sRGB), encoder)
        }

        guard let settings = JxlEncoderFrameSettingsCreate(encoder, nil) else {
            throw PhotoIOError.encodeFailed("libjxl: out of memory")
        }
        try check(JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, effort(lossless: lossless)),
                  encoder)
        if lossless {
            try check(JxlEncoderSetFrameLossless(settings, 1), encoder)
        } else {
            try check(JxlEncoderSetFrameDistance(settings, distance(forQuality: quality)), encoder)
        }
        if let exif = metadata.exif { try addBox("Exif", [0, 0, 0, 0] + exif, encoder) }
        if let xmp = metadata.xmp { try addBox("xml ", xmp, encoder) }
        let channels = withAlpha ? 4 : 3
        var format = JxlPixelFormat(num_channels: UInt32(channels), data_type: JXL_TYPE_UINT8,
                                    endianness: JXL_NATIVE_ENDIAN, align: 0)
        let interleaved = PixelPacking.rgbBytes(bitmap, withAlpha: withAlpha)
        try check(JxlEncoderAddImageFrame(settings, &format, interleaved, interleaved.count), encoder)
        JxlEncoderCloseInput(encoder)
        return try drain(encoder)
    }

    private static func addBox(_ type: String, _ data: [UInt8], _ encoder: OpaquePointer) throws {
        var name: JxlBoxType = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &name) { $0.copyBytes(from: type.utf8.prefix(4)) }
        let status = withUnsafeMutableBytes(of: &name) {
            JxlEncoderAddBox(encoder, $0.baseAddress!.assumingMemoryBound(to: CChar.self), data, data.count, 0)
        }
        try check(status, encoder)
    }

    private static func drain(_ encoder: OpaquePointer) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 1 << 20)
        var written = 0
        while true {
            let (status, left) = output.withUnsafeMutableBufferPointer { buffer -> (JxlEncoderStatus, Int) in
                var next: UnsafeMutablePointer<UInt8>? = buffer.baseAddress! + written
                var available = buffer.count - written
                let status = JxlEncoderProcessOutput(encoder, &next, &available)
                return (status, available)
            }
            written = output.count - left
            if status == JXL_ENC_SUCCESS { return Array(output.prefix(written)) }
            guard status == JXL_ENC_NEED_MORE_OUTPUT else { try check(status, encoder); continue }
            output += [UInt8](repeating: 0, count: output.count)
        }
    }

    private static func check(_ status: JxlEncoderStatus, _ encoder: OpaquePointer) throws {
        guard status != JXL_ENC_SUCCESS else { return }
        throw PhotoIOError.encodeFailed("libjxl error \(JxlEncoderGetError(encoder).rawValue)")
    }
}
