import EditorState

/// Smart placement's content score, on a small copy of the photo: each cell of a grid (about 160 cells along the
/// long side) scores its detail (the mean luma gradient of the copy's pixels in it, above a floor for JPEG noise:
/// a blurred background has none), its colour (saturation, in light enough cells) and skin tones (the usual YCbCr
/// box). What the whole picture has everywhere (a coloured or textured
/// background) says nothing about where to look, so the picture's median score is taken off every cell. Faces
/// are not looked for: skin and detail find people well enough for placing a box, with no model file to ship.
public enum InterestScore {
    static let gridSide = 160
    /// Gradient (in 8-bit levels, summed over both directions) below which a change is noise or blur.
    static let detailFloor = 6
    static let colourWeight: Float = 4
    static let skinWeight: Float = 6

    /// The interest map of `source` as displayed, from a DCT-scaled preview.
    public static func map(for source: PhotoSource) throws -> InterestMap {
        let side = gridSide * 3
        let preview = try source.decodePreview(maxWidth: side, maxHeight: side)
        let upright = source.orientation == .normal ? preview : try preview.transformed(by: source.orientation)
        return map(of: upright, pictureSize: source.displayedSize)
    }

    /// The interest map of an upright bitmap standing for a picture of `pictureSize`.
    public static func map(of bitmap: Bitmap, pictureSize: PixelSize) -> InterestMap {
        let long = max(bitmap.width, bitmap.height)
        let columns = max(1, min(bitmap.width, bitmap.width * gridSide / max(long, 1)))
        let rows = max(1, min(bitmap.height, bitmap.height * gridSide / max(long, 1)))
        let cells = CellColours(bitmap, columns: columns, rows: rows)
        var scores = [Float](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                scores[row * columns + column] = cells.detail[row * columns + column] + colour(cells.at(column, row))
            }
        }
        let typical = median(scores)
        return InterestMap(columns: columns, rows: rows, values: scores.map { max(0, $0 - typical) },
                           pictureSize: pictureSize)
    }

    private static func colour(_ p: (r: Float, g: Float, b: Float)) -> Float {
        let high = max(p.r, p.g, p.b), low = min(p.r, p.g, p.b)
        let luma = 0.299 * p.r + 0.587 * p.g + 0.114 * p.b
        guard luma > 24, high > 0 else { return 0 }
        let saturation = (high - low) / high
        let cb = 128 - 0.1687 * p.r - 0.3313 * p.g + 0.5 * p.b
        let cr = 128 + 0.5 * p.r - 0.4187 * p.g - 0.0813 * p.b
        let skin: Float = (77...127).contains(cb) && (133...173).contains(cr) && luma > 60 ? 1 : 0
        return colourWeight * saturation * saturation + skinWeight * skin
    }

    private static func median(_ values: [Float]) -> Float {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// The mean colour and the mean fine detail (luma gradient above the floor) of each cell of a grid over a bitmap.
private struct CellColours {
    let columns: Int, rows: Int
    var red: [Float], green: [Float], blue: [Float], detail: [Float]

    init(_ bitmap: Bitmap, columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        red = [Float](repeating: 0, count: columns * rows)
        green = red
        blue = red
        detail = red
        for row in 0..<rows {
            let y0 = row * bitmap.height / rows, y1 = max(y0 + 1, (row + 1) * bitmap.height / rows)
            for column in 0..<columns {
                let x0 = column * bitmap.width / columns, x1 = max(x0 + 1, (column + 1) * bitmap.width / columns)
                var r = 0, g = 0, b = 0, change = 0
                for y in y0..<y1 {
                    let line = bitmap.row(y), below = bitmap.row(min(y + 1, bitmap.height - 1))
                    for x in x0..<x1 {
                        let p = line[x]
                        r += Int(p >> 16 & 0xFF)
                        g += Int(p >> 8 & 0xFF)
                        b += Int(p & 0xFF)
                        let here = Self.luma(p)
                        let across = abs(Self.luma(line[min(x + 1, bitmap.width - 1)]) - here)
                        let down = abs(Self.luma(below[x]) - here)
                        change += max(0, across + down - InterestScore.detailFloor)
                    }
                }
                let count = Float((y1 - y0) * (x1 - x0)), i = row * columns + column
                red[i] = Float(r) / count
                green[i] = Float(g) / count
                blue[i] = Float(b) / count
                detail[i] = Float(change) / count
            }
        }
    }

    func at(_ c: Int, _ r: Int) -> (r: Float, g: Float, b: Float) {
        let i = min(max(r, 0), rows - 1) * columns + min(max(c, 0), columns - 1)
        return (red[i], green[i], blue[i])
    }

    /// Luma in 8-bit levels, weights in 1/1024ths.
    private static func luma(_ p: UInt32) -> Int {
        (306 * Int(p >> 16 & 0xFF) + 601 * Int(p >> 8 & 0xFF) + 117 * Int(p & 0xFF)) >> 10
    }
}
