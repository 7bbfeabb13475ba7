import EditorState
import Localization

/// The primary image of a HEIF file as a lossless crop sees it: coded data (one coded item, or a grid of coded
/// tiles), its chroma step, and the file's own transformations reduced to a rect of the coded picture
/// followed by a turn or flip.
struct HEIFPrimaryImage: Sendable {
    let id: UInt32
    /// The coded picture: a grid's output size, or the single item's `ispe`.
    let codedSize: PixelSize
    /// Grid tiles row by row; empty for a single coded item.
    let tiles: [UInt32]
    let grid: HEIFGrid?
    let tileSize: PixelSize
    let chromaStep: PixelSize
    /// The file's `clap`, in coded pixels (the whole picture when it has none).
    let codedCrop: PixelRect
    /// The file's `irot` and `imir` as one orientation: coded (cropped) pixels to the picture shown.
    let transform: Orientation
    /// Properties of the primary that describe its pixels and are kept (colour, pixel depth, …).
    let descriptive: [(property: HEIFProperty, essential: Bool)]

    static let codedTypes: Set = ["hvc1", "av01"]
    static let transformTypes: Set = ["clap", "irot", "imir"]

    /// `item`: another image item read the same way (a thumbnail) instead of the primary.
    init(_ container: HEIFContainer, bytes: [UInt8], item itemID: UInt32? = nil) throws {
        guard let item = container.item(itemID ?? container.primaryID) else { throw HEIFContainerError.malformed("no primary item") }
        id = item.id
        let properties = container.properties(of: id)
        if item.type == "grid" {
            let grid = try HEIFGrid(container.data(of: item, in: bytes))
            let tiles = container.references("dimg", from: id)
            guard tiles.count == grid.rows * grid.columns, !tiles.isEmpty else {
                throw HEIFContainerError.malformed("the grid has \(tiles.count) tiles for \(grid.rows)×\(grid.columns) places")
            }
            var tileSize: PixelSize?, step: PixelSize?
            for tile in tiles {
                guard let tileItem = container.item(tile), Self.codedTypes.contains(tileItem.type) else {
                    throw HEIFContainerError.unsupported("a grid tile is not a coded picture")
                }
                let tileProperties = container.properties(of: tile).map(\.property)
                guard let size = tileProperties.lazy.compactMap(HEIFProperties.size).first else {
                    throw HEIFContainerError.malformed("a tile has no size (ispe)")
                }
                if tileProperties.contains(where: { Self.transformTypes.contains($0.type) }) {
                    throw HEIFContainerError.unsupported(tr("a grid tile is turned or cropped on its own"))
                }
                guard tileSize == nil || tileSize == size else { throw HEIFContainerError.malformed("the grid's tiles differ in size") }
                tileSize = size
                let tileStep = tileProperties.lazy.compactMap(HEIFProperties.chromaStep).first ?? PixelSize(width: 2, height: 2)
                // One subsampling for the whole grid: a crop snapped for one tile's chroma would not be for another's.
                guard step == nil || step == tileStep else { throw HEIFContainerError.malformed("the grid's tiles differ in chroma subsampling") }
                step = tileStep
            }
            guard let tileSize, let step, !tileSize.isEmpty,
                  grid.outputSize.width <= tileSize.width * grid.columns, grid.outputSize.height <= tileSize.height * grid.rows,
                  grid.outputSize.width > tileSize.width * (grid.columns - 1),
                  grid.outputSize.height > tileSize.height * (grid.rows - 1) else {
                throw HEIFContainerError.malformed("the grid's size does not match its tiles")
            }
            self.grid = grid
            self.tiles = tiles
            self.tileSize = tileSize
            codedSize = grid.outputSize
            chromaStep = step
        } else if Self.codedTypes.contains(item.type) {
            guard let size = properties.lazy.compactMap({ HEIFProperties.size($0.property) }).first, !size.isEmpty else {
                throw HEIFContainerError.malformed("the primary image has no size (ispe)")
            }
            grid = nil
            tiles = []
            tileSize = size
            codedSize = size
            chromaStep = properties.lazy.compactMap { HEIFProperties.chromaStep($0.property) }.first ?? PixelSize(width: 2, height: 2)
        } else {
            throw HEIFContainerError.unsupported(tr("its primary image is a %s item, which is not cut without re-encoding", item.type))
        }
        // The transformations in the order the association lists them, each on the picture the previous made.
        var crop = PixelRect(size: codedSize), turn = Orientation.normal
        for (property, _) in properties {
            switch property.type {
            case "clap":
                let shown = turn.displayedSize(forStored: crop.size)
                guard let aperture = HEIFProperties.cleanAperture(property, in: shown) else {
                    throw HEIFContainerError.malformed("the clean aperture (clap) is out of the picture")
                }
                let inCrop = turn.storedRect(fromDisplayed: aperture, storedSize: crop.size)
                crop = PixelRect(x: crop.x + inCrop.x, y: crop.y + inCrop.y, width: inCrop.width, height: inCrop.height)
            case "irot":
                turn = turn.followed(by: HEIFTransform.rotation(quarterTurnsAnticlockwise: HEIFProperties.quarterTurns(property) ?? 0))
            case "imir":
                turn = turn.followed(by: HEIFTransform.mirror(axis: HEIFProperties.mirrorAxis(property) ?? 0))
            default:
                break
            }
        }
        codedCrop = crop
        transform = turn
        descriptive = properties.filter { !Self.transformTypes.contains($0.property.type) && $0.property.type != "ispe" }
    }

    /// The picture as shown (after the file's own transformations).
    var shownSize: PixelSize { transform.displayedSize(forStored: codedCrop.size) }
}

/// HEIF's `irot` and `imir` as orientations, and an orientation as the pair a file can carry.
enum HEIFTransform {
    static func rotation(quarterTurnsAnticlockwise turns: Int) -> Orientation {
        switch turns & 3 {
        case 1: .rotate270CW
        case 2: .rotate180
        case 3: .rotate90CW
        default: .normal
        }
    }

    /// HEIF's amended wording (`mode`), which libheif, Apple and every libheif-based viewer follow: 0 exchanges the
    /// top and bottom, 1 the left and right (the first edition's "vertical axis" for 0 read the other way).
    static func mirror(axis: Int) -> Orientation { axis == 0 ? .mirrorVertical : .mirrorHorizontal }

    /// The `irot` (quarter turns anticlockwise, 0 for none) and `imir` (nil for none) that, applied in that order,
    /// make `orientation`.
    static func properties(for orientation: Orientation) -> (turns: Int, mirrorAxis: Int?) {
        for turns in 0..<4 {
            let turned = rotation(quarterTurnsAnticlockwise: turns)
            if turned == orientation { return (turns, nil) }
            if turned.followed(by: mirror(axis: 0)) == orientation { return (turns, 0) }
        }
        return (0, nil)  // unreachable: every orientation is a turn, or a turn then a top-bottom mirror
    }
}
