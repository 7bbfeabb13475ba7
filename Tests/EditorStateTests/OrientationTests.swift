import XCTest
@testable import EditorState

final class OrientationTests: XCTestCase {
    /// Row a, column b: a then b (`a.followed(by: b)`), by EXIF raw value.
    let cayley: [[Int]] = [
        [1, 2, 3, 4, 5, 6, 7, 8],
        [2, 1, 4, 3, 8, 7, 6, 5],
        [3, 4, 1, 2, 7, 8, 5, 6],
        [4, 3, 2, 1, 6, 5, 8, 7],
        [5, 6, 7, 8, 1, 2, 3, 4],
        [6, 5, 8, 7, 4, 3, 2, 1],
        [7, 8, 5, 6, 3, 4, 1, 2],
        [8, 7, 6, 5, 2, 1, 4, 3],
    ]

    func testCompositionMatchesTheCayleyTable() {
        for a in 1...8 {
            for b in 1...8 {
                let composed = Orientation(rawValue: a)!.followed(by: Orientation(rawValue: b)!)
                XCTAssertEqual(composed.rawValue, cayley[a - 1][b - 1], "\(a) then \(b)")
            }
        }
    }

    func testExifDefinitionsOfTheCompoundOrientations() {
        // 5 = mirror horizontal + rotate 270 CW; 7 = mirror horizontal + rotate 90 CW.
        XCTAssertEqual(Orientation.mirrorHorizontal.followed(by: .rotate270CW), .transpose)
        XCTAssertEqual(Orientation.mirrorHorizontal.followed(by: .rotate90CW), .transverse)
        XCTAssertEqual(Orientation.rotate90CW.followed(by: .rotate90CW), .rotate180)
    }

    func testInverses() {
        let expected: [Orientation: Orientation] = [
            .normal: .normal, .mirrorHorizontal: .mirrorHorizontal, .rotate180: .rotate180,
            .mirrorVertical: .mirrorVertical, .transpose: .transpose, .rotate90CW: .rotate270CW,
            .transverse: .transverse, .rotate270CW: .rotate90CW,
        ]
        for o in Orientation.allCases {
            XCTAssertEqual(o.inverse, expected[o])
            XCTAssertEqual(o.followed(by: o.inverse), .normal)
            XCTAssertEqual(o.inverse.followed(by: o), .normal)
        }
    }

    func testExiftoolNames() {
        XCTAssertEqual(Orientation.allCases.map(\.name), [
            "Horizontal (normal)", "Mirror horizontal", "Rotate 180", "Mirror vertical",
            "Mirror horizontal and rotate 270 CW", "Rotate 90 CW", "Mirror horizontal and rotate 90 CW", "Rotate 270 CW",
        ])
        XCTAssertEqual(Orientation.allCases.map(\.rawValue), [1, 2, 3, 4, 5, 6, 7, 8])
    }

    func testUserRotationsAndFlips() {
        XCTAssertEqual(Orientation.normal.rotatedRight, .rotate90CW)
        XCTAssertEqual(Orientation.normal.rotatedLeft, .rotate270CW)
        XCTAssertEqual(Orientation.rotate90CW.rotatedRight, .rotate180)
        XCTAssertEqual(Orientation.rotate90CW.rotated180, .rotate270CW)
        XCTAssertEqual(Orientation.rotate90CW.flippedHorizontally, .transpose)
        XCTAssertEqual(Orientation.rotate90CW.flippedVertically, .transverse)
        XCTAssertEqual(Orientation.normal.flippedHorizontally.flippedVertically, .rotate180)
        var o = Orientation.mirrorVertical
        for _ in 0..<4 { o = o.rotatedLeft }
        XCTAssertEqual(o, .mirrorVertical)
    }

    func testSwapsAxes() {
        XCTAssertEqual(Orientation.allCases.filter(\.swapsAxes), [.transpose, .rotate90CW, .transverse, .rotate270CW])
        XCTAssertEqual(Orientation.rotate270CW.displayedSize(forStored: PixelSize(width: 6000, height: 4000)),
                       PixelSize(width: 4000, height: 6000))
        XCTAssertEqual(Orientation.rotate180.displayedSize(forStored: PixelSize(width: 6000, height: 4000)),
                       PixelSize(width: 6000, height: 4000))
    }
}
