import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// What auto-level and Upright look at. A camera-sized JPEG gives its luma's DC terms at 1/8, the means of the
/// blocks a 1/4 decode reduced 2 × 2 averages; every other photo is decoded and averaged as before.
final class GreyPreviewTests: XCTestCase {
    /// The project's street, 4800 × 3200: decoded at 1/4 (1200 × 800) it is reduced 2 × 2 to 600 × 400.
    func bigStreet() throws -> String {
        try MadeOnce.convert("street-4800.jpg",
                             [try LevelEstimatorTests.streetFixture(), "-resize", "4800x3200!", "-quality", "92"])
    }

    func testACameraSizedJPEGGivesItsBlockMeans() throws {
        let source = try PhotoSource.open(path: try bigStreet())
        let preview = try source.greyPreview(longSide: 1024)
        let scale = source.previewScale(maxWidth: 1024, maxHeight: 1024)
        XCTAssertEqual(scale.description, "1/4")
        let averaged = GreyImage(try source.decode(scale: scale).bitmap, longSide: 1024)
        XCTAssertEqual(preview.grey.size, PixelSize(width: 600, height: 400))
        XCTAssertEqual(averaged.size, preview.grey.size)
        XCTAssertNil(preview.damage)
        // The same means but where a saturated colour clips in RGB: under half a grey level on average.
        let differences = zip(preview.grey.values, averaged.values).map { abs($0 - $1) }
        XCTAssertLessThan(differences.reduce(0, +) / Float(differences.count), 0.5)

        // And the same answers, to the dials' tenth.
        let fromMeans = try XCTUnwrap(UprightEstimator.estimate(preview.grey, shownAs: .normal, focal35mm: 28, mode: .vertical))
        let fromPixels = try XCTUnwrap(UprightEstimator.estimate(averaged, shownAs: .normal, focal35mm: 28, mode: .vertical))
        XCTAssertEqual(Double(fromMeans.perspective.verticalTenths), Double(fromPixels.perspective.verticalTenths), accuracy: 1)
        XCTAssertEqual(Double(fromMeans.straighten.tenths), Double(fromPixels.straighten.tenths), accuracy: 1)
    }

    func testASmallerReductionAveragesTheDecodedPixelsAsBefore() throws {
        let scratch = try ScratchDirectory()
        let source = try PhotoSource.open(path: try LevelEstimatorTests.makeStreetPhoto(in: scratch))
        let preview = try source.greyPreview(longSide: 1024)
        let averaged = GreyImage(try source.decode(scale: .full).bitmap, longSide: 1024)
        XCTAssertEqual(preview.grey.size, PixelSize(width: 900, height: 600))
        XCTAssertEqual(preview.grey.values, averaged.values)
    }

    func testDamageIsFoundAtTheEighthScaleAsAtAnyOther() throws {
        let scratch = try ScratchDirectory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try bigStreet()))
        let cut = scratch.file("cut.jpg")
        try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
        let source = try PhotoSource.open(path: cut)
        let preview = try source.greyPreview(longSide: 1024)
        let damage = try XCTUnwrap(preview.damage)
        let full = try XCTUnwrap(try source.decode(scale: .full).damage)
        XCTAssertEqual(damage.kind, .endsEarly)
        XCTAssertEqual(damage.intactRows, full.intactRows)
        XCTAssertEqual(preview.grey.size, PixelSize(width: 600, height: 400))
    }
}
