import EditorState

/// Builds a phone-style HEIF from separately coded tiles: a grid item over them as the primary image, an optional
/// thumbnail, an ICC profile, EXIF and XMP, and the file's own crop and turn. Phones write their photos this way;
/// libheif 1.15 cannot, so test files and benchmark photos are made by coding each tile with `heif-enc` and
/// joining them here. Each input is a whole single-image HEIF (or AVIF) file whose primary item is taken.
public enum HEIFGridAssembler {
    public struct Picture: Sendable {
        public var tiles: [[UInt8]]
        public var columns: Int
        public var rows: Int
        public var size: PixelSize
        public var thumbnail: [UInt8]?
        public var icc: [UInt8]?
        /// A TIFF structure (from its byte-order mark on).
        public var exif: [UInt8]?
        public var xmp: [UInt8]?
        /// The file's own `clap`, in the grid's pixels; nil for none.
        public var crop: PixelRect?
        /// The file's own `irot` and `imir`.
        public var transform: Orientation = .normal

        public init(tiles: [[UInt8]], columns: Int, rows: Int, size: PixelSize) {
            self.tiles = tiles
            self.columns = columns
            self.rows = rows
            self.size = size
        }
    }

    public static func assemble(_ picture: Picture) throws -> [UInt8] {
        do {
            return try build(picture)
        } catch HEIFContainerError.unsupported(let what) {
            throw PhotoIOError.unsupported(what)
        } catch let error as HEIFContainerError {
            throw error.photoIOError
        }
    }

    private static func build(_ picture: Picture) throws -> [UInt8] {
        guard picture.tiles.count == picture.columns * picture.rows, let first = picture.tiles.first else {
            throw HEIFContainerError.malformed("\(picture.tiles.count) tiles for a \(picture.columns)×\(picture.rows) grid")
        }
        var writer = HEIFWriter(fileType: try HEIFContainer.parse(first).fileType, primaryID: 1)
        var nextID: UInt32 = 2
        var tileIDs: [UInt32] = []
        for file in picture.tiles {
            let coded = try codedItem(file, id: nextID, hidden: true, into: &writer)
            writer.items.append(coded)
            tileIDs.append(nextID)
            nextID += 1
        }
        var gridProperties = [HEIFContainer.Association(index: writer.property(HEIFProperties.ispe(picture.size)), essential: false)]
        if let icc = picture.icc {
            var colr = BoxWriter()
            colr.box("colr") { box in box.fourCC("prof"); box.append(icc) }
            gridProperties.append(.init(index: writer.property(HEIFProperty(type: "colr", box: colr.bytes)), essential: false))
        }
        if let crop = picture.crop {
            gridProperties.append(.init(index: writer.property(HEIFProperties.clap(crop, in: picture.size)), essential: true))
        }
        gridProperties += transformAssociations(picture.transform, into: &writer)
        let grid = HEIFGrid(rows: picture.rows, columns: picture.columns, outputSize: picture.size)
        writer.items.insert(.init(info: HEIFContainer.Item(id: 1, type: "grid"), data: grid.data,
                                  associations: gridProperties), at: 0)
        writer.references.append(.init(type: "dimg", from: 1, to: tileIDs))

        if let thumbnail = picture.thumbnail {
            // Stored as the tiles are, and turned upright the same way, as phones write it.
            var item = try codedItem(thumbnail, id: nextID, hidden: false, into: &writer)
            item.associations += transformAssociations(picture.transform, into: &writer)
            writer.items.append(item)
            writer.references.append(.init(type: "thmb", from: nextID, to: [1]))
            nextID += 1
        }
        if let exif = picture.exif {
            var data: [UInt8] = [0, 0, 0, 6]
            data += "Exif\0\0".asciiBytes + exif
            writer.items.append(.init(info: HEIFContainer.Item(id: nextID, type: "Exif", isHidden: true), data: data,
                                      associations: []))
            writer.references.append(.init(type: "cdsc", from: nextID, to: [1]))
            nextID += 1
        }
        if let xmp = picture.xmp {
            writer.items.append(.init(info: HEIFContainer.Item(id: nextID, type: "mime", contentType: "application/rdf+xml",
                                                               isHidden: true), data: xmp, associations: []))
            writer.references.append(.init(type: "cdsc", from: nextID, to: [1]))
        }
        return try writer.write()
    }

    /// The `irot` and `imir` that turn stored pixels by `transform`, added to the writer's properties.
    private static func transformAssociations(_ transform: Orientation,
                                              into writer: inout HEIFWriter) -> [HEIFContainer.Association] {
        let (turns, mirror) = HEIFTransform.properties(for: transform)
        var associations: [HEIFContainer.Association] = []
        if turns != 0 {
            associations.append(.init(index: writer.property(HEIFProperties.irot(quarterTurnsAnticlockwise: turns)), essential: true))
        }
        if let mirror {
            associations.append(.init(index: writer.property(HEIFProperties.imir(axis: mirror)), essential: true))
        }
        return associations
    }

    /// The primary item of a single-image file with the properties that describe its coding.
    private static func codedItem(_ file: [UInt8], id: UInt32, hidden: Bool, into writer: inout HEIFWriter) throws -> HEIFWriter.Item {
        let container = try HEIFContainer.parse(file)
        guard let item = container.item(container.primaryID), HEIFPrimaryImage.codedTypes.contains(item.type) else {
            throw HEIFContainerError.unsupported("a tile or thumbnail is not a single coded picture "
                + "(libheif codes one under 64 pixels a side as a grid of its own)")
        }
        let associations = container.properties(of: item.id)
            .filter { ["hvcC", "av1C", "ispe", "pixi", "colr"].contains($0.property.type) }
            .map { HEIFContainer.Association(index: writer.property($0.property), essential: $0.essential) }
        return .init(info: HEIFContainer.Item(id: id, type: item.type, isHidden: hidden),
                     data: container.data(of: item, in: file), associations: associations)
    }
}
