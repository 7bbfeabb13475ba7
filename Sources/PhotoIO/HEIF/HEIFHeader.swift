import EditorState
import Localization

/// A HEIF/AVIF header read by Cropper's own box parser: sizes after the file's own transformations, coding, depth,
/// alpha, HDR, the images it holds and its EXIF, XMP and ICC profile, without loading libheif or its codecs (which
/// costs more than the whole answer of `cropper info`). A file this parser cannot follow is read by libheif instead.
enum HEIFHeader {
    static func read(_ bytes: [UInt8], format: PhotoFormat) throws -> ContainerHeader? {
        guard let container = try? HEIFContainer.parse(bytes),
              let primary = try? HEIFPrimaryImage(container, bytes: bytes) else { return nil }
        let size = primary.shownSize
        try PixelLimits.check(size)
        let coded = primary.tiles.first ?? primary.id
        let codingProperties = container.properties(of: coded).map(\.property) + primary.descriptive.map(\.property)
        let images = topLevelImages(container)
        var notes: [String] = []
        if images > 1 { notes.append(tr("the file holds %d images; its primary image is shown", images)) }
        let (metadata, metadataNotes) = readMetadata(container, primary: primary, bytes: bytes)
        return ContainerHeader(size: size, codec: format == .avif ? "AV1" : "HEVC",
                               bitDepth: codingProperties.lazy.compactMap(bitDepth).first ?? 8,
                               hasAlpha: hasAlpha(container, primary: primary.id),
                               isHDR: codingProperties.contains(where: isHDR), imageCount: images,
                               metadata: metadata, notes: notes + metadataNotes)
    }

    /// Images shown on their own: not tiles (hidden), thumbnails or auxiliary images, as libheif counts them.
    private static func topLevelImages(_ container: HEIFContainer) -> Int {
        let images: Set = ["hvc1", "av01", "grid", "iden", "iovl", "jpeg"]
        let dependent = Set(container.references.filter { ["thmb", "auxl"].contains($0.type) }.map(\.from))
        return max(1, container.items.filter { images.contains($0.type) && !$0.isHidden && !dependent.contains($0.id) }.count)
    }

    private static func bitDepth(_ property: HEIFProperty) -> Int? {
        let payload = Array(property.payload)
        switch property.type {
        case "pixi":
            return payload.count > 5 && payload[4] > 0 ? Int(payload[5]) : nil
        case "hvcC":
            return payload.count > 18 ? Int(payload[18] & 7) + 8 : nil
        case "av1C":
            guard payload.count > 2 else { return nil }
            return payload[2] & 0x40 == 0 ? 8 : payload[2] & 0x20 == 0 ? 10 : 12
        default:
            return nil
        }
    }

    /// An nclx colour with the PQ (16) or HLG (18) transfer function.
    private static func isHDR(_ property: HEIFProperty) -> Bool {
        let payload = Array(property.payload)
        guard property.type == "colr", payload.count >= 8, payload[0..<4].elementsEqual("nclx".utf8) else { return false }
        let transfer = Int(payload[6]) << 8 | Int(payload[7])
        return transfer == 16 || transfer == 18
    }

    static func hasAlpha(_ container: HEIFContainer, primary: UInt32) -> Bool {
        container.referrers("auxl", to: primary).contains { id in
            container.properties(of: id).contains {
                guard let type = HEIFProperties.auxiliaryType($0.property) else { return false }
                return type.contains("alpha") || type == "urn:mpeg:hevc:2015:auxid:1"
            }
        }
    }

    private static func readMetadata(_ container: HEIFContainer, primary: HEIFPrimaryImage,
                                     bytes: [UInt8]) -> (MetadataBlocks, [String]) {
        var exif: [UInt8]?, xmp: [UInt8]?, notes: [String] = []
        for id in container.referrers("cdsc", to: primary.id) {
            guard let item = container.item(id) else { continue }
            if item.type == "Exif", exif == nil {
                let data = container.data(of: item, in: bytes)
                // A big-endian offset to the TIFF header comes first.
                if data.count >= 4, Int(BoxBytes.u32(data, 0)) <= data.count - 4 {
                    exif = Array(data[(4 + Int(BoxBytes.u32(data, 0)))...])
                } else {
                    notes.append(tr("the EXIF block is malformed and was ignored"))
                }
            } else if item.type == "mime", item.contentType == "application/rdf+xml", xmp == nil {
                xmp = container.data(of: item, in: bytes)
            }
        }
        let icc = primary.descriptive.lazy.compactMap { entry -> [UInt8]? in
            let payload = entry.property.payload
            guard entry.property.type == "colr", payload.count > 4 else { return nil }
            let kind = String(decoding: payload.prefix(4), as: UTF8.self)
            return kind == "prof" || kind == "rICC" ? Array(payload.dropFirst(4)) : nil
        }.first
        return (MetadataBlocks(exif: exif, xmp: xmp, icc: icc), notes)
    }
}
