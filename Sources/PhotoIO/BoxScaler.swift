import EditorState

/// Downscaling by averaging: each output pixel is the mean of the block of source pixels it
/// covers (colour weighted by alpha for straight-alpha bitmaps, so transparent pixels do not
/// darken the edges). Good for thumbnails, where the source is at most a few times larger
/// after a DCT-scaled decode.
public enum BoxScaler {
    /// The bitmap scaled so its longer side is `box` pixels, aspect kept (each side at least 1);
    /// returned as it is when it already fits.
    /// `samplesPerSide`: average that many evenly spaced pixels of each block's side rather than all of them, for
    /// a thumbnail of a whole photo (a 12 MP crop is some 150 source pixels to each thumbnail pixel).
    public static func fit(_ bitmap: Bitmap, within box: Int, samplesPerSide: Int? = nil) throws -> Bitmap {
        guard let size = fittedSize(bitmap.size, within: box) else { return bitmap }
        return try scale(bitmap, width: size.width, height: size.height, samplesPerSide: samplesPerSide)
    }

    /// The size `fit` scales a picture of `size` to; nil when it already fits.
    static func fittedSize(_ size: PixelSize, within box: Int) -> PixelSize? {
        let longer = max(size.width, size.height)
        guard longer > box, box > 0 else { return nil }
        return PixelSize(width: max(1, (size.width * box + longer / 2) / longer),
                         height: max(1, (size.height * box + longer / 2) / longer))
    }

    public static func scale(_ bitmap: Bitmap, width: Int, height: Int, samplesPerSide: Int? = nil) throws -> Bitmap {
        let out = try Bitmap(width: width, height: height, alpha: bitmap.alpha)
        let columns = spans(source: bitmap.width, target: width, samples: samplesPerSide)
        let rows = spans(source: bitmap.height, target: height, samples: samplesPerSide)
        if bitmap.alpha == .opaque {
            scaleOpaque(bitmap, into: out, columns: columns, rows: rows)
            return out
        }
        let weighted = bitmap.alpha == .straight
        for y in 0..<height {
            let destination = out.row(y)
            for x in 0..<width {
                var red = 0, green = 0, blue = 0, alphaSum = 0
                for sourceY in rows[y] {
                    let source = bitmap.row(sourceY)
                    for sourceX in columns[x] {
                        let pixel = source[sourceX]
                        let alpha = weighted ? Int(pixel >> 24) : 1
                        red += Int((pixel >> 16) & 0xFF) * alpha
                        green += Int((pixel >> 8) & 0xFF) * alpha
                        blue += Int(pixel & 0xFF) * alpha
                        alphaSum += alpha
                    }
                }
                let count = rows[y].count * columns[x].count
                guard alphaSum > 0 else {
                    destination[x] = 0
                    continue
                }
                let half = alphaSum / 2
                let alpha = weighted ? UInt32((alphaSum + count / 2) / count) : 0xFF
                destination[x] = alpha << 24 | UInt32((red + half) / alphaSum) << 16
                    | UInt32((green + half) / alphaSum) << 8 | UInt32((blue + half) / alphaSum)
            }
        }
        return out
    }

    /// The opaque case, the one of every photo saved, row by row: each source row a target row takes is read
    /// once, left to right, into sums per target column; the same means as the general loop gives.
    private static func scaleOpaque(_ bitmap: Bitmap, into out: Bitmap, columns: [[Int]], rows: [[Int]]) {
        let width = out.width
        let sampleColumns = columns.flatMap { $0 }
        var columnEnds: [Int] = []
        columnEnds.reserveCapacity(width)
        for span in columns { columnEnds.append((columnEnds.last ?? 0) + span.count) }
        var sums = [Int](repeating: 0, count: 3 * width)
        sampleColumns.withUnsafeBufferPointer { sampled in
            columnEnds.withUnsafeBufferPointer { ends in
                sums.withUnsafeMutableBufferPointer { sums in
                    for (y, sourceRows) in rows.enumerated() {
                        sums.update(repeating: 0)
                        for sourceY in sourceRows {
                            let source = bitmap.row(sourceY)
                            var start = 0
                            for x in 0..<width {
                                var red = 0, green = 0, blue = 0
                                for index in start..<ends[x] {
                                    let pixel = source[sampled[index]]
                                    red += Int((pixel >> 16) & 0xFF)
                                    green += Int((pixel >> 8) & 0xFF)
                                    blue += Int(pixel & 0xFF)
                                }
                                start = ends[x]
                                sums[3 * x] += red
                                sums[3 * x + 1] += green
                                sums[3 * x + 2] += blue
                            }
                        }
                        let destination = out.row(y)
                        var start = 0
                        for x in 0..<width {
                            let count = sourceRows.count * (ends[x] - start), half = count / 2
                            start = ends[x]
                            destination[x] = 0xFF00_0000 | UInt32((sums[3 * x] + half) / count) << 16
                                | UInt32((sums[3 * x + 1] + half) / count) << 8 | UInt32((sums[3 * x + 2] + half) / count)
                        }
                    }
                }
            }
        }
    }

    /// For each target index, the source indices it covers: consecutive, non-empty, together
    /// covering the whole source once; with `samples`, at most that many of them, evenly spaced.
    static func spans(source: Int, target: Int, samples: Int?) -> [[Int]] {
        (0..<target).map { index in
            let start = index * source / target
            let end = min(max(start + 1, (index + 1) * source / target), source)
            let step = samples.map { max(1, (end - start) / max(1, $0)) } ?? 1
            return Array(stride(from: start + (end - start - 1) % step / 2, to: end, by: step))
        }
    }
}
