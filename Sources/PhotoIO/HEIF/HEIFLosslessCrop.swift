import EditorState
import Localization

/// Lossless crop, turn and flip of a HEIF/AVIF photo: a new primary item that is a grid of the tiles the crop
/// touches (their coded data copied as it is), a `clap` cutting the exact rect, and `irot`/`imir` for the file's
/// own turn followed by the user's. Nothing is decoded or encoded.
///
/// Kept: the tiles' properties, the primary's colour (ICC or nclx) and pixel depth, EXIF (Orientation 1, sizes
/// patched) and XMP. Left out, and said so: the thumbnail (it shows the whole picture), auxiliary images (depth
/// maps, HDR gain maps: they cover the whole picture at their own size), and other top-level images. A photo with
/// an alpha plane is not cut this way: its alpha would have to be cut alike.
enum HEIFLosslessCrop {
    struct Plan: Equatable {
        /// The saved rect in the photo as shown (before the user's turn), snapped to the chroma grid.
        let uprightRect: PixelRect
        /// The saved rect in coded pixels of the primary image.
        let codedRect: PixelRect
        /// Coded pixels to the saved picture: the file's own transformations, then the user's.
        let transform: Orientation
        var outputSize: PixelSize { transform.displayedSize(forStored: codedRect.size) }
    }

    static func chromaSteps(_ primary: HEIFPrimaryImage) throws -> ChromaSteps {
        let step = primary.chromaStep
        guard primary.codedCrop.x % step.width == 0, primary.codedCrop.y % step.height == 0 else {
            throw HEIFContainerError.unsupported(tr("the photo's own crop (clap) starts between chroma samples"))
        }
        return ChromaSteps(step: step, codedSize: primary.codedCrop.size, codedTransform: primary.transform)
    }

    static func plan(_ primary: HEIFPrimaryImage, rect: PixelRect, user: Orientation) throws -> Plan {
        let shown = primary.shownSize
        guard let grid = LosslessGrid(chroma: try chromaSteps(primary), user: user) else {
            throw HEIFContainerError.unsupported(tr("the picture is too small to keep whole chroma samples"))
        }
        let wanted = user.displayedRect(fromStored: rect, storedSize: shown)
        guard let snapped = grid.snappedOutwards(wanted) else {
            throw HEIFContainerError.unsupported(tr("the rect holds no whole chroma sample"))
        }
        let transform = primary.transform.followed(by: user)
        let inCrop = transform.storedRect(fromDisplayed: snapped, storedSize: primary.codedCrop.size)
        return Plan(uprightRect: user.storedRect(fromDisplayed: snapped, storedSize: shown),
                    codedRect: PixelRect(x: primary.codedCrop.x + inCrop.x, y: primary.codedCrop.y + inCrop.y,
                                         width: inCrop.width, height: inCrop.height),
                    transform: transform)
    }

    /// The new file and what was left out of it.
    static func run(_ plan: Plan, container: HEIFContainer, primary: HEIFPrimaryImage, bytes: [UInt8],
                    metadata: MetadataPolicy) throws -> (bytes: [UInt8], notes: [String]) {
        if try hasAlpha(container, primary) {
            throw HEIFContainerError.unsupported(tr("the photo has an alpha plane, which would have to be cut alike"))
        }
        var writer = HEIFWriter(fileType: container.fileType, primaryID: primary.id)
        var notes: [String] = []

        // The primary: a grid of the touched tiles, or the single coded item, then clap, irot, imir in that order.
        var primaryData: [UInt8], pictureSize: PixelSize, clapRect: PixelRect
        var kept: [UInt32] = []
        if let grid = primary.grid {
            let tile = primary.tileSize
            let columns = plan.codedRect.minX / tile.width...(plan.codedRect.maxX - 1) / tile.width
            let rows = plan.codedRect.minY / tile.height...(plan.codedRect.maxY - 1) / tile.height
            let origin = (x: columns.lowerBound * tile.width, y: rows.lowerBound * tile.height)
            pictureSize = PixelSize(width: min(columns.count * tile.width, grid.outputSize.width - origin.x),
                                    height: min(rows.count * tile.height, grid.outputSize.height - origin.y))
            primaryData = HEIFGrid(rows: rows.count, columns: columns.count, outputSize: pictureSize).data
            for row in rows { for column in columns { kept.append(primary.tiles[row * grid.columns + column]) } }
            clapRect = PixelRect(x: plan.codedRect.x - origin.x, y: plan.codedRect.y - origin.y,
                                 width: plan.codedRect.width, height: plan.codedRect.height)
        } else {
            guard let item = container.item(primary.id) else { throw HEIFContainerError.malformed("no primary item") }
            primaryData = container.data(of: item, in: bytes)
            pictureSize = primary.codedSize
            clapRect = plan.codedRect
        }
        var associations = [HEIFContainer.Association(index: writer.property(HEIFProperties.ispe(pictureSize)), essential: false)]
        for (property, essential) in primary.descriptive {
            associations.append(.init(index: writer.property(property), essential: essential))
        }
        if clapRect != PixelRect(size: pictureSize) {
            associations.append(.init(index: writer.property(HEIFProperties.clap(clapRect, in: pictureSize)), essential: true))
        }
        let (turns, mirror) = HEIFTransform.properties(for: plan.transform)
        if turns != 0 {
            associations.append(.init(index: writer.property(HEIFProperties.irot(quarterTurnsAnticlockwise: turns)), essential: true))
        }
        if let mirror {
            associations.append(.init(index: writer.property(HEIFProperties.imir(axis: mirror)), essential: true))
        }
        guard var primaryInfo = container.item(primary.id) else { throw HEIFContainerError.malformed("no primary item") }
        primaryInfo.extents = []
        writer.items.append(.init(info: primaryInfo, data: primaryData, associations: associations))

        // A grid may show one tile at several places: its item is written once.
        var written: Set<UInt32> = []
        for id in kept where written.insert(id).inserted {
            guard let tile = container.item(id) else { continue }
            let tileAssociations = container.properties(of: id).map {
                HEIFContainer.Association(index: writer.property($0.property), essential: $0.essential)
            }
            writer.items.append(.init(info: tile, data: container.data(of: tile, in: bytes), associations: tileAssociations))
        }
        if !kept.isEmpty { writer.references.append(.init(type: "dimg", from: primary.id, to: kept)) }

        // Metadata that describes the primary.
        var described: [UInt32] = []
        for id in container.referrers("cdsc", to: primary.id) {
            // Only metadata items, each once: a hostile file may point a tile or the primary at itself.
            guard let item = container.item(id), !metadata.stripMetadata, ["Exif", "mime", "uri "].contains(item.type),
                  id != primary.id, !kept.contains(id), !described.contains(id) else { continue }
            let data = container.data(of: item, in: bytes)
            let patched: [UInt8]?
            if item.type == "Exif" {
                let (exif, exifNotes) = patchedExif(data, metadata: metadata)
                notes += exifNotes
                patched = exif
            } else if item.type == "mime", item.contentType == "application/rdf+xml",
                      let segment = JPEGSegment(marker: 0xE1, payload: SegmentSignature.xmp + data) {
                let (xmp, xmpNotes) = XMPPatcher.patch(segment, outputSize: metadata.outputSize, stripGPS: metadata.stripGPS)
                notes += xmpNotes
                patched = Array(xmp.payload.dropFirst(SegmentSignature.xmp.count))
            } else {
                patched = data
            }
            guard let patched else { continue }
            writer.items.append(.init(info: item, data: patched, associations: []))
            described.append(id)
        }
        for id in described { writer.references.append(.init(type: "cdsc", from: id, to: [primary.id])) }

        if !container.referrers("thmb", to: primary.id).isEmpty {
            notes.append(tr("the embedded thumbnail was left out (it shows the whole picture)"))
        }
        let auxiliary = container.referrers("auxl", to: primary.id).count
        if auxiliary > 0 {
            notes.append(trn("%d auxiliary image (a depth map or HDR gain map) was left out",
                             "%d auxiliary images (depth maps, HDR gain maps) were left out", auxiliary, auxiliary))
        }
        return (try writer.write(), notes)
    }

    private static func hasAlpha(_ container: HEIFContainer, _ primary: HEIFPrimaryImage) throws -> Bool {
        container.referrers("auxl", to: primary.id).contains { id in
            container.properties(of: id).contains { HEIFProperties.auxiliaryType($0.property)?.contains("alpha") == true
                || HEIFProperties.auxiliaryType($0.property) == "urn:mpeg:hevc:2015:auxid:1" }
        }
    }

    /// EXIF in an `Exif` item: a 4-byte offset to the TIFF header, then (often) "Exif\0\0" and the TIFF structure.
    /// The patch keeps its length, so the prefix stays as it was.
    private static func patchedExif(_ data: [UInt8], metadata: MetadataPolicy) -> ([UInt8]?, [String]) {
        guard data.count >= 4 else { return (nil, [tr("the EXIF block is malformed and was ignored")]) }
        let offset = Int(BoxBytes.u32(data, 0))
        guard offset <= data.count - 4 - 8 else { return (nil, [tr("the EXIF block is malformed and was ignored")]) }
        let prefix = Array(data[..<(4 + offset)])
        guard let segment = JPEGSegment(marker: 0xE1, payload: "Exif\0\0".asciiBytes + data[(4 + offset)...]) else {
            return (nil, [tr("the EXIF block is malformed and was ignored")])
        }
        let (patched, notes) = ExifPatcher.patch(segment, outputSize: metadata.outputSize, stripGPS: metadata.stripGPS)
        guard let patched else { return (nil, notes) }
        return (prefix + patched.payload.dropFirst(ExifPatcher.headerLength), notes)
    }
}
