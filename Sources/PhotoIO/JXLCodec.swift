import CJXL
import EditorState
import Glibc
import Localization

/// JPEG XL through libjxl, the bare codestream or the ISO container. The codestream's orientation is read like a
/// TIFF's tag and applied by Cropper (so crops map onto the stored pixels as for every other format); the pixels
/// come in the colour space the file describes, as an ICC profile for the colour pipeline (none for sRGB).
/// EXIF and XMP are read from their boxes, Brotli-compressed (`brob`) ones too. More than 8 bits a channel come
/// through 8; an animation shows and saves its first frame.
enum JXLCodec {
    static func header(_ bytes: [UInt8]) throws -> ContainerHeader {
        let session = try JXLSession(bytes, events: [JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FRAME,
                                                     JXL_DEC_BOX], threads: false)
        _ = JxlDecoderSetDecompressBoxes(session.decoder, 1)
        var info: JxlBasicInfo?
        var colour: JXLColour?
        var frames = 0
        var boxes = JXLBoxes()
        defer { boxes.discard(session.decoder) }
        while true {
            let status: JxlDecoderStatus
            do {
                status = try session.next()
            } catch PhotoIOError.truncated where info != nil && colour != nil && frames > 0 {
                // The header and the first frame's start are there: the decode says how much of the picture is.
                break
            }
            switch status {
            case JXL_DEC_BASIC_INFO: info = try session.basicInfo()
            case JXL_DEC_COLOR_ENCODING: colour = info.map(session.pixelColour)
            case JXL_DEC_FRAME: frames += 1
            case JXL_DEC_BOX: try boxes.begin(session.decoder)
            case JXL_DEC_BOX_NEED_MORE_OUTPUT: try boxes.grow(session.decoder)
            case JXL_DEC_SUCCESS: boxes.end(session.decoder)
            default: continue
            }
            if status == JXL_DEC_SUCCESS { break }
        }
        guard let info, let colour else { throw PhotoIOError.truncated }
        return describe(info, colour: colour, frames: frames, boxes: boxes)
    }

    private static func describe(_ info: JxlBasicInfo, colour: JXLColour, frames: Int, boxes: JXLBoxes) -> ContainerHeader {
        var notes: [String] = []
        if info.have_animation != 0 && frames > 1 {
            notes.append(tr("an animated JPEG XL of %d frames: the first frame is shown and saved", frames))
        }
        if boxes.exifMalformed { notes.append(tr("the EXIF block is malformed and was ignored")) }
        let lossless = info.uses_original_profile != 0
        let codec = boxes.hasJPEGReconstruction ? tr("recompressed JPEG") : lossless ? tr("lossless") : tr("lossy, XYB")
        let orientation = Int(info.orientation.rawValue)
        return ContainerHeader(size: PixelSize(width: Int(info.xsize), height: Int(info.ysize)), codec: codec,
                               bitDepth: Int(info.bits_per_sample), hasAlpha: info.alpha_bits > 0,
                               isHDR: colour.encoded.map(isHDR) ?? false, imageCount: max(frames, 1),
                               isLossless: lossless && !boxes.hasJPEGReconstruction,
                               orientationTag: (1...8).contains(orientation) ? orientation : 1,
                               isGrey: info.num_color_channels == 1, colourDescription: colour.description,
                               iccIsInFile: colour.original != nil,
                               metadata: MetadataBlocks(exif: boxes.exif, xmp: boxes.xmp, icc: colour.icc), notes: notes)
    }

    private static func isHDR(_ encoding: JxlColorEncoding) -> Bool {
        encoding.transfer_function == JXL_TRANSFER_FUNCTION_PQ || encoding.transfer_function == JXL_TRANSFER_FUNCTION_HLG
    }

    /// Whether a scaled decode can stop at the picture's DC (a 1:8 image of the 8×8 blocks' averages): a lossy or
    /// recompressed-JPEG picture (VarDCT) has one, and only 1/8 is as sharp as it.
    static func decodesDC(_ header: ContainerHeader, scale: DecodeScale) -> Bool {
        scale.denominator == 8 && !header.isLossless
    }

    /// The first frame in stored orientation at `scale`: 1/8 of a lossy picture from its DC alone, as soon as that
    /// is decoded; other scales from the whole picture, decoded once on every core and resampled. A whole decode
    /// stops nowhere on the way: libjxl 0.7 renders all of the picture to hand out its DC, which on two cores
    /// delayed the sharp frame by some 0.75 CPU-seconds of a 24 MP photo's 1.9. `fittedTo`: a whole decode also
    /// makes a copy reduced to that size (stored orientation) as the rows arrive, when the picture allows one.
    static func decode(_ bytes: [UInt8], header: ContainerHeader, scale: DecodeScale = .full,
                       fittedTo fitted: PixelSize? = nil) throws -> DecodedBitmap {
        let dcOnly = decodesDC(header, scale: scale)
        let target = dcOnly ? scale.scaled(header.size) : header.size
        let bitmap = try Bitmap(width: target.width, height: target.height, alpha: header.hasAlpha ? .straight : .opaque)
        let downscale = try fitted.flatMap { scale == .full ? try DownscaleAsRowsArrive(bitmap, to: $0) : nil }
        var events = [JXL_DEC_COLOR_ENCODING, JXL_DEC_BASIC_INFO, JXL_DEC_FULL_IMAGE]
        if dcOnly { events.append(JXL_DEC_FRAME_PROGRESSION) }
        let session = try JXLSession(bytes, events: events, threads: true, inSteps: dcOnly)
        defer { session.endInBackground() }
        if dcOnly { _ = JxlDecoderSetProgressiveDetail(session.decoder, kDC) }
        let sink = JXLPixelSink(bitmap, step: dcOnly ? scale.denominator : 1, downscale: downscale)
        defer { sink.release() }
        // A whole picture comes as floats: libjxl 0.7 streams only those to a callback from its low-memory
        // pipeline (bytes it renders whole first, some 290 MB of floats for 24 MP); the DC pass needs bytes.
        var format = dcOnly
            ? JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
            : JxlPixelFormat(num_channels: header.hasAlpha ? 4 : 3, data_type: JXL_TYPE_FLOAT,
                             endianness: JXL_NATIVE_ENDIAN, align: 0)
        let write = dcOnly ? JXLPixelSink.write : header.hasAlpha ? JXLPixelSink.writeFloatRGBA : JXLPixelSink.writeFloatRGB
        var info: JxlBasicInfo?
        decoding: while true {
            switch try session.next() {
            case JXL_DEC_BASIC_INFO:
                info = try session.basicInfo()
            case JXL_DEC_COLOR_ENCODING:
                guard let info else { throw PhotoIOError.corrupt("no JPEG XL header") }
                _ = session.pixelColour(info)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                guard JxlDecoderSetImageOutCallback(session.decoder, &format, write, sink.context)
                        == JXL_DEC_SUCCESS else { throw PhotoIOError.corrupt("libjxl refused the pixel format") }
            case JXL_DEC_FRAME_PROGRESSION where dcOnly:
                if JxlDecoderFlushImage(session.decoder) == JXL_DEC_SUCCESS { break decoding }
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                break decoding
            default:
                continue
            }
        }
        guard bitmap.size != scale.scaled(header.size) else {
            var decoded = DecodedBitmap(bitmap: bitmap)
            decoded.fitted = downscale?.copy
            return decoded
        }
        return DecodedBitmap(bitmap: try Resampler.resize(bitmap, to: scale.scaled(header.size)))
    }

    /// 1/8 for a lossy picture when that covers `target`, else the full picture (any other scale costs a whole decode).
    static func previewScale(_ header: ContainerHeader, covering target: PixelSize) -> DecodeScale {
        let eighth = DecodeScale(denominator: 8)!
        let scaled = eighth.scaled(header.size)
        return decodesDC(header, scale: eighth) && scaled.width >= target.width && scaled.height >= target.height
            ? eighth : .full
    }
}
