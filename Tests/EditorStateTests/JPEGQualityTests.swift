import EditorState
import XCTest

final class JPEGQualityTests: XCTestCase {
    func testTheRangeIsOneToHundredStartingAtNinetyTwo() {
        XCTAssertEqual(JPEGQuality.range, 1...100)
        XCTAssertEqual(JPEGQuality.standard, 92)
    }

    func testStepsLandOnMultiplesOfFiveWithinOneToHundred() {
        XCTAssertEqual(JPEGQuality.stepped(92, by: 1), 95)
        XCTAssertEqual(JPEGQuality.stepped(95, by: 1), 100)
        XCTAssertEqual(JPEGQuality.stepped(100, by: 1), 100)
        XCTAssertEqual(JPEGQuality.stepped(92, by: -1), 90)
        XCTAssertEqual(JPEGQuality.stepped(90, by: -1), 85)
        XCTAssertEqual(JPEGQuality.stepped(5, by: -1), 1)
        XCTAssertEqual(JPEGQuality.stepped(1, by: 1), 5)
        XCTAssertEqual(JPEGQuality.stepped(1, by: -3), 1)
        XCTAssertEqual(JPEGQuality.stepped(50, by: 30), 100)
    }
}
