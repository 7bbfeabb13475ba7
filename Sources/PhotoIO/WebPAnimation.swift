import CWebP
import EditorState
import Glibc

/// Animated WebP: the frames' timing and disposal read with libwebp's demuxer, the pictures played one canvas at
/// a time with its animation decoder (never all of them in memory); new animations are written by AnimatedWebPWriter.
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
