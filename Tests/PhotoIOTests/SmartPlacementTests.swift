import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

/// `--gravity smart`: a detailed subject anywhere on a plain or blurred background ends up whole inside the box.
final class SmartPlacementTests: XCTestCase {
    func testTheWholeSubjectIsInTheBoxOnPlainAndBlurredBackgrounds() throws {
        let scratch = try ScratchDirectory()
        let cases: [(size: (Int, Int), subject: (Int, Int), at: (Int, Int), aspect: PixelSize, blurred: Bool)] = [
            ((1200, 800), (200, 150), (900, 500), PixelSize(width: 4, height: 5), false),
            ((1200, 800), (240, 300), (40, 420), PixelSize(width: 9, height: 16), true),
            ((800, 1200), (260, 200), (500, 30), PixelSize(width: 16, height: 9), true),
            ((800, 1200), (180, 220), (100, 900), PixelSize(width: 1, height: 1), false),
            ((1200, 800), (300, 260), (520, 300), PixelSize(width: 9, height: 16), true),
        ]
        for (index, c) in cases.enumerated() {
            let path = try PlacementPhotos.subject("s\(index).jpg", size: c.size, subject: c.subject, at: c.at,
                                                   blurred: c.blurred, seed: 60 + 2 * index, in: scratch)
            let source = try PhotoSource.open(path: path)
            let placed = try CropPlacement(aspect: c.aspect, position: .smart).resolve(for: source)
            let subject = PixelRect(x: c.at.0, y: c.at.1, width: c.subject.0, height: c.subject.1)
            XCTAssertTrue(placed.rect.contains(subject), "case \(index): box \(placed.rect), subject \(subject)")
            XCTAssertEqual(placed.rect.size, Placement.largestSize(width: c.aspect.width, height: c.aspect.height,
                                                                  in: source.displayedSize))
            let centre = try XCTUnwrap(placed.centreOfInterest)
            let near = PixelRect(x: subject.x - subject.width / 2, y: subject.y - subject.height / 2,
                                 width: 2 * subject.width, height: 2 * subject.height)
            XCTAssertTrue(near.rect.contains(centre), "case \(index): the interest \(centre) is about the subject")
            // The same photo, the same answer.
            XCTAssertEqual(try CropPlacement(aspect: c.aspect, position: .smart).resolve(for: source), placed)
        }
    }

    func testAPlainPhotoKeepsTheBoxCentred() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("plain.jpg")
        _ = try Tools.run(PlacementPhotos.convert, ["-size", "900x600", "xc:#d8d2c4", "-quality", "90", path])
        let placed = try CropPlacement(aspect: PixelSize(width: 1, height: 1), position: .smart)
            .resolve(for: try PhotoSource.open(path: path))
        XCTAssertEqual(placed.rect, PixelRect(x: 150, y: 0, width: 600, height: 600))
    }
}
