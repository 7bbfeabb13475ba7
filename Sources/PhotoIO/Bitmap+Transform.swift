import EditorState
import Glibc

extension Bitmap {
    /// `region` of this bitmap (all of it by default), cut out and turned by `transform`
    /// in one pass: only the region's pixels are read, each exactly once. A photo's EXIF
    /// orientation as `transform` gives the upright picture.
    public func transformed(by transform: Orientation, region: PixelRect? = nil) throws -> Bitmap {
        let region = region ?? PixelRect(size: size)
        guard region.isInside(size) else {
            throw PhotoIOError.rectOutsideImage(rect: region, image: size)
        }
        if transform == .normal, region == PixelRect(size: size) { return self }
        let outSize = transform.displayedSize(forStored: region.size)
        let out = try Bitmap(width: outSize.width, height: outSize.height, alpha: alpha)

        if transform == .normal {
            for y in 0..<outSize.height {
                memcpy(out.row(y), row(region.y + y) + region.x, outSize.width * 4)
            }
            return out
        }

        // Output pixel (x', y') reads input pixel origin + x' * stepX + y' * stepY.
        let inverse = transform.inverse
        let corner = inverse.displayedPixel(x: 0, y: 0, storedSize: outSize)
        let pitch = stride / 4
        let right = inverse.displayedStep(dx: 1, dy: 0), down = inverse.displayedStep(dx: 0, dy: 1)
        let stepX = right.dx + right.dy * pitch
        let stepY = down.dx + down.dy * pitch
        let origin = (region.y + corner.y) * pitch + region.x + corner.x
        let source = pixels.assumingMemoryBound(to: UInt32.self)

        if transform.swapsAxes {
            copyTiled(into: out, from: source, origin: origin, stepX: stepX, stepY: stepY)
        } else {
            for y in 0..<outSize.height {
                let dst = out.row(y)
                var s = origin + y * stepY
                for x in 0..<outSize.width {
                    dst[x] = source[s]
                    s += stepX
                }
            }
        }
        return out
    }

    /// Quarter turns read the source down its columns; working in square tiles
    /// keeps both sides of the copy in cache.
    private func copyTiled(into out: Bitmap, from source: UnsafeMutablePointer<UInt32>,
                           origin: Int, stepX: Int, stepY: Int) {
        let tile = 64
        var tileY = 0
        while tileY < out.height {
            let rows = min(tile, out.height - tileY)
            var tileX = 0
            while tileX < out.width {
                let columns = min(tile, out.width - tileX)
                for y in tileY..<tileY + rows {
                    let dst = out.row(y) + tileX
                    var s = origin + y * stepY + tileX * stepX
                    for x in 0..<columns {
                        dst[x] = source[s]
                        s += stepX
                    }
                }
                tileX += tile
            }
            tileY += tile
        }
    }

    /// Where the pixels of a `size` picture land once turned by `transform`, in a bitmap `pitch` pixels
    /// wide: pixel (x, y) goes to `origin + x * stepX + y * stepY`.
    struct Placement {
        let origin: Int, stepX: Int, stepY: Int

        init(of size: PixelSize, turnedBy transform: Orientation, pitch: Int) {
            let corner = transform.displayedPixel(x: 0, y: 0, storedSize: size)
            let right = transform.displayedStep(dx: 1, dy: 0), down = transform.displayedStep(dx: 0, dy: 1)
            origin = corner.y * pitch + corner.x
            stepX = right.dx + right.dy * pitch
            stepY = down.dx + down.dy * pitch
        }
    }
}
