/// Where a box of a chosen shape goes in a photo: the rule the command line's `--aspect` / `--gravity` and the
/// window's grid share. Everything here is in displayed (upright) pixels, inside a `frame` (the whole photo, or
/// what is left after a border is trimmed).
public enum Gravity: String, CaseIterable, Sendable {
    case centre, north, south, east, west, northeast, northwest, southeast, southwest

    /// Where the box sits along each axis, in halves of the spare room: 0 at the start (left, top), 1 in the
    /// middle, 2 at the end.
    var anchor: (x: Int, y: Int) {
        switch self {
        case .centre: (1, 1)
        case .north: (1, 0)
        case .south: (1, 2)
        case .east: (2, 1)
        case .west: (0, 1)
        case .northeast: (2, 0)
        case .northwest: (0, 0)
        case .southeast: (2, 2)
        case .southwest: (0, 2)
        }
    }
}

public enum Placement {
    /// The largest box of `width`:`height` inside `frame`: it fills the frame's width or its height, and the other
    /// side is rounded to the nearest pixel (at least 1).
    public static func largestSize(width: Int, height: Int, in frame: PixelSize) -> PixelSize {
        guard width > 0, height > 0, !frame.isEmpty else { return frame }
        // Compare frame.w / frame.h with width / height without rounding.
        if frame.width * height <= frame.height * width {
            let tall = (Double(frame.width) * Double(height) / Double(width)).rounded()
            return PixelSize(width: frame.width, height: min(frame.height, max(1, Int(tall))))
        }
        let wide = (Double(frame.height) * Double(width) / Double(height)).rounded()
        return PixelSize(width: min(frame.width, max(1, Int(wide))), height: frame.height)
    }

    /// A box of `size` at `gravity` in `frame`; centred sides sit at the smaller offset when the spare pixels
    /// are odd (as ImageMagick's `-gravity center` does).
    public static func place(_ size: PixelSize, in frame: PixelRect, gravity: Gravity) -> PixelRect {
        let spareX = max(0, frame.width - size.width), spareY = max(0, frame.height - size.height)
        let (ax, ay) = gravity.anchor
        return PixelRect(x: frame.x + spareX * ax / 2, y: frame.y + spareY * ay / 2,
                         width: min(size.width, frame.width), height: min(size.height, frame.height))
    }

    /// A box of `size` whose centre is as near `point` as the frame allows.
    public static func place(_ size: PixelSize, in frame: PixelRect, centredOn point: Point) -> PixelRect {
        let width = min(size.width, frame.width), height = min(size.height, frame.height)
        let x = clamp(Int((point.x - Double(width) / 2).rounded()), frame.x, frame.maxX - width)
        let y = clamp(Int((point.y - Double(height) / 2).rounded()), frame.y, frame.maxY - height)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    private static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { max(low, min(high, value)) }
}

extension Placement {
    /// On a straightened or perspective-corrected photo: the largest box of `width`:`height` on it (centred when
    /// only turned; under perspective wherever the keystone is widest), then moved towards `target` (a box of that
    /// size where the gravity or the interest would put it) as far as it stays on the photo, sliding along an
    /// edge it meets.
    public static func largest(width: Int, height: Int, on warped: WarpedPhoto,
                               towards target: (PixelSize) -> PixelRect) -> PixelRect {
        guard width > 0, height > 0 else { return PixelRect(size: warped.size) }
        let start = warped.largestBox(ratio: Double(width) / Double(height))
        return warped.clamped(target(start.size), from: start, sliding: true)
    }
}
