import CWebP
import EditorState
import Glibc

/// Animated WebP: the frames' timing and disposal read with libwebp's demuxer, the pictures played one canvas at
/// a time with its animation decoder (never all of them in memory), and new animations assembled with its muxer.
enum WebPAnimation {
    struct Frame {
        let duration: Int
        let dispose: WebPMuxAnimDispose
        let lossless: Bool
    }

    /// Each frame's duration, disposal and coding, and the loop count (0: forever).
    static func frames(_ demuxer: OpaquePointer) -> (frames: [Frame], loopCount: Int) {
        var frames: [Frame] = []
        let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        for index in 1...max(count, 1) {
            var iterator = WebPIterator()
            guard WebPDemuxGetFrame(demuxer, Int32(index), &iterator) != 0 else { break }
            var features = WebPBitstreamFeatures()
            let lossless = WebPGetFeatures(iterator.fragment.bytes, iterator.fragment.size, &features) == VP8_STATUS_OK
                && features.format == 2
            frames.append(Frame(duration: Int(iterator.duration), dispose: iterator.dispose_method, lossless: lossless))
            WebPDemuxReleaseIterator(&iterator)
        }
        return (frames, Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT)))
    }

    /// The frames of a WebP in memory.
    static func frames(of bytes: [UInt8]) throws -> [Frame] {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = WebPDemux(&data) else { throw PhotoIOError.corrupt("not a readable WebP") }
            defer { WebPDemuxDelete(demuxer) }
            return frames(demuxer).frames
        }
    }
}

/// Builds an animated WebP frame by frame: each frame a whole canvas drawn without blending, so it shows exactly
/// the pixels given whatever came before; its duration and disposal as the source frame had them.
final class AnimatedWebPWriter {
    private let mux: OpaquePointer
    private let canvas: PixelSize

    init(canvas: PixelSize, loopCount: Int) throws {
        guard let mux = WebPMuxNew() else { throw PhotoIOError.encodeFailed("libwebp: out of memory") }
        self.mux = mux
        self.canvas = canvas
        var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(loopCount))
        try check(WebPMuxSetAnimationParams(mux, &parameters))
        try check(WebPMuxSetCanvasSize(mux, Int32(canvas.width), Int32(canvas.height)))
    }

    deinit { WebPMuxDelete(mux) }

    func add(_ frame: Bitmap, duration: Int, dispose: WebPMuxAnimDispose, lossless: Bool, quality: Int) throws {
        let encoded = try WebPCodec.encode(frame, lossless: lossless, quality: quality, metadata: MetadataBlocks())
        let status = encoded.withUnsafeBufferPointer { buffer in
            var info = WebPMuxFrameInfo()
            info.bitstream = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            info.duration = Int32(duration)
            info.id = WEBP_CHUNK_ANMF
            info.dispose_method = dispose
            info.blend_method = WEBP_MUX_NO_BLEND
            return WebPMuxPushFrame(mux, &info, 1)
        }
        try check(status)
    }

    /// The assembled file, with the EXIF, XMP and ICC profile given.
    func finish(metadata: MetadataBlocks) throws -> [UInt8] {
        func set(_ chunk: [UInt8], _ fourCC: String) throws {
            let status = chunk.withUnsafeBufferPointer { buffer in
                var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
                return WebPMuxSetChunk(mux, fourCC, &data, 1)
            }
            try check(status)
        }
        if let icc = metadata.icc { try set(icc, "ICCP") }
        if let exif = metadata.exif { try set(exif, "EXIF") }
        if let xmp = metadata.xmp { try set(xmp, "XMP ") }
        var output = WebPData()
        try check(WebPMuxAssemble(mux, &output))
        guard let bytes = output.bytes else { throw PhotoIOError.encodeFailed("libwebpmux assembled nothing") }
        defer { WebPDataClear(&output) }
        return Array(UnsafeBufferPointer(start: bytes, count: output.size))
    }

    private func check(_ status: WebPMuxError) throws {
        guard status == WEBP_MUX_OK else { throw PhotoIOError.encodeFailed("libwebpmux error \(status.rawValue)") }
    }
}
