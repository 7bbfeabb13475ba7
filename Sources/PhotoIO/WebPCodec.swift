import CWebP
import EditorState
import Glibc

/// WebP through libwebp: still pictures (lossy VP8 with or without alpha, lossless VP8L) decode
/// incrementally, so a truncated file gives the rows it holds; an animation gives its first frame here (its crop
/// keeps every frame: AnimationCrop).
/// The EXIF, XMP and ICCP chunks are read with the demux library and written with the mux library.
enum WebPCodec {
    static func header(_ bytes: [UInt8]) throws -> ContainerHeader {
        try withDemuxer(bytes) { demuxer, complete in
            let size = PixelSize(width: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
                                 height: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)))
            try PixelLimits.check(size)
            let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
            let frames = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
            let features = try firstFrameFeatures(demuxer)
            var notes: [String] = []
            var animation: AnimationSummary?
            if flags & ANIMATION_FLAG.rawValue != 0 {
                let (played, loopCount) = WebPAnimation.frames(demuxer)
                animation = AnimationSummary(frames: frames, durationMilliseconds: played.reduce(0) { $0 + $1.duration },
                                             plays: loopCount)
            }
            let metadata = MetadataBlocks(exif: chunk("EXIF", demuxer), xmp: chunk("XMP ", demuxer), icc: chunk("ICCP", demuxer))
            if !complete { notes.append(PhotoIOError.truncated.reason) }
            let lossless = features.format == 2
            return ContainerHeader(size: size, codec: lossless ? "VP8L lossless" : "VP8 lossy",
                                   hasAlpha: flags & ALPHA_FLAG.rawValue != 0 || features.has_alpha != 0,
                                   imageCount: max(frames, 1), isLossless: lossless, animation: animation,
                                   metadata: metadata, notes: notes)
        }
    }

    static func decode(_ bytes: [UInt8], header: ContainerHeader) throws -> DecodedBitmap {
        try decode(bytes, header: header, region: PixelRect(size: header.size)).decoded
    }

    /// The pixels of `region` of the stored picture (libwebp converts only those and stops below them), in a
    /// bitmap a little larger that starts at even coordinates, as libwebp's cropping wants; `inside` is the
    /// region within it.
    /// Damage is in rows of the whole picture.
    static func decode(_ bytes: [UInt8], header: ContainerHeader,
                       region: PixelRect) throws -> (decoded: DecodedBitmap, inside: PixelRect) {
        try PixelLimits.check(header.size)
        var features = WebPBitstreamFeatures()
        let probed = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        if probed == VP8_STATUS_OK && features.has_animation != 0 {
            return (try decodeFirstFrame(bytes, header: header), region)
        }
        // A margin of one chroma sample around the region: the upsampler then sees the same neighbours as in a
        // whole decode, so the region's pixels are bit-identical to it.
        let margin = 2
        let left = max(0, region.x - margin) & ~1, top = max(0, region.y - margin) & ~1
        let right = min(header.size.width, region.maxX + margin), bottom = min(header.size.height, region.maxY + margin)
        let bitmap = try Bitmap(width: right - left, height: bottom - top, alpha: header.hasAlpha ? .straight : .opaque)
        let inside = PixelRect(x: region.x - left, y: region.y - top, width: region.width, height: region.height)
        memset(bitmap.pixels, 0x80, bitmap.byteCount)
        // The incremental decoder keeps a pointer to its configuration: it lives on the heap until the decoder goes.
        let config = UnsafeMutablePointer<WebPDecoderConfig>.allocate(capacity: 1)
        defer { config.deallocate() }
        guard WebPInitDecoderConfig(config) != 0 else { throw PhotoIOError.corrupt("libwebp version mismatch") }
        config.pointee.options.use_threads = 1
        if bitmap.size != header.size {
            config.pointee.options.use_cropping = 1
            config.pointee.options.crop_left = Int32(left)
            config.pointee.options.crop_top = Int32(top)
            config.pointee.options.crop_width = Int32(bitmap.width)
            config.pointee.options.crop_height = Int32(bitmap.height)
        }
        config.pointee.output.colorspace = MODE_BGRA
        config.pointee.output.is_external_memory = 1
        config.pointee.output.u.RGBA = WebPRGBABuffer(rgba: bitmap.pixelBytes, stride: Int32(bitmap.stride),
                                                      size: bitmap.byteCount)
        guard let decoder = WebPIDecode(nil, 0, config) else {
            throw PhotoIOError.corrupt("libwebp could not start decoding")
        }
        defer { WebPIDelete(decoder) }
        let status = bytes.withUnsafeBufferPointer { WebPIUpdate(decoder, $0.baseAddress, $0.count) }
        if status == VP8_STATUS_OK { return (DecodedBitmap(bitmap: bitmap), inside) }
        var lastRow: Int32 = 0
        _ = WebPIDecGetRGB(decoder, &lastRow, nil, nil, nil)
        let endsEarly = status == VP8_STATUS_SUSPENDED || status == VP8_STATUS_NOT_ENOUGH_DATA
        let detail = endsEarly ? "the data ends early" : "libwebp status \(status.rawValue)"
        guard lastRow > 0 else { throw endsEarly ? PhotoIOError.truncated : PhotoIOError.corrupt(detail) }
        let intact = top + Int(lastRow)
        let damage = Damage(kind: endsEarly ? .endsEarly : .corrupt, intactRows: intact, intactBlockRows: intact,
                            storedSize: header.size, detail: detail)
        return (DecodedBitmap(bitmap: bitmap, warning: endsEarly ? PhotoIOError.truncated.reason
                                                                 : PhotoIOError.corrupt(detail).reason, damage: damage),
                inside)
    }

    /// The animation's first frame composed on its canvas, as a viewer shows it before playing.
    private static func decodeFirstFrame(_ bytes: [UInt8], header: ContainerHeader) throws -> DecodedBitmap {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw PhotoIOError.corrupt("libwebp version mismatch") }
        options.color_mode = MODE_BGRA
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw PhotoIOError.corrupt("libwebp cannot read the animation")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                throw PhotoIOError.corrupt("the first frame cannot be decoded")
            }
            let bitmap = try Bitmap(width: header.size.width, height: header.size.height, alpha: .straight)
            memcpy(bitmap.pixels, frame, bitmap.byteCount)
            return DecodedBitmap(bitmap: bitmap)
        }
    }

    /// Lossless or lossy at `quality`, with the EXIF, XMP and ICC profile as chunks.
    static func encode(_ bitmap: Bitmap, lossless: Bool, quality: Int, metadata: MetadataBlocks) throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw PhotoIOError.encodeFailed("libwebp version mismatch") }
        config.lossless = lossless ? 1 : 0
        config.thread_level = 1
        config.quality = lossless ? 75 : Float(quality)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw PhotoIOError.encodeFailed("libwebp version mismatch") }
        // Lossy coding works in YUV: importing straight into it skips an ARGB copy of the picture.
        picture.use_argb = lossless ? 1 : 0
        picture.width = Int32(bitmap.width)
        picture.height = Int32(bitmap.height)
        defer { WebPPictureFree(&picture) }
        let imported = bitmap.alpha == .straight
            ? WebPPictureImportBGRA(&picture, bitmap.pixelBytes, Int32(bitmap.stride))
            : WebPPictureImportBGRX(&picture, bitmap.pixelBytes, Int32(bitmap.stride))
        guard imported != 0 else { throw PhotoIOError.encodeFailed("libwebp: out of memory") }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { pointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(pointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else {
            throw PhotoIOError.encodeFailed("libwebp error \(picture.error_code.rawValue)")
        }
        let image = Array(UnsafeBufferPointer(start: memory, count: writer.size))
        return metadata.isEmpty ? image : try withChunks(image, metadata)
    }

    /// The encoded picture in an extended (VP8X) file with the metadata chunks.
    private static func withChunks(_ image: [UInt8], _ metadata: MetadataBlocks) throws -> [UInt8] {
        guard let mux = WebPMuxNew() else { throw PhotoIOError.encodeFailed("libwebp: out of memory") }
        defer { WebPMuxDelete(mux) }
        func set(_ chunk: [UInt8], _ result: (UnsafePointer<WebPData>) -> WebPMuxError) throws {
            let status = chunk.withUnsafeBufferPointer { buffer in
                var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
                return result(&data)
            }
            guard status == WEBP_MUX_OK else { throw PhotoIOError.encodeFailed("libwebpmux error \(status.rawValue)") }
        }
        try set(image) { WebPMuxSetImage(mux, $0, 1) }
        if let icc = metadata.icc { try set(icc) { WebPMuxSetChunk(mux, "ICCP", $0, 1) } }
        if let exif = metadata.exif { try set(exif) { WebPMuxSetChunk(mux, "EXIF", $0, 1) } }
        if let xmp = metadata.xmp { try set(xmp) { WebPMuxSetChunk(mux, "XMP ", $0, 1) } }
        var output = WebPData()
        guard WebPMuxAssemble(mux, &output) == WEBP_MUX_OK, let bytes = output.bytes else {
            throw PhotoIOError.encodeFailed("libwebpmux could not assemble the file")
        }
        defer { WebPDataClear(&output) }
        return Array(UnsafeBufferPointer(start: bytes, count: output.size))
    }

    /// Demuxes what can be parsed; `complete` is false when the file ends early.
    private static func withDemuxer<T>(_ bytes: [UInt8], _ body: (OpaquePointer, Bool) throws -> T) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var state = WEBP_DEMUX_PARSING_HEADER
            guard let demuxer = WebPDemuxPartial(&data, &state), state.rawValue > WEBP_DEMUX_PARSING_HEADER.rawValue else {
                throw bytes.count < 30 || state == WEBP_DEMUX_PARSING_HEADER ? PhotoIOError.truncated
                                                                             : PhotoIOError.corrupt("not a readable WebP")
            }
            defer { WebPDemuxDelete(demuxer) }
            return try body(demuxer, state == WEBP_DEMUX_DONE)
        }
    }

    private static func firstFrameFeatures(_ demuxer: OpaquePointer) throws -> WebPBitstreamFeatures {
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 else { throw PhotoIOError.truncated }
        defer { WebPDemuxReleaseIterator(&iterator) }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(iterator.fragment.bytes, iterator.fragment.size, &features)
        guard status == VP8_STATUS_OK else {
            throw status == VP8_STATUS_NOT_ENOUGH_DATA ? PhotoIOError.truncated
                                                       : PhotoIOError.corrupt("libwebp status \(status.rawValue)")
        }
        return features
    }

    private static func chunk(_ fourCC: String, _ demuxer: OpaquePointer) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        return Array(UnsafeBufferPointer(start: iterator.chunk.bytes, count: iterator.chunk.size))
    }
}
