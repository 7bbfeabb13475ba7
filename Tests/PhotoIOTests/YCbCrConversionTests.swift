import XCTest
@testable import PhotoIO

/// libheif 1.15's YCbCr → RGB, which the tiles libavcodec decodes go through: the factors each matrix gives, the
/// range's scaling, the rounding and clamping, and chroma standing for the pixels it covers.
final class YCbCrConversionTests: XCTestCase {
    func testEachMatrixGivesItsFactorsAndAnUnknownOneBT601s() {
        let bt709 = YCbCrFactors(matrix: 1, primaries: 1)
        XCTAssertEqual(bt709.redFromCr, 1.5748, accuracy: 1e-6)
        XCTAssertEqual(bt709.blueFromCb, 1.8556, accuracy: 1e-6)
        XCTAssertEqual(bt709.greenFromCb, -0.187324, accuracy: 1e-6)
        XCTAssertEqual(bt709.greenFromCr, -0.468124, accuracy: 1e-6)
        let bt2020 = YCbCrFactors(matrix: 9, primaries: 9)
        XCTAssertEqual(bt2020.redFromCr, 1.4746, accuracy: 1e-6)
        XCTAssertEqual(bt2020.blueFromCb, 1.8814, accuracy: 1e-6)
        for unknown in [2, 3, 11, 14, 99] { XCTAssertEqual(YCbCrFactors(matrix: unknown, primaries: 1), .bt601, "\(unknown)") }
        XCTAssertEqual(YCbCrFactors(matrix: 6, primaries: 1).redFromCr, 1.402, accuracy: 1e-6)
    }

    /// Matrices 12 and 13 derive Kr and Kb from the primaries: BT.709's give BT.709's weights back.
    func testChromaticityDerivedWeightsComeFromThePrimaries() {
        let derived = YCbCrFactors(matrix: 12, primaries: 1)
        XCTAssertEqual(derived.redFromCr, 1.5748, accuracy: 2e-4)
        XCTAssertEqual(derived.blueFromCb, 1.8556, accuracy: 2e-4)
        XCTAssertEqual(YCbCrFactors(matrix: 13, primaries: 3), .bt601, "primaries libheif does not know")
    }

    func testAnNclxColourIsReadAndAnICCProfileIsNot() {
        var nclx = BoxWriter()
        nclx.box("colr") { box in
            box.fourCC("nclx")
            box.u16(12); box.u16(13); box.u16(6); box.u8(0x80)
        }
        XCTAssertEqual(HEIFColourSignal(colr: HEIFProperty(type: "colr", box: nclx.bytes)),
                       HEIFColourSignal(primaries: 12, matrix: 6, fullRange: true))
        var icc = BoxWriter()
        icc.box("colr") { box in box.fourCC("prof"); box.append([0, 0, 0, 0]) }
        XCTAssertNil(HEIFColourSignal(colr: HEIFProperty(type: "colr", box: icc.bytes)))
    }

    func testFullRangeBT601RoundsHalfUpAndClamps() {
        let full = YCbCrConversion(HEIFColourSignal(primaries: 2, matrix: 6, fullRange: true))
        XCTAssertEqual(convert([(128, 128, 128), (255, 128, 255), (0, 0, 128), (100, 140, 90)], by: full),
                       // 255 − 0.714136·127 = 164.3; 0 − 0.344136·(−128) = 44.05; 100 + 1.402·(−38) = 46.72,
                       // 100 − 0.344136·12 − 0.714136·(−38) = 123.008, 100 + 1.772·12 = 121.264
                       [0x80_8080, 0xFF_A4FF, 0x00_2C00, 0x2F_7B79])
    }

    func testLimitedRangeIsStretchedAsLibheifStretchesIt() {
        let limited = YCbCrConversion(HEIFColourSignal(primaries: 2, matrix: 6, fullRange: false))
        // (126 − 16)·1.1689 = 128.579 → 129; 16 → 0; 235 → 255.99 → 255.
        XCTAssertEqual(convert([(126, 128, 128), (16, 128, 128), (235, 128, 128)], by: limited),
                       [0x81_8181, 0x00_0000, 0xFF_FFFF])
    }

    func testTheIdentityMatrixAndYCgCo() {
        let gbr = YCbCrConversion(HEIFColourSignal(primaries: 1, matrix: 0, fullRange: true))
        XCTAssertEqual(convert([(10, 20, 30)], by: gbr), [0x1E_0A14], "R from Cr, G from Y, B from Cb")
        let squeezed = YCbCrConversion(HEIFColourSignal(primaries: 1, matrix: 0, fullRange: false))
        XCTAssertEqual(convert([(0, 255, 128)], by: squeezed), [0x7E_10EA], "(v·219 + 128) >> 8, + 16")
        let yCgCo = YCbCrConversion(HEIFColourSignal(primaries: 1, matrix: 8, fullRange: true))
        XCTAssertEqual(convert([(100, 138, 118)], by: yCgCo), [0x50_6E64], "Y − Cg + Co, Y + Cg, Y − Cg − Co")
    }

    /// 4:2:0's chroma sample stands for the two pixels beside it, not for a blend with its neighbour's.
    func testEachChromaSampleStandsForThePixelsItCovers() {
        let full = YCbCrConversion(HEIFColourSignal(primaries: 2, matrix: 6, fullRange: true))
        let luma: [UInt8] = [128, 128, 128, 128], blue: [UInt8] = [128, 128], red: [UInt8] = [128, 200]
        var out = [UInt32](repeating: 0, count: 4)
        out.withUnsafeMutableBufferPointer { target in
            full.convert(luma: luma, blue: blue, red: red, chromaShift: 1, from: 0, count: 4, into: target.baseAddress!, every: 1)
        }
        XCTAssertEqual(out.map { $0 >> 16 & 0xFF }, [128, 128, 229, 229], "128 + 1.402·72 = 228.9")
    }

    /// Four pixels at a time (vector lanes) give the bytes one pixel at a time gives, for every matrix, range and
    /// chroma layout, from an odd column and written apart as a turned tile writes them.
    func testFourAtATimeGivesTheBytesOfOneAtATime() {
        let signals = [HEIFColourSignal(primaries: 2, matrix: 6, fullRange: true),
                       HEIFColourSignal(primaries: 2, matrix: 6, fullRange: false),
                       HEIFColourSignal(primaries: 1, matrix: 1, fullRange: false),
                       HEIFColourSignal(primaries: 9, matrix: 9, fullRange: false),
                       HEIFColourSignal(primaries: 12, matrix: 12, fullRange: true)]
        let width = 259
        for signal in signals {
            let conversion = YCbCrConversion(signal)
            for row in 0..<64 {
                let luma = (0..<width).map { UInt8(truncatingIfNeeded: $0 * 37 + row) }
                let blue = (0..<width).map { UInt8(truncatingIfNeeded: $0 * 11 + 3 * row) }
                let red = (0..<width).map { UInt8(truncatingIfNeeded: $0 * 29 + 7 * row + 128) }
                for (shift, start, every) in [(0, 0, 1), (1, 0, 1), (1, 1, 1), (1, 2, 3), (0, 3, -1)] {
                    let count = width - start
                    let base = every < 0 ? (count - 1) * -every : 0
                    var together = [UInt32](repeating: 0, count: count * abs(every))
                    var alone = together
                    together.withUnsafeMutableBufferPointer { target in
                        conversion.convert(luma: luma, blue: blue, red: red, chromaShift: shift, from: start, count: count,
                                           into: target.baseAddress! + base, every: every)
                    }
                    alone.withUnsafeMutableBufferPointer { target in
                        for i in 0..<count {
                            conversion.convert(luma: luma, blue: blue, red: red, chromaShift: shift, from: start + i,
                                               count: 1, into: target.baseAddress! + base + i * every, every: every)
                        }
                    }
                    XCTAssertEqual(together, alone, "\(signal), row \(row), shift \(shift), from \(start), every \(every)")
                }
            }
        }
    }

    /// (Y, Cb, Cr) samples, one chroma sample a pixel, as opaque BGRX without the alpha byte.
    private func convert(_ samples: [(UInt8, UInt8, UInt8)], by conversion: YCbCrConversion) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: samples.count)
        out.withUnsafeMutableBufferPointer { target in
            conversion.convert(luma: samples.map(\.0), blue: samples.map(\.1), red: samples.map(\.2), chromaShift: 0,
                               from: 0, count: samples.count, into: target.baseAddress!, every: 1)
        }
        XCTAssertTrue(out.allSatisfy { $0 >> 24 == 0xFF }, "opaque")
        return out.map { $0 & 0xFF_FFFF }
    }
}
