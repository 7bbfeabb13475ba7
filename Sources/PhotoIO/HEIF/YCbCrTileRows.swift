import CPixelKernels
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
/// identity (GBR), YCgCo, or luma weights (the defaults: BT.601). Luma weights go through a C kernel that takes four
/// pixels at a time in vector lanes (`cropper_ycbcr_weights_row`), with libheif's single-precision operations in
/// libheif's order, so the bytes are libheif's.
struct YCbCrConversion: Sendable {
    private enum Kind { case weights, gbr, yCgCo }
    private let kind: Kind
    private let fullRange: Bool
    private let weights: cropper_ycbcr_weights

    init(_ signal: HEIFColourSignal) {
        fullRange = signal.fullRange
        kind = signal.matrix == 0 ? .gbr : signal.matrix == 8 ? .yCgCo : .weights
        let factors = YCbCrFactors(matrix: signal.matrix, primaries: signal.primaries)
        weights = cropper_ycbcr_weights(red_from_cr: factors.redFromCr, green_from_cb: factors.greenFromCb,
                                        green_from_cr: factors.greenFromCr, blue_from_cb: factors.blueFromCb,
                                        full_range: signal.fullRange ? 1 : 0)
    }

    /// `count` pixels of one row from column `x`, written `every` pixels apart from `target`.
    func convert(luma: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>, red: UnsafePointer<UInt8>, chromaShift: Int,
                 from x: Int, count: Int, into target: UnsafeMutablePointer<UInt32>, every: Int) {
        switch kind {
        case .weights:
            withUnsafePointer(to: weights) { weights in
                cropper_ycbcr_weights_row(luma, blue, red, Int32(chromaShift), x, count, target, every, weights)
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

    @inline(__always)
    private static func clamped(_ value: Int) -> UInt32 { UInt32(min(max(value, 0), 255)) }

    /// The identity matrix's sample, squeezed into 16–235 for a limited-range signal as libheif does.
    @inline(__always)
    private func scaledForRange(_ sample: UInt8) -> UInt32 {
        fullRange ? UInt32(sample) : (UInt32(sample) * 219 + 128) >> 8 + 16
    }
}
