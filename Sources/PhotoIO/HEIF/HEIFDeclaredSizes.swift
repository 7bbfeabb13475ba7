import EditorState

/// Every picture size libheif will allocate for a file's primary image, checked against `PixelLimits` before it
/// decodes. libheif 1.15 checks each side against its limit only: a grid whose own record declares 49213×61276
/// under an `ispe` of 24×36, or an overlay (`iovl`) tile declaring one, made it write past a buffer whose size had
/// overflowed 32 bits, and the process died. It sizes a grid's or an overlay's canvas from its own record and a coded
/// picture from its `ispe`, so all three are checked, down every `dimg` reference.
enum HEIFDeclaredSizes {
    static func check(_ bytes: [UInt8]) throws {
        // A container this parser cannot read is refused too: libheif reads some of those (a trailing box that
        // overruns the file), and then nothing here would have checked what it allocates.
        let container: HEIFContainer
        do { container = try HEIFContainer.parse(bytes) } catch let error as HEIFContainerError { throw error.photoIOError }
        var seen: Set<UInt32> = []
        try check(container.primaryID, in: container, bytes: bytes, seen: &seen)
    }

    private static func check(_ id: UInt32, in container: HEIFContainer, bytes: [UInt8], seen: inout Set<UInt32>) throws {
        guard seen.insert(id).inserted, let item = container.item(id) else { return }
        for size in container.properties(of: id).lazy.compactMap({ HEIFProperties.size($0.property) }) {
            try PixelLimits.check(size)
        }
        if item.type == "grid", let grid = try? HEIFGrid(container.data(of: item, in: bytes)) {
            try PixelLimits.check(grid.outputSize)
        }
        if item.type == "iovl", let canvas = overlayCanvas(container.data(of: item, in: bytes)) {
            try PixelLimits.check(canvas)
        }
        for part in container.references("dimg", from: id) {
            try check(part, in: container, bytes: bytes, seen: &seen)
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
