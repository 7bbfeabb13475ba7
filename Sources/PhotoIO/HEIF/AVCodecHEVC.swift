import CAVCodec
import CFormatLibraries
import EditorState
import Glibc

/// A HEIF item's HEVC picture (a grid's tile) decoded by libavcodec, which takes about two thirds of libde265's CPU
/// time on phone tiles (docs/benchmarks.md). libavcodec is loaded on first use and is optional: without it, or for a
/// picture it cannot give as 8-bit YCbCr, the tile goes through libheif and libde265 as before.
enum AVCodecHEVC {
    /// Whether libavcodec and libavutil load (tried once; the first try costs some 20 ms of CPU, so the decode asks
    /// for it on a thread of its own while the file is read).
    static var isAvailable: Bool { availability }

    private static let availability: Bool = {
        guard environmentAllows else { return false }
        return cropper_load_format_library(CROPPER_AVCODEC) == nil && cropper_load_format_library(CROPPER_AVUTIL) == nil
            && avcodec_find_decoder(AV_CODEC_ID_HEVC) != nil
    }()

    /// `CROPPER_HEVC_DECODER=libde265` keeps libavcodec out (benchmarks compare the two in one build).
    private static var environmentAllows: Bool {
        guard let choice = getenv("CROPPER_HEVC_DECODER") else { return true }
        return String(cString: choice) != "libde265"
    }
}

/// A libavcodec HEVC decoder kept open from one picture to the next, for one thread: each tile after the first
/// only flushes it. Opening a decoder a tile cost 8 % more CPU on the phone grid's 48 tiles (871 against 800 ms;
/// 21,100 page faults against 4,600), for the same pixels. It is opened again when a picture's configuration
/// differs, and after a picture that failed.
final class AVCodecHEVCDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var configuration: [UInt8] = []
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?

    /// nil when libavcodec is not there.
    init?() {
        guard AVCodecHEVC.isAvailable else { return nil }
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { return nil }
    }

    // Only what was made is freed: calling into libavcodec would load it, and a decoder that failed to start (no
    // libavcodec, or kept out) must not.
    deinit {
        if context != nil { avcodec_free_context(&context) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
    }

    /// Decodes `data` (length-prefixed NAL units, as a HEIF item stores them) with the item's `configuration` (its
    /// `hvcC` payload) and hands the picture to `body`; nil when libavcodec cannot give it as 8-bit 4:2:0, 4:2:2 or
    /// 4:4:4 YCbCr (the caller then decodes it through libheif).
    func decode<T>(_ data: ArraySlice<UInt8>, configuration: ArraySlice<UInt8>,
                   _ body: (HEVCPicture) throws -> T) rethrows -> T? {
        guard !data.isEmpty, let packet, let frame, let context = opened(for: configuration) else { return nil }
        let received: Int32 = data.withUnsafeBytes { raw in
            // Not reference-counted: libavcodec copies the bytes into a padded buffer of its own.
            packet.pointee.data = UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            packet.pointee.size = Int32(raw.count)
            defer { packet.pointee.data = nil; packet.pointee.size = 0 }
            guard avcodec_send_packet(context, packet) == 0 else { return -1 }
            var status = avcodec_receive_frame(context, frame)
            if status == cavcodec_error_again() {
                _ = avcodec_send_packet(context, nil)  // the end of the stream: the picture comes out
                status = avcodec_receive_frame(context, frame)
            }
            return status
        }
        guard received == 0, frame.pointee.decode_error_flags == 0,
              frame.pointee.flags & AV_FRAME_FLAG_CORRUPT == 0, let picture = HEVCPicture(frame.pointee) else {
            avcodec_free_context(&self.context)  // whatever state the failure left is not carried to the next
            return nil
        }
        return try body(picture)
    }

    /// The context for a picture of `configuration`: the open one flushed when it has that configuration.
    private func opened(for configuration: ArraySlice<UInt8>) -> UnsafeMutablePointer<AVCodecContext>? {
        if let context, self.configuration.elementsEqual(configuration) {
            avcodec_flush_buffers(context)
            return context
        }
        avcodec_free_context(&context)
        guard configuration.count >= 23, let codec = avcodec_find_decoder(AV_CODEC_ID_HEVC),
              let fresh = avcodec_alloc_context3(codec) else { return nil }
        // The decoder frees the extradata with the context, so it is libavutil's memory, padded as it reads it.
        guard let extradata = av_mallocz(configuration.count + Int(cavcodec_input_padding())) else {
            var unopened: UnsafeMutablePointer<AVCodecContext>? = fresh
            avcodec_free_context(&unopened)
            return nil
        }
        configuration.withUnsafeBytes { extradata.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        fresh.pointee.extradata = extradata.assumingMemoryBound(to: UInt8.self)
        fresh.pointee.extradata_size = Int32(configuration.count)
        // One thread a context: the tiles themselves are decoded side by side, one per core.
        fresh.pointee.thread_count = 1
        context = fresh
        guard avcodec_open2(fresh, codec, nil) == 0 else {
            avcodec_free_context(&context)
            return nil
        }
        self.configuration = Array(configuration)
        return fresh
    }
}

/// A decoded 8-bit YCbCr picture as libavcodec left it, with the colour signal its stream describes.
struct HEVCPicture {
    let luma: UnsafePointer<UInt8>
    let blue: UnsafePointer<UInt8>
    let red: UnsafePointer<UInt8>
    let lumaRowBytes: Int
    let chromaRowBytes: Int
    /// log2 of the chroma subsampling: (1, 1) for 4:2:0, (1, 0) for 4:2:2, (0, 0) for 4:4:4.
    let chromaShiftX: Int
    let chromaShiftY: Int
    let size: PixelSize
    /// The stream's own (VUI) colour description, which libheif uses when the item has no `nclx` colour.
    let signal: HEIFColourSignal

    init?(_ frame: AVFrame) {
        let shifts: (Int, Int)
        switch AVPixelFormat(frame.format) {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: shifts = (1, 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: shifts = (1, 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: shifts = (0, 0)
        default: return nil
        }
        guard let luma = frame.data.0, let blue = frame.data.1, let red = frame.data.2,
              frame.linesize.1 == frame.linesize.2, frame.width > 0, frame.height > 0 else { return nil }
        self.luma = UnsafePointer(luma)
        self.blue = UnsafePointer(blue)
        self.red = UnsafePointer(red)
        lumaRowBytes = Int(frame.linesize.0)
        chromaRowBytes = Int(frame.linesize.1)
        (chromaShiftX, chromaShiftY) = shifts
        size = PixelSize(width: Int(frame.width), height: Int(frame.height))
        signal = HEIFColourSignal(primaries: Int(frame.color_primaries.rawValue),
                                  matrix: Int(frame.colorspace.rawValue),
                                  fullRange: frame.color_range == AVCOL_RANGE_JPEG)
    }
}
