import EditorState
import XCTest
@testable import CropperUI

/// The canvas's one blit for a turned or re-projected photo, on small bitmaps in memory: which pixels land on the
/// photo, the fixed-point stepping against exact division, bilinear mixing, the mask and the checkerboard.
final class WarpBlitTests: XCTestCase {
    private let ground: UInt32 = 0x1E1F22

    /// A source whose every pixel says where it is: 0xFF, x, y, x ^ y.
    private func source(width: Int, height: Int) -> [UInt32] {
        (0..<(width * height)).map { i in
            let x = UInt32(i % width), y = UInt32(i / width)
            return 0xFF00_0000 | x << 16 | y << 8 | ((x ^ y) & 0xFF)
        }
    }

    private func blit(_ pixels: [UInt32], width: Int, height: Int, hasAlpha: Bool = false, map: Homography,
                      filter: WarpBlit.Filter = .nearest, target: (width: Int, height: Int),
                      dimming: WarpBlit.Dimming? = nil, checker: WarpBlit.Checker? = nil,
                      written: (rows: Range<Int>, columns: Range<Int>)? = nil) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: target.width * target.height)
        pixels.withUnsafeBytes { sourceBytes in
            out.withUnsafeMutableBytes { targetBytes in
                WarpBlit(target: targetBytes.baseAddress!, targetStride: target.width * 4,
                         source: WarpBlit.Pixels(base: sourceBytes.baseAddress!, stride: width * 4, width: width,
                                                 height: height, hasAlpha: hasAlpha),
                         map: map, filter: filter, ground: ground, dimming: dimming, checker: checker,
                         rows: written?.rows ?? 0..<target.height, columns: 0..<target.width,
                         written: written?.columns).draw()
            }
        }
        return out
    }

    func testAHalfScaleMapShowsEachSourcePixelTwiceAndTheGroundBeyond() {
        let pixels = source(width: 4, height: 3)
        let out = blit(pixels, width: 4, height: 3, map: Homography([0.5, 0, 0, 0, 0.5, 0, 0, 0, 1]), target: (10, 8))
        for y in 0..<8 {
            for x in 0..<10 {
                let expected = x < 8 && y < 6 ? pixels[(y / 2) * 4 + x / 2] : 0xFF00_0000 | ground
                XCTAssertEqual(out[y * 10 + x], expected, "(\(x), \(y))")
            }
        }
    }

    func testATurnStepsInFixedPointToTheSamePixelsAsExactArithmetic() {
        let (w, h) = (64, 48), pixels = source(width: w, height: h)
        // Turned by 7° about (40, 30), shifted: every target pixel centre mapped back.
        let a = 7 * Double.pi / 180
        let map = Homography([cos(a), sin(a), -8.3, -sin(a), cos(a), 5.1, 0, 0, 1])
        let out = blit(pixels, width: w, height: h, map: map, target: (80, 60))
        var checked = 0
        for y in 0..<60 {
            for x in 0..<80 {
                let p = map.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                // Within a millionth of a pixel edge either side is right.
                let nearEdge = abs(p.x - p.x.rounded()) < 1e-6 || abs(p.y - p.y.rounded()) < 1e-6
                guard !nearEdge else { continue }
                let inside = p.x >= 0 && p.y >= 0 && p.x < Double(w) && p.y < Double(h)
                let expected = inside ? pixels[Int(p.y) * w + Int(p.x)] : 0xFF00_0000 | ground
                XCTAssertEqual(out[y * 80 + x], expected, "(\(x), \(y)) → \(p)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4700)
    }

    func testATurnedOpaquePhotoIsDarkenedOutsideTheHoleInTheSamePassAsItIsSampled() {
        // RGB24 leaves the top byte unused: 0 here, and the blit makes every pixel opaque all the same.
        let (w, h) = (64, 48)
        let pixels = source(width: w, height: h).map { $0 & 0x00FF_FFFF }
        let a = -5 * Double.pi / 180
        let map = Homography([cos(a), sin(a), -6.7, -sin(a), cos(a), 4.2, 0, 0, 1])
        let dimming = WarpBlit.Dimming(hole: (17, 11, 58, 47), alpha: 0.55)
        let out = blit(pixels, width: w, height: h, map: map, target: (80, 60), dimming: dimming)
        var checked = 0
        for y in 0..<60 {
            for x in 0..<80 {
                let p = map.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard abs(p.x - p.x.rounded()) >= 1e-6, abs(p.y - p.y.rounded()) >= 1e-6 else { continue }
                let inside = p.x >= 0 && p.y >= 0 && p.x < Double(w) && p.y < Double(h)
                let shown = inside ? pixels[Int(p.y) * w + Int(p.x)] | 0xFF00_0000 : 0xFF00_0000 | ground
                let clear = x >= 17 && x < 58 && y >= 11 && y < 47
                let expected = clear ? shown : WarpBlit.darkened(shown, keep: dimming.keep)
                XCTAssertEqual(out[y * 80 + x], expected, "(\(x), \(y)) → \(p)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4700)
    }

    func testAProjectiveRowIsExactAtItsSpanEndsAndWithinATenthBetween() {
        let (w, h) = (200, 150), pixels = source(width: w, height: h)
        // A keystone as strong as the dials' ±40° makes on a fitted photo: z changes by a third across the row.
        let map = Homography([1.1, 0.05, -10, 0.02, 1.05, -6, 0.0012, 0.0004, 1])
        let out = blit(pixels, width: w, height: h, map: map, target: (240, 160))
        var exact = 0, near = 0
        for y in 0..<160 {
            for x in 0..<240 {
                let p = map.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let inside = p.x >= 0 && p.y >= 0 && p.x < Double(w) && p.y < Double(h)
                let got = out[y * 240 + x]
                guard inside else {
                    if got == 0xFF00_0000 | ground { exact += 1 } else {
                        // Only a pixel whose centre maps within a tenth of the photo's edge may differ.
                        XCTAssertTrue(p.x > -0.1 && p.y > -0.1 && p.x < Double(w) + 0.1 && p.y < Double(h) + 0.1,
                                      "(\(x), \(y)) → \(p)")
                        near += 1
                    }
                    continue
                }
                if got == pixels[Int(p.y) * w + Int(p.x)] {
                    exact += 1
                } else {
                    // The linear step between exact span ends is off by under a tenth of a pixel (0.06 at most on
                    // this keystone): the pixel next door, across an edge the exact point lies that close to.
                    let gx = Int((got >> 16) & 0xFF), gy = Int((got >> 8) & 0xFF)
                    for (g, e) in [(gx, p.x), (gy, p.y)] where g != Int(e) {
                        XCTAssertEqual(abs(g - Int(e)), 1, "(\(x), \(y)) → \(p), got \(gx), \(gy)")
                        XCTAssertLessThan(abs(e - e.rounded()), 0.1, "(\(x), \(y)) → \(p), got \(gx), \(gy)")
                    }
                    near += 1
                }
            }
        }
        XCTAssertLessThan(Double(near) / Double(exact + near), 0.05, "\(near) of \(exact + near) pixels off by one")
    }

    func testAPartOfTheTargetComesOutAsTheSamePixelsOfTheWholeAndNothingElseIsWritten() {
        let (w, h) = (64, 48), pixels = source(width: w, height: h)
        let a = 3 * Double.pi / 180
        let maps = [Homography([cos(a), sin(a), -8.3, -sin(a), cos(a), 5.1, 0, 0, 1]),
                    Homography([1.1, 0.05, -10, 0.02, 1.05, -6, 0.0012, 0.0004, 1])]
        let dimming = WarpBlit.Dimming(hole: (20, 12, 61, 50), alpha: 0.45)
        let part = (rows: 9..<41, columns: 13..<57)
        for map in maps {
            for filter in [WarpBlit.Filter.nearest, .bilinear] {
                let whole = blit(pixels, width: w, height: h, map: map, filter: filter, target: (80, 60), dimming: dimming)
                let some = blit(pixels, width: w, height: h, map: map, filter: filter, target: (80, 60), dimming: dimming,
                                written: part)
                var same = 0
                for y in 0..<60 {
                    for x in 0..<80 {
                        if part.rows.contains(y) && part.columns.contains(x) {
                            XCTAssertEqual(some[y * 80 + x], whole[y * 80 + x], "\(filter) (\(x), \(y))")
                            same += 1
                        } else {
                            XCTAssertEqual(some[y * 80 + x], 0xDEAD_BEEF, "\(filter) (\(x), \(y)) was written")
                        }
                    }
                }
                XCTAssertEqual(same, 32 * 44)
            }
        }
    }

    func testBilinearMixesTheFourNearestPixelsInEighthBitSteps() {
        XCTAssertEqual(WarpBlit.mix(0xFFFF_0000, 0xFF00_00FF, 128), 0xFF7F_007F)
        XCTAssertEqual(WarpBlit.mix(0xFF10_2030, 0xFF10_2030, 77), 0xFF10_2030, "a pixel mixed with itself is itself")
        // Half-way between two pixels of a 2 × 1 source: their mean, the edges padded.
        let pixels: [UInt32] = [0xFF00_0000, 0xFFC8_64FA]
        let out = blit(pixels, width: 2, height: 1, map: Homography([1, 0, 0.5, 0, 1, 0, 0, 0, 1]), filter: .bilinear,
                       target: (2, 1))
        XCTAssertEqual(out[0], 0xFF64_327D)
        XCTAssertEqual(out[1], 0xFFC8_64FA)
    }

    func testTheMaskDarkensEverythingOutsideTheHoleGroundIncluded() {
        let pixels = [UInt32](repeating: 0xFFC8_C8C8, count: 16)
        let out = blit(pixels, width: 4, height: 4, map: .identity, target: (6, 4),
                       dimming: WarpBlit.Dimming(hole: (1, 1, 3, 3), alpha: 0.8))
        // 0.2 of 200 in 256ths: 200 · 51 / 256 = 39.
        XCTAssertEqual(out[0], 0xFF27_2727)
        XCTAssertEqual(out[1 * 6 + 1], 0xFFC8_C8C8)
        XCTAssertEqual(out[2 * 6 + 2], 0xFFC8_C8C8)
        XCTAssertEqual(out[2 * 6 + 3], 0xFF27_2727)
        // The ground 0x1E1F22 darkened the same way: 5, 6, 6.
        XCTAssertEqual(out[1 * 6 + 5], 0xFF05_0606)
    }

    func testATransparentPhotoShowsTheCheckerboardThroughIt() {
        // Premultiplied: clear, half-transparent white, opaque red.
        let pixels: [UInt32] = [0x0000_0000, 0x8080_8080, 0xFFFF_0000, 0x0000_0000]
        let checker = WarpBlit.Checker(side: 1, origin: (0, 0), light: 204, dark: 158)
        let out = blit(pixels, width: 4, height: 1, hasAlpha: true, map: .identity, target: (4, 1), checker: checker)
        XCTAssertEqual(out[0], 0xFFCC_CCCC, "clear over a light square")
        // 128 + 158 · 127 / 255 = 128 + 79.
        XCTAssertEqual(out[1], 0xFFCF_CFCF, "half white over a dark square")
        XCTAssertEqual(out[2], 0xFFFF_0000)
        XCTAssertEqual(out[3], 0xFF9E_9E9E, "clear over a dark square")
    }

    func testAMapBehindTheCameraDrawsOnlyGround() {
        let pixels = source(width: 8, height: 8)
        let out = blit(pixels, width: 8, height: 8, map: Homography([1, 0, 0, 0, 1, 0, 0, 0, -1]), target: (5, 5))
        XCTAssertTrue(out.allSatisfy { $0 == 0xFF00_0000 | ground })
    }
}
