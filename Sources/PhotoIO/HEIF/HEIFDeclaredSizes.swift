import EditorState

/// Every picture size libheif will allocate for a file's primary image, its alpha and its thumbnail, checked
/// against `PixelLimits` before it decodes. libheif 1.15 checks each side against its limit only: a grid whose own
/// record declares 49213×61276 under an `ispe` of 24×36, or an overlay (`iovl`) tile declaring one, made it write
/// past a buffer whose size had overflowed 32 bits, and the process died. It sizes a grid's or an overlay's canvas
/// from its own record and a coded picture from its `ispe`, so all three are checked, down every `dimg` reference.
enum HEIFDeclaredSizes {
    /// Derived images (grids, overlays, identities) inside derived images, at most this deep: libheif 1.15 decodes
    /// each level's inputs on threads of their own, so a grid that lists itself among its tiles started threads
    /// until the process ran out of them and died (a 10-minute fuzz run found one in a 6 KB file).
    static let deepestNesting = 4
    /// Pictures libheif would decode for the primary, counting a tile each time it is referenced: a grid has at most
    /// 256 × 256 tiles, and more than that many pictures in all is not a photo.
    static let mostPictures = 65536

    static func check(_ bytes: [UInt8]) throws {
        // A container this parser cannot read is refused too: libheif reads some of those (a trailing box that
        // overruns the file), and then nothing here would have checked what it allocates.
        let container: HEIFContainer
        do { container = try HEIFContainer.parse(bytes) } catch let error as HEIFContainerError { throw error.photoIOError }
        var walk = Walk(container: container, bytes: bytes)
        // libheif decodes the primary's alpha (an auxiliary image) with it, and the stand-in may be its thumbnail:
        // each is a tree of its own, checked the same way.
        let roots = [container.primaryID] + container.referrers("auxl", to: container.primaryID)
            + container.referrers("thmb", to: container.primaryID)
        var pictures = 0
        for root in roots {
            pictures += try walk.pictures(under: root, inside: [])
            if pictures > mostPictures { throw PhotoIOError.corrupt("HEIF container: more than \(mostPictures) pictures make up the image") }
        }
    }

    private struct Walk {
        let container: HEIFContainer
        let bytes: [UInt8]
        /// Pictures decoded for each item already walked: a tile referenced many times is checked once.
        var pictureCounts: [UInt32: Int] = [:]

        /// Checks `id` and everything it is derived from, and returns how many pictures decoding it takes.
        mutating func pictures(under id: UInt32, inside ancestors: [UInt32]) throws -> Int {
            if ancestors.contains(id) { throw PhotoIOError.corrupt("HEIF container: image \(id) is among its own inputs") }
            if let counted = pictureCounts[id] { return counted }
            guard let item = container.item(id) else {
                throw PhotoIOError.corrupt("HEIF container: image \(ancestors.last ?? id) is made from item \(id), which the file does not have")
            }
            try checkSizes(of: item, id: id)
            let parts = container.references("dimg", from: id)
            if item.type == "grid", let grid = try? HEIFGrid(container.data(of: item, in: bytes)), grid.rows * grid.columns != parts.count {
                throw PhotoIOError.corrupt("HEIF container: a grid of \(grid.columns)×\(grid.rows) tiles lists \(parts.count)")
            }
            if !parts.isEmpty, ancestors.count >= HEIFDeclaredSizes.deepestNesting {
                throw PhotoIOError.corrupt("HEIF container: derived images nested more than \(HEIFDeclaredSizes.deepestNesting) deep")
            }
            var total = 1
            for part in parts {
                total += try pictures(under: part, inside: ancestors + [id])
                if total > HEIFDeclaredSizes.mostPictures {
                    throw PhotoIOError.corrupt("HEIF container: more than \(HEIFDeclaredSizes.mostPictures) pictures make up the image")
                }
            }
            pictureCounts[id] = total
            return total
        }

        private func checkSizes(of item: HEIFContainer.Item, id: UInt32) throws {
            for size in container.properties(of: id).lazy.compactMap({ HEIFProperties.size($0.property) }) {
                try PixelLimits.check(size)
            }
            if item.type == "grid", let grid = try? HEIFGrid(container.data(of: item, in: bytes)) {
                try PixelLimits.check(grid.outputSize)
            }
            if item.type == "iovl", let canvas = HEIFDeclaredSizes.overlayCanvas(container.data(of: item, in: bytes)) {
                try PixelLimits.check(canvas)
            }
        }
    }

    /// An overlay's canvas size (ISO/IEC 23008-12, ImageOverlay): version, flags, four 16-bit fill values, then the
    /// width and height in 16 bits, or 32 when the flags' lowest bit is set.
    static func overlayCanvas(_ data: [UInt8]) -> PixelSize? {
        guard data.count >= 2 else { return nil }
        let wide = data[1] & 1 != 0, field = wide ? 4 : 2, start = 2 + 8
        guard data.count >= start + 2 * field else { return nil }
        func read(_ offset: Int) -> Int { data[offset..<offset + field].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: read(start), height: read(start + field))
    }
}
