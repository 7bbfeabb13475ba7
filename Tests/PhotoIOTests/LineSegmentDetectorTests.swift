import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

final class LineSegmentDetectorTests: XCTestCase {
    /// A dark bar on light grey: its two long edges are found where they are, at their angle.
    func testFindsTheEdgesOfADrawnBar() throws {
        let bitmap = try Bitmap(width: 400, height: 300, alpha: .opaque)
        for y in 0..<300 {
            let row = bitmap.row(y)
            for x in 0..<400 {
                // The bar's left edge is the line x = 100 + 0.2·y (about 11.3° from vertical), 40 px wide.
                let left = 100 + 0.2 * Double(y)
                let inside = Double(x) + 0.5 > left && Double(x) + 0.5 < left + 40 && y >= 30 && y < 270
                let v: UInt32 = inside ? 40 : 200
                row[x] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
        let segments = LineSegmentDetector.segments(in: bitmap)
        let long = segments.filter { $0.length > 150 }
        XCTAssertEqual(long.count, 2, "\(segments)")
        for segment in long {
            XCTAssertEqual(segment.angleFromVertical, atan(0.2) * 180 / .pi, accuracy: 0.5, "\(segment)")
            let x = segment.midpoint.x - 0.2 * segment.midpoint.y
            XCTAssertTrue(abs(x - 100) < 1.5 || abs(x - 140) < 1.5, "\(segment)")
        }
    }

    func testNoiseAndCloudsHaveNoSegmentsToSpeakOf() throws {
        let scratch = try ScratchDirectory()
        let noise = scratch.file("noise.png")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", ["-size", "800x600", "xc:gray50", "-seed", "3",
                                                          "+noise", "Gaussian", noise]).status, 0)
        let segments = LineSegmentDetector.segments(in: try PhotoSource.open(path: noise).decodeFull())
        XCTAssertLessThan(segments.filter { $0.length > 30 }.count, 3, "\(segments.count)")
    }

    func testHostilePicturesGiveAnAnswerAndNoCrash() throws {
        for (width, height) in [(1, 1), (8, 8), (9, 3000), (3000, 9), (64, 64)] {
            let bitmap = try Bitmap(width: width, height: height, alpha: .opaque)
            for y in 0..<height { for x in 0..<width { bitmap.row(y)[x] = (x ^ y) & 1 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
            _ = LineSegmentDetector.segments(in: bitmap)
        }
    }

    /// The a-contrario test: 20 of 20 aligned pixels is far from chance; 3 of 20 is chance itself.
    func testTheFalseAlarmCountFollowsTheBinomialTail() {
        XCTAssertLessThan(LineSegmentDetector.logFalseAlarms(pixels: 20, aligned: 20, logTests: 8), -9)
        XCTAssertGreaterThan(LineSegmentDetector.logFalseAlarms(pixels: 20, aligned: 3, logTests: 8), 7)
        // P[X ≥ 20] = (1/8)^20 exactly.
        XCTAssertEqual(LineSegmentDetector.logFalseAlarms(pixels: 20, aligned: 20, logTests: 0), 20 * log10(1.0 / 8),
                       accuracy: 1e-9)
    }
}
