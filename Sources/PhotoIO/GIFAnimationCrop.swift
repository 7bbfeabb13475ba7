import CGIF
import EditorState

/// Crops a GIF frame by frame without decoding it to colours: each frame's palette indices inside the crop are
/// cut out, turned and flipped, and written back with the frame's own palette, delay, disposal and transparent
/// index at its place on the new canvas. Cropping commutes with playing the frames, so every frame of the
/// result shows exactly what the source showed there (ImageMagick's `-coalesce -crop +repage` to the pixel),
/// and the frame count, delays, disposals, loop count and transparency stay as they were.
enum GIFAnimationCrop {
    static func render(_ reader: GIFReader, rect: PixelRect, transform: Orientation,
                       into sink: AtomicFileSink? = nil) throws -> [UInt8] {
        let canvas = transform.displayedSize(forStored: rect.size)
        // The loop extension comes before the first frame: once that is read, the reader knows how the file loops.
        var next = try reader.next(pixels: true)
        let writer = try GIFWriter(canvas: canvas, globalMap: reader.globalMap, background: reader.background,
                                   loopCount: reader.loopCount, sink: sink)
        while let frame = next {
            if let inside = frame.rect.intersection(rect) {
                let cut = PixelRect(x: inside.x - rect.x, y: inside.y - rect.y, width: inside.width, height: inside.height)
                let placed = transform.displayedRect(fromStored: cut, storedSize: rect.size)
                let indices = turned(frame.indices, width: frame.rect.width,
                                     region: PixelRect(x: inside.x - frame.rect.x, y: inside.y - frame.rect.y,
                                                       width: inside.width, height: inside.height), by: transform)
                try writer.add(rect: placed, localMap: palette(frame.localMap, global: reader.globalMap, covering: indices,
                                                              transparent: frame.control.TransparentColor),
                               control: frame.control, indices: indices)
            } else {
                try addPlaceholder(for: frame, to: writer, globalMap: reader.globalMap)
            }
            next = try reader.next(pixels: true)
        }
        return try writer.finish()
    }

    /// A frame wholly outside the crop still takes its time: one transparent pixel that changes nothing.
    private static func addPlaceholder(for frame: GIFFrame, to writer: GIFWriter, globalMap: [GifColorType]?) throws {
        var control = frame.control
        if control.TransparentColor == NO_TRANSPARENT_COLOR { control.TransparentColor = 0 }
        control.DisposalMode = DISPOSE_DO_NOT
        let index = [UInt8(control.TransparentColor)]
        try writer.add(rect: PixelRect(x: 0, y: 0, width: 1, height: 1),
                       localMap: palette(frame.localMap, global: globalMap, covering: index, transparent: control.TransparentColor),
                       control: control, indices: index)
    }

    /// The frame's palette, long enough for every index it uses. Encoders (ImageMagick's among them) write indices
    /// and transparent indices past the end of a palette; giflib writes codes only as wide as the palette needs
    /// and cuts wider indices down, which would turn transparent pixels opaque. A palette too short is extended
    /// (with black, never shown) into a local one; nil keeps the global palette.
    static func palette(_ local: [GifColorType]?, global: [GifColorType]?, covering indices: [UInt8],
                        transparent: Int32) -> [GifColorType]? {
        let needed = max(Int(indices.max() ?? 0), Int(transparent)) + 1
        let available = local ?? global ?? []
        guard needed > available.count else { return local }
        return available + Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: needed - available.count)
    }

    /// `region` of an index raster `width` wide, turned and flipped by `transform` (as Bitmap.transformed does
    /// for pixels: each output row walks the source with a fixed step).
    static func turned(_ indices: [UInt8], width: Int, region: PixelRect, by transform: Orientation) -> [UInt8] {
        let out = transform.displayedSize(forStored: region.size)
        var result = [UInt8](repeating: 0, count: out.width * out.height)
        let inverse = transform.inverse
        let corner = inverse.displayedPixel(x: 0, y: 0, storedSize: out)
        let right = inverse.displayedStep(dx: 1, dy: 0), down = inverse.displayedStep(dx: 0, dy: 1)
        let stepX = right.dx + right.dy * width, stepY = down.dx + down.dy * width
        let origin = (region.y + corner.y) * width + region.x + corner.x
        indices.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for y in 0..<out.height {
                    var from = origin + y * stepY
                    let row = y * out.width
                    if stepX == 1 {
                        target.baseAddress!.advanced(by: row).update(from: source.baseAddress! + from, count: out.width)
                        continue
                    }
                    for x in 0..<out.width {
                        target[row + x] = source[from]
                        from += stepX
                    }
                }
            }
        }
        return result
    }
}
