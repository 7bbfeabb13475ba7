import EditorState

/// Luminance as floats, box-reduced so the long side is at most the working size: what auto-level and the line
/// detector look at. The loops run over raw buffers: they are the estimate's hot path.
struct GreyImage {
    let width: Int, height: Int
    var values: [Float]

    var size: PixelSize { PixelSize(width: width, height: height) }

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// How many pixels each way one grey value averages, for a picture of `size` looked at with `longSide`.
    static func reduction(of size: PixelSize, longSide: Int) -> Int {
        max(1, (max(size.width, size.height) + longSide - 1) / longSide)
    }

    /// The luminance of `bitmap` (Rec. 601 weights, as JPEG's Y), reduced to at most `longSide`.
    init(_ bitmap: Bitmap, longSide: Int) {
        let pixels = bitmap.pixels.assumingMemoryBound(to: UInt32.self), perRow = bitmap.stride / 4
        self.init(reducing: bitmap.size, longSide: longSide) { x, y in
            let p = pixels[y * perRow + x]
            return 0.114 * Float(p & 0xFF) + 0.587 * Float((p >> 8) & 0xFF) + 0.299 * Float((p >> 16) & 0xFF)
        }
    }

    /// A plane of 8-bit luma, `width` values a row, reduced to at most `longSide`.
    init(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, longSide: Int) {
        let plane = luma.baseAddress!
        self.init(reducing: PixelSize(width: width, height: height), longSide: longSide) { x, y in
            Float(plane[y * width + x])
        }
    }

    /// Each value the mean of a square of the source's `luma` values, as many each way as `reduction` says
    /// (leftover columns and rows at the right and bottom edges are dropped).
    private init(reducing size: PixelSize, longSide: Int, luma: (_ x: Int, _ y: Int) -> Float) {
        let factor = GreyImage.reduction(of: size, longSide: longSide)
        let width = size.width / factor, height = size.height / factor
        var values = [Float](repeating: 0, count: max(0, width * height))
        let scale = 1 / Float(factor * factor)
        values.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let target = out.baseAddress! + y * width
                for sy in y * factor..<(y + 1) * factor {
                    for x in 0..<width {
                        var sum: Float = 0
                        for sx in x * factor..<(x + 1) * factor { sum += luma(sx, sy) }
                        target[x] += sum * scale
                    }
                }
            }
        }
        self.init(width: width, height: height, values: values)
    }

    /// A 1-2-1 binomial blur each way (the border keeps its values).
    func blurred() -> GreyImage {
        var out = values
        let width = width, height = height
        guard width >= 3, height >= 3 else { return self }
        values.withUnsafeBufferPointer { v in
            out.withUnsafeMutableBufferPointer { o in
                for y in 1..<(height - 1) {
                    let above = v.baseAddress! + (y - 1) * width, row = above + width, below = row + width
                    let target = o.baseAddress! + y * width
                    for x in 1..<(width - 1) {
                        let across = row[x - 1] + 2 * row[x] + row[x + 1]
                        let up = above[x - 1] + 2 * above[x] + above[x + 1]
                        let down = below[x - 1] + 2 * below[x] + below[x + 1]
                        target[x] = (up + 2 * across + down) / 16
                    }
                }
            }
        }
        return GreyImage(width: width, height: height, values: out)
    }
}
