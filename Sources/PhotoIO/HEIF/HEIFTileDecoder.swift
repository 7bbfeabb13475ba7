import CHeif
import Dispatch
import EditorState
import Glibc

/// Which decoder a grid's HEVC tiles go through.
enum HEVCTileDecoders: Sendable {
    /// libavcodec when it is installed, libheif for what it cannot decode (and for AV1 tiles).
    case fastest
    /// libheif (with libde265) alone.
    case libheif
    /// libavcodec alone, HEVC tiles it cannot decode being an error: what the tests check it against libheif with.
    case libavcodecOnly
}

/// A phone photo's grid decoded tile by tile on every core. libheif 1.15 decodes a grid's tiles on its own threads
/// but then converts the whole picture from YCbCr and applies clap, irot and imir on one; here each tile item is
/// decoded as a picture of its own (HEVC by libavcodec when it is installed, else, and AV1 always, by libheif with
/// libde265 or dav1d behind it), converted as libheif converts it, and written straight to its place in the
/// picture shown, turned and cut as the file says. Tiles wholly outside
/// the file's clean aperture, or the region asked for, are not decoded at all. The tiles are taken in the order the
/// picture shown has its rows (a turned grid's columns first), so that a copy reduced for the screen is made row by
/// row on the decoding threads while the later tiles decode, and is ready when the last tile is.
enum HEIFTileDecoder {
    /// The primary image as libheif would decode it, or nil when it is not a grid this decoder takes (a single coded
    /// picture, an alpha plane, tiles turned on their own, a structure Cropper's parser does not follow): libheif
    /// then decodes it whole. `region` (in the picture shown) decodes only the tiles under it, into a bitmap of its
    /// size. `progress` hears (tiles done, tiles in all) from the decoding threads. `fittedTo`: the whole picture
    /// also reduced to that size as its tiles arrive (`DecodedBitmap.fitted`; nil when it is not a reduction
    /// `DownscaleAsRowsArrive` makes).
    static func decode(_ bytes: [UInt8], region: PixelRect? = nil, fittedTo fitted: PixelSize? = nil,
                       through decoders: HEVCTileDecoders = .fastest,
                       progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> DecodedBitmap? {
        guard let container = try? HEIFContainer.parse(bytes),
              let primary = try? HEIFPrimaryImage(container, bytes: bytes), let grid = primary.grid,
              !HEIFHeader.hasAlpha(container, primary: primary.id) else { return nil }
        let shown = primary.shownSize
        try PixelLimits.check(shown)
        let wanted = region ?? PixelRect(size: shown)
        guard wanted.isInside(shown) else { throw PhotoIOError.rectOutsideImage(rect: wanted, image: shown) }
        // The region in the coded picture: inside the file's clap, before its turn.
        let inCrop = primary.transform.storedRect(fromDisplayed: wanted, storedSize: primary.codedCrop.size)
        let coded = PixelRect(x: primary.codedCrop.x + inCrop.x, y: primary.codedCrop.y + inCrop.y,
                              width: inCrop.width, height: inCrop.height)
        let out = try Bitmap(width: wanted.width, height: wanted.height)
        let placement = Bitmap.Placement(of: coded.size, turnedBy: primary.transform, pitch: out.width)
        let downscale = try fitted.flatMap { region == nil ? try DownscaleAsRowsArrive(out, to: $0) : nil }
        let tiles = tilesInShownOrder(primary, grid: grid, region: coded)
        let workers = max(1, min(tiles.count, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let counter = TileCounter(total: tiles.count, progress: progress)
        let failures = UnsafeMutableBufferPointer<Error?>.allocate(capacity: workers)
        failures.initialize(repeating: nil)
        defer { failures.deallocate() }
        // Each worker writes its own failure slot, and pixels no other worker writes.
        nonisolated(unsafe) let slots = failures.baseAddress!
        // Each worker takes the next tile not yet taken, so that none idles while another has several left.
        let queue = TileQueue(tiles)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                try decodeTiles(queue, of: primary, region: coded, container: container, file: bytes,
                                into: Output(bitmap: out, placement: placement, downscale: downscale),
                                through: decoders, counter: counter)
            } catch {
                slots[worker] = error
                queue.stop()
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        var decoded = DecodedBitmap(bitmap: out)
        decoded.fitted = downscale?.copy
        return decoded
    }

    /// The tiles under `region` (coded pixels), ordered by where they show: top row of the picture shown first, left
    /// to right.
    static func tilesInShownOrder(_ primary: HEIFPrimaryImage, grid: HEIFGrid, region: PixelRect) -> [Int] {
        primary.tiles.indices.compactMap { index -> (index: Int, shown: PixelRect)? in
            guard let inside = tileRect(index, grid: grid, tileSize: primary.tileSize).intersection(region) else {
                return nil
            }
            return (index, shown(inside, of: region, turnedBy: primary.transform))
        }
        .sorted { ($0.shown.y, $0.shown.x) < ($1.shown.y, $1.shown.x) }
        .map(\.index)
    }

    /// Where the part `inside` of the coded `region` lands in the region's picture turned by `transform`.
    private static func shown(_ inside: PixelRect, of region: PixelRect, turnedBy transform: Orientation) -> PixelRect {
        transform.displayedRect(fromStored: PixelRect(x: inside.x - region.x, y: inside.y - region.y,
                                                      width: inside.width, height: inside.height),
                                storedSize: region.size)
    }

    /// The picture the tiles are written into, where each lands, and the reduced copy that follows them.
    private struct Output {
        let bitmap: Bitmap
        let placement: Bitmap.Placement
        let downscale: DownscaleAsRowsArrive?
    }

    /// A single coded HEVC picture (a thumbnail) through libavcodec, cut and turned as its own properties say, with
    /// no libheif loaded; nil when libavcodec is not there or cannot decode it, or the image is a grid or has alpha.
    static func decodeCodedItem(_ image: HEIFPrimaryImage, in container: HEIFContainer, file: [UInt8]) throws -> Bitmap? {
        guard image.grid == nil, !HEIFHeader.hasAlpha(container, primary: image.id) else { return nil }
        let out = try Bitmap(width: image.shownSize.width, height: image.shownSize.height)
        let placement = Bitmap.Placement(of: image.codedCrop.size, turnedBy: image.transform, pitch: out.width)
        let whole = PixelRect(size: image.codedSize)
        guard let decoder = AVCodecHEVCDecoder() else { return nil }
        let decoded = try decodeWithAVCodec(image.id, in: container, file: file, colour: nil, decoder: decoder) { pixels in
            guard pixels.size.width >= whole.width, pixels.size.height >= whole.height else {
                throw PhotoIOError.corrupt("a picture is smaller than its size (ispe) says")
            }
            place(pixels, tile: whole, crop: image.codedCrop, into: out, placement: placement)
        }
        return decoded ? out : nil
    }

    /// The grid's place of tile `index` in the coded picture, cut at the grid's output size.
    static func tileRect(_ index: Int, grid: HEIFGrid, tileSize: PixelSize) -> PixelRect {
        let x = index % grid.columns * tileSize.width, y = index / grid.columns * tileSize.height
        return PixelRect(x: x, y: y, width: min(tileSize.width, grid.outputSize.width - x),
                         height: min(tileSize.height, grid.outputSize.height - y))
    }

    /// One worker's tiles, taken from `queue` one by one: an HEVC tile through libavcodec when it is there (one decoder
    /// kept open for all of them), else (and
    /// for anything libavcodec cannot give) through a file of its own that libheif decodes (libheif 1.15 decodes only
    /// top-level images); the first error stops it.
    private static func decodeTiles(_ queue: TileQueue, of primary: HEIFPrimaryImage, region: PixelRect, container: HEIFContainer,
                                    file: [UInt8], into out: Output, through decoders: HEVCTileDecoders,
                                    counter: TileCounter) throws {
        guard let grid = primary.grid else { return }
        let colour = primary.descriptive.first { $0.property.type == "colr" && $0.property.payload.starts(with: "nclx".utf8) }
        let decoder = decoders == .libheif ? nil : AVCodecHEVCDecoder()
        while let index = queue.next() {
            let rect = tileRect(index, grid: grid, tileSize: primary.tileSize)
            let write = { (pixels: DecodedTileRows) throws in
                guard pixels.size.width >= rect.width, pixels.size.height >= rect.height else {
                    throw PhotoIOError.corrupt("a tile is smaller than the grid's place for it")
                }
                place(pixels, tile: rect, crop: region, into: out.bitmap, placement: out.placement)
            }
            let tile = primary.tiles[index]
            let throughAVCodec = try decoder.map {
                try decodeWithAVCodec(tile, in: container, file: file, colour: colour?.property, decoder: $0, write)
            } ?? false
            if !throughAVCodec {
                guard decoders != .libavcodecOnly else { throw PhotoIOError.corrupt("libavcodec did not decode tile \(index)") }
                try FormatLibrary.require(for: .heic)  // libheif, for HEIC and AVIF alike
                let single = try container.singleItemFile(tile, in: file, colour: colour?.property)
                try HEIFCodec.decodePrimaryTile(single, write)
            }
            if let downscale = out.downscale, let inside = rect.intersection(region) {
                let landed = shown(inside, of: region, turnedBy: primary.transform)
                downscale.wrote(rows: landed.y..<landed.maxY, count: landed.width)
            }
            counter.done()
        }
    }

    /// Tile `id` through libavcodec, its colours as libheif would give them: by the tile's own `nclx`, else the
    /// grid's (`colour`), else the stream's. False when libavcodec is not there or cannot decode it.
    private static func decodeWithAVCodec(_ id: UInt32, in container: HEIFContainer, file: [UInt8], colour: HEIFProperty?,
                                          decoder: AVCodecHEVCDecoder,
                                          _ write: (DecodedTileRows) throws -> Void) throws -> Bool {
        guard let item = container.item(id), item.type == "hvc1" else { return false }
        let properties = container.properties(of: id).map(\.property)
        guard let configuration = properties.first(where: { $0.type == "hvcC" }) else { return false }
        let described = properties.lazy.compactMap(HEIFColourSignal.init(colr:)).first
            ?? colour.flatMap(HEIFColourSignal.init(colr:))
        let decoded: Void? = try decoder.decode(container.data(of: item, in: file)[...],
                                                configuration: configuration.payload) { picture in
            try write(YCbCrTileRows(picture: picture, conversion: YCbCrConversion(described ?? picture.signal)))
        }
        return decoded != nil
    }

    /// The part of a decoded tile inside the crop, written where the turned picture has it.
    private static func place(_ pixels: DecodedTileRows, tile: PixelRect, crop: PixelRect, into out: Bitmap,
                              placement: Bitmap.Placement) {
        guard let inside = tile.intersection(crop) else { return }
        let target = out.pixels.assumingMemoryBound(to: UInt32.self)
        for y in inside.y..<inside.maxY {
            let at = placement.origin + (inside.x - crop.x) * placement.stepX + (y - crop.y) * placement.stepY
            pixels.copyRow(y - tile.y, from: inside.x - tile.x, count: inside.width, into: target + at,
                           every: placement.stepX)
        }
    }
}
