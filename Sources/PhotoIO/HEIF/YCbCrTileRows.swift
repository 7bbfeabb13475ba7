import EditorState

/// A tile libavcodec decoded, turned from YCbCr into opaque BGRX exactly as libheif 1.15 turns a tile it decodes:
/// each chroma sample stands for the pixels it covers (no interpolation between chroma samples), the sums in single
/// precision, rounded half up and clamped.
struct YCbCrTileRows: DecodedTileRows {
    let picture: HEVCPicture
    let conversion: YCbCrConversion

    var size: PixelSize { picture.size }

    func copyRow(_ y: Int, from x: Int, count: Int, into target: UnsafeMutablePointer<UInt32>, every: Int) {
        let luma = picture.luma + y * picture.lumaRowBytes
        let chromaRow = (y >> picture.chromaShiftY) * picture.chromaRowBytes
        conversion.convert(luma: luma, blue: picture.blue + chromaRow, red: picture.red + chromaRow,
                           chromaShift: picture.chromaShiftX, from: x, count: count, into: target, every: every)
    }
}

/// libheif 1.15's YCbCr → RGB for 8-bit samples (`Op_YCbCr_to_RGB`), by the matrix the colour signal names: the
/// identity (GBR), YCgCo, or luma weights (the defaults: BT.601). Each sample's part of the sum is computed once, for
/// its 256 values.
struct YCbCrConversion: Sendable {
    private enum Kind { case weights, gbr, yCgCo }
    private let kind: Kind
    private let fullRange: Bool
    /// Y as scaled for the range, then red from Cr, green from Cb, green from Cr, blue from Cb: 256 values each.
    private let tables: [Float]

    init(_ signal: HEIFColourSignal) {
        fullRange = signal.fullRange
        kind = signal.matrix == 0 ? .gbr : signal.matrix == 8 ? .yCgCo : .weights
        let factors = YCbCrFactors(matrix: signal.matrix, primaries: signal.primaries)
        var tables = [Float](repeating: 0, count: 5 * 256)
        for value in 0..<256 {
            var luma = Float(value), chroma = Float(value - 128)
            if !signal.fullRange {
                luma = (luma - 16) * 1.1689
                chroma = chroma * 1.1429
            }
            tables[value] = luma
            tables[256 + value] = factors.redFromCr * chroma
            tables[512 + value] = factors.greenFromCb * chroma
            tables[768 + value] = factors.greenFromCr * chroma
            tables[1024 + value] = factors.blueFromCb * chroma
        }
        self.tables = tables
    }

    /// `count` pixels of one row from column `x`, written `every` pixels apart from `target`.
    func convert(luma: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>, red: UnsafePointer<UInt8>, chromaShift: Int,
                 from x: Int, count: Int, into target: UnsafeMutablePointer<UInt32>, every: Int) {
        switch kind {
        case .weights:
            tables.withUnsafeBufferPointer { table in
                let t = table.baseAddress!
                let redFromCr = t + 256, greenFromCb = t + 512, greenFromCr = t + 768, blueFromCb = t + 1024
                var at = target
                for column in x..<(x + count) {
                    let y = t[Int(luma[column])]
                    let cb = Int(blue[column >> chromaShift]), cr = Int(red[column >> chromaShift])
                    let r = Self.rounded(y + redFromCr[cr])
                    let g = Self.rounded(y + greenFromCb[cb] + greenFromCr[cr])
                    let b = Self.rounded(y + blueFromCb[cb])
                    at.pointee = 0xFF00_0000 | r << 16 | g << 8 | b
                    at += every
                }
            }
        case .gbr, .yCgCo:
            var at = target
            for column in x..<(x + count) {
                at.pointee = integerPixel(luma[column], blue[column >> chromaShift], red[column >> chromaShift])
                at += every
            }
        }
    }

    /// The two matrices libheif computes in integers: the identity (R from Cr, G from Y, B from Cb) and YCgCo.
    @inline(__always)
    private func integerPixel(_ luma: UInt8, _ blue: UInt8, _ red: UInt8) -> UInt32 {
        guard kind == .yCgCo else {
            return 0xFF00_0000 | scaledForRange(red) << 16 | scaledForRange(luma) << 8 | scaledForRange(blue)
        }
        let y = Int(luma), cg = Int(blue) - 128, co = Int(red) - 128
        return 0xFF00_0000 | Self.clamped(y - cg + co) << 16 | Self.clamped(y + cg) << 8 | Self.clamped(y - cg - co)
    }

    /// libheif's `(long)(value + 0.5f)`, clamped to a byte.
    @inline(__always)
    private static func rounded(_ value: Float) -> UInt32 {
        let sum = value + 0.5
        guard sum >= 0 else { return 0 }  // truncation toward zero gives 0 above -1, and clamping 0 below it
        return sum >= 255 ? 255 : UInt32(sum)
    }

    @inline(__always)
    private static func clamped(_ value: Int) -> UInt32 { UInt32(min(max(value, 0), 255)) }

    /// The identity matrix's sample, squeezed into 16–235 for a limited-range signal as libheif does.
    @inline(__always)
    private func scaledForRange(_ sample: UInt8) -> UInt32 {
        fullRange ? UInt32(sample) : (UInt32(sample) * 219 + 128) >> 8 + 16
    }
}
