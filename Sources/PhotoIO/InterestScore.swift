import EditorState

/// Smart placement's content score, on a small copy of the photo: each cell of a grid (about 160 cells along the
/// long side) scores its detail (the luma gradient above a noise floor), its colour (saturation, in light enough
/// cells) and skin tones (the usual YCbCr box). What the whole picture has everywhere (a coloured or textured
/// background) says nothing about where to look, so the picture's median score is taken off every cell. Faces
/// are not looked for: skin and detail find people well enough for placing a box, with no model file to ship.
public enum InterestScore {
    static let gridSide = 160
    /// Gradient (in 8-bit levels, summed over both directions) below which a change is noise or blur.
    static let detailFloor: Float = 8
    static let colourWeight: Float = 24
    static let skinWeight: Float = 24

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
                scores[row * columns + column] = detail(cells, column, row) + colour(cells.at(column, row))
            }
        }
        let typical = median(scores)
        return InterestMap(columns: columns, rows: rows, values: scores.map { max(0, $0 - typical) },
                           pictureSize: pictureSize)
    }

    /// Sobel gradient of the cells' luma, less the noise floor.
    private static func detail(_ cells: CellColours, _ c: Int, _ r: Int) -> Float {
        func y(_ dc: Int, _ dr: Int) -> Float { cells.luma(c + dc, r + dr) }
        let gx = (y(1, -1) + 2 * y(1, 0) + y(1, 1)) - (y(-1, -1) + 2 * y(-1, 0) + y(-1, 1))
        let gy = (y(-1, 1) + 2 * y(0, 1) + y(1, 1)) - (y(-1, -1) + 2 * y(0, -1) + y(1, -1))
        return max(0, (abs(gx) + abs(gy)) / 4 - detailFloor)
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

/// The mean colour of each cell of a grid over a bitmap; reads past the edges repeat the edge cells.
private struct CellColours {
    let columns: Int, rows: Int
    var red: [Float], green: [Float], blue: [Float]

    init(_ bitmap: Bitmap, columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        red = [Float](repeating: 0, count: columns * rows)
        green = red
        blue = red
        for row in 0..<rows {
            let y0 = row * bitmap.height / rows, y1 = max(y0 + 1, (row + 1) * bitmap.height / rows)
            for column in 0..<columns {
                let x0 = column * bitmap.width / columns, x1 = max(x0 + 1, (column + 1) * bitmap.width / columns)
                var r = 0, g = 0, b = 0
                for y in y0..<y1 {
                    let line = bitmap.row(y)
                    for x in x0..<x1 {
                        let p = line[x]
                        r += Int(p >> 16 & 0xFF)
                        g += Int(p >> 8 & 0xFF)
                        b += Int(p & 0xFF)
                    }
                }
                let count = Float((y1 - y0) * (x1 - x0)), i = row * columns + column
                red[i] = Float(r) / count
                green[i] = Float(g) / count
                blue[i] = Float(b) / count
            }
        }
    }

    func at(_ c: Int, _ r: Int) -> (r: Float, g: Float, b: Float) {
        let i = min(max(r, 0), rows - 1) * columns + min(max(c, 0), columns - 1)
        return (red[i], green[i], blue[i])
    }

    func luma(_ c: Int, _ r: Int) -> Float {
        let p = at(c, r)
        return 0.299 * p.r + 0.587 * p.g + 0.114 * p.b
    }
}
