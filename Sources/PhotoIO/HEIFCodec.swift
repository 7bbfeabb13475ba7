import CHeif
import EditorState
import Glibc
import Localization

/// HEIC (HEVC) and AVIF (AV1) through libheif. The primary image is the photo; libheif applies the
/// file's own transformations (irot, imir, clap) while decoding, as Apple and the major viewers do, so
/// an EXIF Orientation inside is never applied a second time. 10- and 12-bit pictures come through 8 bits.
enum HEIFCodec {
    static func header(_ bytes: [UInt8], format: PhotoFormat) throws -> ContainerHeader {
        try FormatLibrary.require(for: format)
        return try withPrimaryImage(bytes) { context, handle in
            let size = PixelSize(width: Int(heif_image_handle_get_width(handle)),
                                 height: Int(heif_image_handle_get_height(handle)))
            try PixelLimits.check(size)
            let images = Int(heif_context_get_number_of_top_level_images(context))
            var notes: [String] = []
            if images > 1 { notes.append(tr("the file holds %d images; its primary image is shown", images)) }
            let (metadata, metadataNotes) = readMetadata(handle)
            return ContainerHeader(size: size, codec: format == .avif ? "AV1" : "HEVC",
                                   bitDepth: Int(heif_image_handle_get_luma_bits_per_pixel(handle)),
                                   hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0, isHDR: isHDR(handle),
                                   imageCount: images,
                                   metadata: metadata, notes: notes + metadataNotes)
        }
    }

    /// The primary image, or its `region` (in the picture shown): a grid tile by tile on every core, only the tiles
    /// under the region (HEIFTileDecoder); anything else by libheif whole. `fittedTo`: a grid's whole picture is also
    /// reduced to that size as its tiles arrive (`DecodedBitmap.fitted`).
    static func decode(_ bytes: [UInt8], region: PixelRect? = nil, fittedTo fitted: PixelSize? = nil) throws -> DecodedBitmap {
        // libheif is loaded on first use (decodeWhole, or a tile libavcodec does not decode): a header may have been
        // read without it, and a grid of HEVC tiles decodes without it.
        if let decoded = try HEIFTileDecoder.decode(bytes, region: region, fittedTo: fitted) { return decoded }
        let whole = try decodeWhole(bytes)
        guard let region else { return whole }
        return DecodedBitmap(bitmap: try whole.bitmap.cropped(to: region))
    }

    /// libheif's own decode of the primary image, transformations applied.
    static func decodeWhole(_ bytes: [UInt8]) throws -> DecodedBitmap {
        try FormatLibrary.require(for: .heic)
        return try withPrimaryImage(bytes) { _, handle in
            try PixelLimits.check(PixelSize(width: Int(heif_image_handle_get_width(handle)),
                                            height: Int(heif_image_handle_get_height(handle))))
            let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
            let options = heif_decoding_options_alloc()
            defer { heif_decoding_options_free(options) }
            options?.pointee.convert_hdr_to_8bit = 1
            var image: OpaquePointer?
            try check(heif_decode_image(handle, &image, heif_colorspace_RGB,
                                        hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options))
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw PhotoIOError.corrupt("libheif gave no pixels")
            }
            let bitmap = try Bitmap(width: Int(heif_image_get_primary_width(image)),
                                    height: Int(heif_image_get_primary_height(image)),
                                    alpha: hasAlpha ? .straight : .opaque)
            PixelPacking.fill(bitmap, fromRGB: plane, stride: Int(stride), hasAlpha: hasAlpha)
            return DecodedBitmap(bitmap: bitmap)
        }
    }

    /// The primary image of `bytes` decoded to 8-bit interleaved RGB and handed to `body` (rows `stride` bytes apart),
    /// with or without the file's own transformations.
    static func decodePrimaryRGB<T>(_ bytes: [UInt8], transformations: Bool,
                                    _ body: (UnsafePointer<UInt8>, _ stride: Int, PixelSize) throws -> T) throws -> T {
        try withPrimaryImage(bytes) { _, handle in
            let options = heif_decoding_options_alloc()
            defer { heif_decoding_options_free(options) }
            options?.pointee.convert_hdr_to_8bit = 1
            options?.pointee.ignore_transformations = transformations ? 0 : 1
            var image: OpaquePointer?
            try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options))
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw PhotoIOError.corrupt("libheif gave no pixels")
            }
            return try body(plane, Int(stride), PixelSize(width: Int(heif_image_get_primary_width(image)),
                                                          height: Int(heif_image_get_primary_height(image))))
        }
    }

    /// The primary image of `bytes` decoded to 8-bit RGB without the file's transformations, for a grid's tile
    /// (no alpha): as planes when it is 8-bit, so that libheif converts it once (`HEIFTilePixels`).
    static func decodePrimaryTile<T>(_ bytes: [UInt8], _ body: (HEIFTilePixels) throws -> T) throws -> T {
        try withPrimaryImage(bytes) { _, handle in
            let planar = heif_image_handle_get_luma_bits_per_pixel(handle) == 8
                && heif_image_handle_get_chroma_bits_per_pixel(handle) == 8
            let options = heif_decoding_options_alloc()
            defer { heif_decoding_options_free(options) }
            options?.pointee.convert_hdr_to_8bit = 1
            options?.pointee.ignore_transformations = 1
            var image: OpaquePointer?
            try check(heif_decode_image(handle, &image, heif_colorspace_RGB,
                                        planar ? heif_chroma_444 : heif_chroma_interleaved_RGB, options))
            defer { heif_image_release(image) }
            let size = PixelSize(width: Int(heif_image_get_primary_width(image)),
                                 height: Int(heif_image_get_primary_height(image)))
            var strides: [Int32] = [0, 0, 0]
            let channels = planar ? [heif_channel_R, heif_channel_G, heif_channel_B] : [heif_channel_interleaved]
            let planes = channels.indices.map { heif_image_get_plane_readonly(image, channels[$0], &strides[$0]) }
            guard let first = planes[0], planes.allSatisfy({ $0 != nil }), Set(strides.prefix(planes.count)).count == 1
            else { throw PhotoIOError.corrupt("libheif gave no pixels") }
            guard channels.allSatisfy({ heif_image_get_bits_per_pixel_range(image, $0) == 8 }) else {
                throw PhotoIOError.corrupt("a tile's samples are deeper than its header says")
            }
            let pixels = planar
                ? HEIFTilePixels(red: first, green: planes[1]!, blue: planes[2]!, rowBytes: Int(strides[0]), step: 1, size: size)
                : HEIFTilePixels(red: first, green: first + 1, blue: first + 2, rowBytes: Int(strides[0]), step: 3, size: size)
            return try body(pixels)
        }
    }

    /// Encodes 8-bit HEVC (`.heic`) or AV1 (`.avif`) at `quality`, with the EXIF, XMP and ICC given; HEVC at x265's
    /// `preset` when one is given (libheif's default is "slow").
    static func encode(_ bitmap: Bitmap, as format: PhotoFormat, quality: Int, metadata: MetadataBlocks,
                       preset: String? = nil) throws -> [UInt8] {
        try FormatLibrary.require(for: format)
        guard let context = heif_context_alloc() else { throw PhotoIOError.encodeFailed("libheif: out of memory") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try encoding(heif_context_get_encoder_for_format(context, format == .avif ? heif_compression_AV1
                                                                                   : heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try encoding(heif_encoder_set_lossy_quality(encoder, Int32(quality)))
        if let preset, format == .heic { try encoding(heif_encoder_set_parameter_string(encoder, "preset", preset)) }

        let withAlpha = bitmap.alpha == .straight
        var image: OpaquePointer?
        try encoding(heif_image_create(Int32(bitmap.width), Int32(bitmap.height), heif_colorspace_RGB,
                                       withAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image))
        defer { heif_image_release(image) }
        try encoding(heif_image_add_plane(image, heif_channel_interleaved, Int32(bitmap.width), Int32(bitmap.height), 8))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw PhotoIOError.encodeFailed("libheif gave no plane to fill")
        }
        PixelPacking.copy(bitmap, toRGB: plane, stride: Int(stride), withAlpha: withAlpha)
        if let icc = metadata.icc {
            try encoding(icc.withUnsafeBytes { heif_image_set_raw_color_profile(image, "prof", $0.baseAddress, $0.count) })
        }

        let options = heif_encoding_options_alloc()
        defer { heif_encoding_options_free(options) }
        var handle: OpaquePointer?
        try encoding(heif_context_encode_image(context, image, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let exif = metadata.exif {
            try encoding(exif.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) })
        }
        if let xmp = metadata.xmp {
            try encoding(xmp.withUnsafeBytes { heif_context_add_XMP_metadata(context, handle, $0.baseAddress, Int32($0.count)) })
        }

        var buffer = cheif_buffer(data: nil, size: 0)
        defer { free(buffer.data) }
        try encoding(cheif_write_to_memory(context, &buffer))
        guard let data = buffer.data else { throw PhotoIOError.encodeFailed("libheif wrote nothing") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Opens the file in memory with libheif's size limit on and hands over its primary image.
    private static func withPrimaryImage<T>(_ bytes: [UInt8], _ body: (OpaquePointer, OpaquePointer) throws -> T) throws -> T {
        try HEIFDeclaredSizes.check(bytes)
        guard let context = heif_context_alloc() else { throw PhotoIOError.corrupt("libheif: out of memory") }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, Int32(PixelLimits.maxSide))
        return try bytes.withUnsafeBytes { raw in
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &handle))
            guard let handle else { throw PhotoIOError.corrupt("no primary image") }
            defer { heif_image_handle_release(handle) }
            return try body(context, handle)
        }
    }

    /// A PQ or HLG transfer function in the nclx colour description.
    private static func isHDR(_ handle: OpaquePointer) -> Bool {
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return false }
        defer { heif_nclx_color_profile_free(nclx) }
        let transfer = nclx.pointee.transfer_characteristics
        return transfer == heif_transfer_characteristic_ITU_R_BT_2100_0_PQ
            || transfer == heif_transfer_characteristic_ITU_R_BT_2100_0_HLG
    }

    private static func readMetadata(_ handle: OpaquePointer) -> (MetadataBlocks, [String]) {
        var exif: [UInt8]?, xmp: [UInt8]?, notes: [String] = []
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, nil))
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, &ids, Int32(count)))
        for id in ids.prefix(listed) {
            let type = String(cString: heif_image_handle_get_metadata_type(handle, id))
            let contentType = String(cString: heif_image_handle_get_metadata_content_type(handle, id))
            var data = [UInt8](repeating: 0, count: heif_image_handle_get_metadata_size(handle, id))
            guard heif_image_handle_get_metadata(handle, id, &data).code == heif_error_Ok else { continue }
            if type == "Exif", exif == nil {
                // A big-endian offset to the TIFF header comes first.
                let reader = ByteReader(data, bigEndian: true)
                if let offset = reader.u32(0), Int(offset) <= data.count - 4 {
                    exif = Array(data[(4 + Int(offset))...])
                } else {
                    notes.append(tr("the EXIF block is malformed and was ignored"))
                }
            } else if type == "mime", contentType == "application/rdf+xml", xmp == nil {
                xmp = data
            }
        }
        var icc: [UInt8]?
        let profileSize = heif_image_handle_get_raw_color_profile_size(handle)
        if profileSize > 0 {
            var profile = [UInt8](repeating: 0, count: profileSize)
            if heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok { icc = profile }
        }
        return (MetadataBlocks(exif: exif, xmp: xmp, icc: icc), notes)
    }

    /// libheif's error as Cropper's: data that ends early is a truncated file, a limit is a refusal.
    static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0).split(whereSeparator: \.isNewline).joined(separator: " ") }
            ?? "libheif error \(error.code.rawValue)"
        if error.subcode == heif_suberror_End_of_data { throw PhotoIOError.truncated }
        if error.subcode == heif_suberror_Security_limit_exceeded {
            throw PhotoIOError.unsupported("HEIF beyond libheif's limits (" + message + ")")
        }
        if error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype {
            throw PhotoIOError.unsupported("HEIF " + message)
        }
        throw PhotoIOError.corrupt(message)
    }

    private static func encoding(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw PhotoIOError.encodeFailed(error.message.map { "libheif: " + String(cString: $0) } ?? "libheif")
    }
}
