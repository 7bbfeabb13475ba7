import CJXL
import Dispatch
import EditorState
import Glibc
import Localization

/// One libjxl decoder over a whole file in memory, set up as every Cropper read wants it: the codestream's
/// orientation is kept out of the pixels (Cropper applies it like EXIF's), Brotli-compressed `brob` boxes come
/// out decompressed, and the colour the pixels arrive in is chosen the same way for the header and the decode.
final class JXLSession {
    let decoder: OpaquePointer
    private var runner: UnsafeMutableRawPointer?
    private let bytes: [UInt8]
    /// How much of the file the decoder has been given; the rest follows in steps when it asks.
    private var offered = 0
    /// Whether the decoder asked for more than the whole file: it is cut short, whatever libjxl then says.
    private var starved = false
    private let step: Int
    /// Whether the decoder has been handed over to be destroyed (`endInBackground`).
    private var ended = false

    /// `threads`: decode on every core (pixels); the header alone needs none. `inSteps`: hand the file over a
    /// 32nd at a time, as if it were arriving: only then does libjxl stop at the DC to offer it.
    init(_ bytes: [UInt8], events: [JxlDecoderStatus], threads: Bool, inSteps: Bool = false) throws {
        guard let decoder = JxlDecoderCreate(nil) else { throw PhotoIOError.corrupt("libjxl: out of memory") }
        self.decoder = decoder
        self.bytes = bytes
        step = inSteps ? max(1 << 10, bytes.count / 32) : bytes.count
        let mask = events.reduce(Int32(0)) { $0 | Int32($1.rawValue) }
        guard JxlDecoderSubscribeEvents(decoder, mask) == JXL_DEC_SUCCESS,
              JxlDecoderSetKeepOrientation(decoder, 1) == JXL_DEC_SUCCESS else {
            throw PhotoIOError.corrupt("libjxl refused the decoder's settings")
        }
        if threads {
            runner = JxlThreadParallelRunnerCreate(nil, JxlThreadParallelRunnerDefaultNumWorkerThreads())
            if let runner { _ = JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) }
        }
        try offer(from: 0)
    }

    /// Gives the decoder the file from `start` up to the next step (the decoder reads straight from the array,
    /// which this session keeps alive).
    private func offer(from start: Int) throws {
        offered = min(bytes.count, max(offered, start) + step)
        let status = bytes.withUnsafeBufferPointer { JxlDecoderSetInput(decoder, $0.baseAddress! + start, offered - start) }
        guard status == JXL_DEC_SUCCESS else { throw PhotoIOError.corrupt("libjxl refused the input") }
    }

    deinit {
        if !ended { LibjxlDecoder(decoder: decoder, runner: runner).destroy() }
    }

    /// Destroys the decoder and its thread pool on a background thread, which is when libjxl frees a decode's
    /// buffers: some 80 MB for a 24 MP picture, unmapped in 6 ms of CPU (40 ms at a load of 8) that the picture
    /// handed out need not wait for. The session is not used afterwards.
    func endInBackground() {
        guard !ended else { return }
        ended = true
        let parts = LibjxlDecoder(decoder: decoder, runner: runner)
        DispatchQueue.global(qos: .utility).async { parts.destroy() }
    }

    /// The next event; a file that ends early is `truncated`, an error is corrupt data.
    func next() throws -> JxlDecoderStatus {
        while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_ERROR: throw starved ? PhotoIOError.truncated : PhotoIOError.corrupt("libjxl cannot decode it")
            case JXL_DEC_NEED_MORE_INPUT:
                if offered < bytes.count {
                    try offer(from: offered - JxlDecoderReleaseInput(decoder))
                } else if !starved {
                    // The input is closed only now: until then, running out of it means the file is cut short
                    // (once closed, libjxl calls that an error like any other). Boxes that run to the end of
                    // the file need the close to end.
                    starved = true
                    JxlDecoderCloseInput(decoder)
                } else {
                    throw PhotoIOError.truncated
                }
            default: return status
            }
        }
    }

    func basicInfo() throws -> JxlBasicInfo {
        var info = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            throw PhotoIOError.corrupt("no JPEG XL header")
        }
        try PixelLimits.check(PixelSize(width: Int(info.xsize), height: Int(info.ysize)))
        return info
    }

    /// At the colour-encoding event: what the decoded pixels are in. A lossy (XYB) picture whose original space is an
    /// ICC profile would come out in linear sRGB, which 8 bits cannot hold well: it is asked for in sRGB instead.
    func pixelColour(_ info: JxlBasicInfo) -> JXLColour {
        var original = JxlColorEncoding()
        let originalIsEncoded = JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL,
                                                                   &original) == JXL_DEC_SUCCESS
        let originalICC = originalIsEncoded ? nil : profile(JXL_COLOR_PROFILE_TARGET_ORIGINAL)
        var convertedToSRGB = false
        if info.uses_original_profile == 0 && !originalIsEncoded {
            var sRGB = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&sRGB, info.num_color_channels == 1 ? 1 : 0)
            convertedToSRGB = JxlDecoderSetPreferredColorProfile(decoder, &sRGB) == JXL_DEC_SUCCESS
        }
        var data = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &data) == JXL_DEC_SUCCESS,
           JXLColour.isSRGB(data) {
            return JXLColour(icc: nil, original: originalICC, encoded: originalIsEncoded ? original : nil,
                             convertedToSRGB: convertedToSRGB)
        }
        return JXLColour(icc: profile(JXL_COLOR_PROFILE_TARGET_DATA), original: originalICC,
                         encoded: originalIsEncoded ? original : nil, convertedToSRGB: convertedToSRGB)
    }

    private func profile(_ target: JxlColorProfileTarget) -> [UInt8]? {
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, target, &size) == JXL_DEC_SUCCESS, size > 0,
              size < 64 << 20 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, target, &profile, size) == JXL_DEC_SUCCESS else { return nil }
        return profile
    }
}

/// A decoder and its thread pool, handed to another thread to be destroyed there (nothing else holds them then).
private struct LibjxlDecoder: @unchecked Sendable {
    let decoder: OpaquePointer
    let runner: UnsafeMutableRawPointer?

    func destroy() {
        JxlDecoderDestroy(decoder)
        if let runner { JxlThreadParallelRunnerDestroy(runner) }
    }
}

/// The colour of a JPEG XL picture: the profile its decoded pixels are in (nil: sRGB) and how the file says it.
struct JXLColour {
    /// The pixels' profile, libjxl's own ICC rendering of an encoded space when the file has no ICC; nil for sRGB.
    let icc: [UInt8]?
    /// The file's ICC profile, when it carries one rather than an encoded space.
    let original: [UInt8]?
    let encoded: JxlColorEncoding?
    /// A lossy picture with an ICC profile, decoded to sRGB.
    let convertedToSRGB: Bool

    /// How `info` names it: "sRGB", "Display P3, PQ", "ICC profile: …".
    var description: String {
        if let encoded { return Self.name(encoded) }
        let described = original.flatMap { ICCProfile(data: $0).description } ?? "ICC profile"
        let quoted = "“" + described + "”"
        return convertedToSRGB ? tr("ICC profile %s, decoded to sRGB", quoted) : tr("ICC profile %s", quoted)
    }

    static func isSRGB(_ encoding: JxlColorEncoding) -> Bool {
        let rgbOK = encoding.color_space == JXL_COLOR_SPACE_GRAY
            || (encoding.color_space == JXL_COLOR_SPACE_RGB && encoding.primaries == JXL_PRIMARIES_SRGB)
        return rgbOK && encoding.white_point == JXL_WHITE_POINT_D65 && encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
    }

    static func name(_ encoding: JxlColorEncoding) -> String {
        let grey = encoding.color_space == JXL_COLOR_SPACE_GRAY
        let primaries: String
        switch encoding.primaries {
        case JXL_PRIMARIES_SRGB: primaries = "sRGB"
        case JXL_PRIMARIES_2100: primaries = "Rec. 2100"
        case JXL_PRIMARIES_P3: primaries = encoding.white_point == JXL_WHITE_POINT_DCI ? "DCI-P3" : "Display P3"
        default: primaries = "custom primaries"
        }
        let transfer: String
        switch encoding.transfer_function {
        case JXL_TRANSFER_FUNCTION_SRGB: transfer = "sRGB transfer"
        case JXL_TRANSFER_FUNCTION_LINEAR: transfer = "linear"
        case JXL_TRANSFER_FUNCTION_PQ: transfer = "PQ"
        case JXL_TRANSFER_FUNCTION_HLG: transfer = "HLG"
        case JXL_TRANSFER_FUNCTION_709: transfer = "BT.709 transfer"
        case JXL_TRANSFER_FUNCTION_DCI: transfer = "DCI transfer"
        case JXL_TRANSFER_FUNCTION_GAMMA: transfer = "gamma \((100 / max(encoding.gamma, 0.001)).rounded() / 100)"
        default: transfer = "unknown transfer"
        }
        // Grey has no primaries; the colour model ("grey") is said beside it.
        if grey { return transfer }
        if primaries == "sRGB" && transfer == "sRGB transfer" && encoding.white_point == JXL_WHITE_POINT_D65 { return "sRGB" }
        return (primaries == "sRGB" ? "sRGB primaries" : primaries) + ", " + transfer
    }
}
