/// How a HEIF picture's YCbCr samples stand for RGB: an `nclx` colour description (ITU-T H.273 codes), from the
/// item's `colr` box or from the HEVC stream itself.
struct HEIFColourSignal: Equatable, Sendable {
    var primaries: Int
    var matrix: Int
    var fullRange: Bool
}

extension HEIFColourSignal {
    /// A `colr` property of type `nclx`; nil for an ICC profile or a malformed box.
    init?(colr property: HEIFProperty) {
        let payload = Array(property.payload)
        guard property.type == "colr", payload.count >= 11, payload[0..<4].elementsEqual("nclx".utf8) else { return nil }
        primaries = Int(payload[4]) << 8 | Int(payload[5])
        matrix = Int(payload[8]) << 8 | Int(payload[9])
        fullRange = payload[10] & 0x80 != 0
    }
}

/// The factors that turn (Cb, Cr), centred on zero, into red, green and blue added to Y, as libheif 1.15 derives
/// them: in single precision, in its order of operations, so that the pixels come out as its own decode's.
struct YCbCrFactors: Equatable, Sendable {
    var redFromCr: Float
    var greenFromCb: Float
    var greenFromCr: Float
    var blueFromCb: Float

    /// BT.601's, which libheif takes when the matrix is unspecified or unknown.
    static let bt601 = YCbCrFactors(redFromCr: 1.402, greenFromCb: -0.344136, greenFromCr: -0.714136, blueFromCb: 1.772)
}

extension YCbCrFactors {
    init(matrix: Int, primaries: Int) {
        guard let (kr, kb) = Self.lumaWeights(matrix: matrix, primaries: primaries), kr != 0 || kb != 0 else {
            self = .bt601
            return
        }
        redFromCr = 2 * (-kr + 1)
        greenFromCb = 2 * kb * (-kb + 1) / (kb + kr - 1)
        greenFromCr = 2 * kr * (-kr + 1) / (kb + kr - 1)
        blueFromCb = 2 * (-kb + 1)
    }

    /// Kr and Kb: fixed for the matrices H.273 fixes them for, derived from the primaries for 12 and 13.
    private static func lumaWeights(matrix: Int, primaries: Int) -> (kr: Float, kb: Float)? {
        switch matrix {
        case 1: return (0.2126, 0.0722)
        case 4: return (0.30, 0.11)
        case 5, 6: return (0.299, 0.114)
        case 7: return (0.212, 0.087)
        case 9, 10: return (0.2627, 0.0593)
        case 12, 13:
            guard let p = ColourPrimaries(primaries) else { return nil }
            let zr = 1 - (p.redX + p.redY), zg = 1 - (p.greenX + p.greenY)
            let zb = 1 - (p.blueX + p.blueY), zw = 1 - (p.whiteX + p.whiteY)
            let denominator = p.whiteY * (p.redX * (p.greenY * zb - p.blueY * zg) + p.greenX * (p.blueY * zr - p.redY * zb)
                + p.blueX * (p.redY * zg - p.greenY * zr))
            guard denominator != 0 else { return nil }
            let kr = (p.redY * (p.whiteX * (p.greenY * zb - p.blueY * zg) + p.whiteY * (p.blueX * zg - p.greenX * zb)
                + zw * (p.greenX * p.blueY - p.blueX * p.greenY))) / denominator
            let kb = (p.blueY * (p.whiteX * (p.redY * zg - p.greenY * zr) + p.whiteY * (p.greenX * zr - p.redX * zg)
                + zw * (p.redX * p.greenY - p.greenX * p.redY))) / denominator
            return (kr, kb)
        default: return nil
        }
    }
}

/// The chromaticities of H.273's colour primaries, as libheif 1.15 lists them (it knows these codes only).
private struct ColourPrimaries {
    let redX: Float, redY: Float, greenX: Float, greenY: Float, blueX: Float, blueY: Float
    let whiteX: Float, whiteY: Float

    init?(_ code: Int) {
        let values: [Float]
        switch code {
        case 1: values = [0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290]
        case 4: values = [0.67, 0.33, 0.21, 0.71, 0.14, 0.08, 0.310, 0.316]
        case 5: values = [0.64, 0.33, 0.29, 0.60, 0.15, 0.06, 0.3127, 0.3290]
        case 6, 7: values = [0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290]
        case 8: values = [0.681, 0.319, 0.243, 0.692, 0.145, 0.049, 0.310, 0.316]
        case 9: values = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290]
        case 10: values = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.333333, 0.33333]
        case 11: values = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351]
        case 12: values = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]
        case 22: values = [0.630, 0.340, 0.295, 0.605, 0.155, 0.077, 0.3127, 0.3290]
        default: return nil
        }
        (redX, redY, greenX, greenY) = (values[0], values[1], values[2], values[3])
        (blueX, blueY, whiteX, whiteY) = (values[4], values[5], values[6], values[7])
    }
}
