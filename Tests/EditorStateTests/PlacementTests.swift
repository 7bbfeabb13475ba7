import XCTest
@testable import EditorState

/// `--aspect` and `--gravity`: the largest box of a shape, and where it sits; smart placement's choice from a map.
final class PlacementTests: XCTestCase {
    private let photo = PixelRect(x: 0, y: 0, width: 6000, height: 4000)

    func testTheLargestBoxFillsOneSideAndRoundsTheOther() {
        XCTAssertEqual(Placement.largestSize(width: 1, height: 1, in: photo.size), PixelSize(width: 4000, height: 4000))
        XCTAssertEqual(Placement.largestSize(width: 4, height: 5, in: photo.size), PixelSize(width: 3200, height: 4000))
        XCTAssertEqual(Placement.largestSize(width: 16, height: 9, in: photo.size), PixelSize(width: 6000, height: 3375))
        XCTAssertEqual(Placement.largestSize(width: 3, height: 2, in: photo.size), PixelSize(width: 6000, height: 4000))
        XCTAssertEqual(Placement.largestSize(width: 21, height: 9, in: PixelSize(width: 1001, height: 999)),
                       PixelSize(width: 1001, height: 429), "429.0 exactly")
        XCTAssertEqual(Placement.largestSize(width: 4, height: 5, in: PixelSize(width: 1001, height: 999)),
                       PixelSize(width: 799, height: 999), "799.2 rounds down")
        XCTAssertEqual(Placement.largestSize(width: 1, height: 1000, in: PixelSize(width: 100, height: 100)),
                       PixelSize(width: 1, height: 100), "never less than a pixel")
    }

    func testEveryGravityPutsTheBoxAgainstItsSides() {
        let box = PixelSize(width: 3201, height: 3001)
        let expected: [Gravity: (Int, Int)] = [
            .northwest: (0, 0), .north: (1399, 0), .northeast: (2799, 0),
            .west: (0, 499), .centre: (1399, 499), .east: (2799, 499),
            .southwest: (0, 999), .south: (1399, 999), .southeast: (2799, 999),
        ]
        for gravity in Gravity.allCases {
            let rect = Placement.place(box, in: photo, gravity: gravity)
            XCTAssertEqual(rect, px(expected[gravity]!.0, expected[gravity]!.1, 3201, 3001), gravity.rawValue)
        }
    }

    func testGravityWorksInsideATrimmedFrame() {
        let frame = px(40, 25, 5920, 3950)
        let size = Placement.largestSize(width: 1, height: 1, in: frame.size)
        XCTAssertEqual(Placement.place(size, in: frame, gravity: .east), px(2010, 25, 3950, 3950))
        XCTAssertEqual(Placement.place(size, in: frame, gravity: .centre), px(1025, 25, 3950, 3950))
    }

    func testABoxCentredOnAPointStaysInside() {
        let box = PixelSize(width: 1000, height: 1000)
        XCTAssertEqual(Placement.place(box, in: photo, centredOn: pt(3000, 2000)), px(2500, 1500, 1000, 1000))
        XCTAssertEqual(Placement.place(box, in: photo, centredOn: pt(100, 3990)), px(0, 3000, 1000, 1000))
        XCTAssertEqual(Placement.place(box, in: photo, centredOn: pt(5999.6, -20)), px(5000, 0, 1000, 1000))
    }

    func testOnAStraightenedPhotoTheBoxStaysOnTheTurnedPhotoAndLeansToItsGravity() {
        let turned = WarpedPhoto(size: photo.size, angle: StraightenAngle(degrees: 5))
        let centred = Placement.largest(width: 1, height: 1, on: turned) { Placement.place($0, in: self.photo, gravity: .centre) }
        let west = Placement.largest(width: 1, height: 1, on: turned) { Placement.place($0, in: self.photo, gravity: .west) }
        XCTAssertEqual(centred, turned.largestCentred(ratio: 1))
        XCTAssertTrue(turned.contains(west))
        XCTAssertEqual(west.size, centred.size)
        XCTAssertLessThan(west.x, centred.x)
    }

    /// A map with one bright patch: the box holds all of it and is centred on it where the photo allows.
    func testTheSmartBoxHoldsTheInterestAndIsCentredOnIt() {
        var values = [Float](repeating: 0, count: 60 * 40)
        for row in 10..<14 { for column in 40..<46 { values[row * 60 + column] = 5 } }
        let map = InterestMap(columns: 60, rows: 40, values: values, pictureSize: photo.size)
        let choice = map.bestBox(PixelSize(width: 2000, height: 4000), in: photo)
        XCTAssertEqual(choice.centreOfInterest, pt(4300, 1200))
        XCTAssertEqual(choice.rect, px(3300, 0, 2000, 4000))
        // Near the right edge the box stops at the edge, still holding the patch.
        var edge = [Float](repeating: 0, count: 60 * 40)
        for row in 0..<40 { edge[row * 60 + 59] = 1 }
        let right = InterestMap(columns: 60, rows: 40, values: edge, pictureSize: photo.size).bestBox(PixelSize(width: 2000, height: 4000), in: photo)
        XCTAssertEqual(right.rect, px(4000, 0, 2000, 4000))
    }

    func testAMapWithNoInterestKeepsTheBoxCentred() {
        let map = InterestMap(columns: 6, rows: 4, values: [Float](repeating: 0, count: 24), pictureSize: photo.size)
        XCTAssertEqual(map.bestBox(PixelSize(width: 4000, height: 4000), in: photo).rect, px(1000, 0, 4000, 4000))
    }
}
