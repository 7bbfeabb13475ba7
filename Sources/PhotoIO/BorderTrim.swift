import EditorState

/// `--trim`: the picture inside a uniform border, as `vips find_trim` finds it. The border's colour is read from
/// the corners (the colour most of them share); every channel is smoothed by a 3 × 3 median first, so single
/// pixels of JPEG noise are not taken for content, and a pixel is content when any channel differs from the
/// border colour by more than the fuzz. Rows and columns are searched from each edge inwards.
public enum BorderTrim {
    /// The fuzz when none is given, in percent of the full channel range.
    public static let standardFuzz = 10.0

    /// What a trim found in the displayed picture.
    public enum Finding: Sendable, Equatable {
        case border(PixelRect)
        /// The corners share no colour, or nothing inside differs from it: no border to remove.
        case noBorder
        /// Every pixel is the corners' colour.
        case allBorder
    }

    /// The picture inside the border of `source` as displayed (EXIF orientation applied), from a full decode.
    public static func find(in source: PhotoSource, fuzzPercent: Double) throws -> Finding {
        let decoded = try source.decode(scale: .full)
        if let damage = decoded.damage {
            throw damage.kind == .endsEarly ? PhotoIOError.truncated : PhotoIOError.corrupt(damage.detail)
        }
        switch find(in: decoded.bitmap, fuzzPercent: fuzzPercent) {
        case .border(let stored):
            return .border(source.orientation.displayedRect(fromStored: stored, storedSize: source.storedSize))
        case let other:
            return other
        }
    }

    /// The same in a bitmap's own pixels.
    public static func find(in bitmap: Bitmap, fuzzPercent: Double) -> Finding {
        guard bitmap.width >= 3, bitmap.height >= 3 else { return .noBorder }
        let image = MedianReader(bitmap)
        let threshold = Int((fuzzPercent / 100 * 255).rounded(.down))
        let corners = [(0, 0), (bitmap.width - 1, 0), (0, bitmap.height - 1), (bitmap.width - 1, bitmap.height - 1)]
            .map { image.median(x: $0.0, y: $0.1) }
        guard let background = sharedColour(corners, threshold: threshold) else { return .noBorder }
        func content(_ x: Int, _ y: Int) -> Bool { image.median(x: x, y: y).differs(from: background, by: threshold) }

        let w = bitmap.width, h = bitmap.height
        guard let top = (0..<h).first(where: { y in (0..<w).contains { content($0, y) } }) else { return .allBorder }
        let bottom = (top..<h).reversed().first(where: { y in (0..<w).contains { content($0, y) } })!
        let rows = top...bottom
        let left = (0..<w).first(where: { x in rows.contains { content(x, $0) } })!
        let right = (left..<w).reversed().first(where: { x in rows.contains { content(x, $0) } })!
        let rect = PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        return rect == PixelRect(x: 0, y: 0, width: w, height: h) ? .noBorder : .border(rect)
    }

    /// The colour the most corners agree on (top left first among equals); nil when no two corners agree.
    static func sharedColour(_ corners: [RGB], threshold: Int) -> RGB? {
        let agreeing = corners.map { corner in corners.filter { !$0.differs(from: corner, by: threshold) }.count }
        guard let most = agreeing.max(), most >= 2 else { return nil }
        return corners[agreeing.firstIndex(of: most)!]
    }

    struct RGB: Equatable {
        var r: Int, g: Int, b: Int

        func differs(from other: RGB, by threshold: Int) -> Bool {
            abs(r - other.r) > threshold || abs(g - other.g) > threshold || abs(b - other.b) > threshold
        }
    }

    /// Each channel's median over the 3 × 3 pixels around a point (the edge pixels repeated outside).
    private struct MedianReader {
        let bitmap: Bitmap

        init(_ bitmap: Bitmap) { self.bitmap = bitmap }

        func median(x: Int, y: Int) -> RGB {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 27) { channels in
                var i = 0
                for dy in -1...1 {
                    let row = bitmap.row(min(max(y + dy, 0), bitmap.height - 1))
                    for dx in -1...1 {
                        let p = row[min(max(x + dx, 0), bitmap.width - 1)]
                        channels[i] = Int(p >> 16 & 0xFF)
                        channels[9 + i] = Int(p >> 8 & 0xFF)
                        channels[18 + i] = Int(p & 0xFF)
                        i += 1
                    }
                }
                return RGB(r: middle(channels, from: 0), g: middle(channels, from: 9), b: middle(channels, from: 18))
            }
        }

        /// The fifth smallest of nine values, sorted in place.
        private func middle(_ values: UnsafeMutableBufferPointer<Int>, from start: Int) -> Int {
            for i in start + 1..<start + 9 {
                let value = values[i]
                var j = i - 1
                while j >= start && values[j] > value {
                    values[j + 1] = values[j]
                    j -= 1
                }
                values[j + 1] = value
            }
            return values[start + 4]
        }
    }
}
