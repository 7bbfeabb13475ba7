import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// Upright Vertical on real photos of buildings and rooms (bench/photos: from Debian's packages, with their
/// licences). The long verticals are those a tenth of the picture's height or more and within 10° of plumb, as the
/// bench counts them; the bench measures them with OpenCV's detector too.
final class RealPhotoUprightTests: XCTestCase {
    static func photo(_ name: String) -> String {
        EditorWindowHarness.packageRoot.appendingPathComponent("bench/photos/\(name)").path
    }

    /// The long verticals' lean in `path`, as the detector finds them at the working size.
    func lean(_ path: String) throws -> (median: Double, p90: Double) {
        let source = try PhotoSource.open(path: path)
        let grey = try source.greyPreview(longSide: UprightEstimator.workingSide).grey
        let segments = UprightEstimator.displayedSegments(grey, shownAs: source.orientation)
        let height = Double(source.orientation.displayedSize(forStored: grey.size).height)
        return try XCTUnwrap(PerspectiveFixtures.verticalLean(segments, minimumLength: height / 10, within: 10))
    }

    /// The photo reduced to the working size (Upright looks at no more), corrected by Upright Vertical.
    func corrected(_ name: String, in scratch: ScratchDirectory) throws -> String {
        let reduced = scratch.file("reduced-\(name)")
        let made = try Tools.run("/usr/bin/convert", [Self.photo(name), "-resize", "1024x1024>", "-quality", "95", reduced])
        XCTAssertEqual(made.status, 0, made.stderr)
        let source = try PhotoSource.open(path: reduced)
        let found = try XCTUnwrap(try UprightEstimator.suggestion(for: source, mode: .vertical), name)
        var export = CropExport(rect: PixelRect(size: source.displayedSize))
        export.straighten = found.straighten
        export.perspective = found.perspective
        export.rect = export.warpedPhoto(uprightSize: source.displayedSize).largestBoxOfItsShape
        let out = scratch.file("\(name).png")
        _ = try CropExporter.export(source, export, to: out, overwrite: false)
        return out
    }

    /// The room, the house and the hotel: every long vertical within 0.8° at the 90th percentile and the median
    /// within 0.4° (the house and the hotel within the 0.3°: 0.30° and 0.23° by this detector, the room
    /// 0.38°), from 0.6–2.1° as shot. The bench measures the same photos with OpenCV's detector.
    func testVerticalStandsTheLongVerticalsOfARoomAHouseAndAFacadeUp() throws {
        let scratch = try ScratchDirectory()
        for (name, median) in [("Wine_by_Jakkub_Mede.jpg", 0.4), ("friends_by_Aitzol_Berasategi.jpg", 0.3),
                               ("opencv-building.jpg", 0.3)] {
            let before = try lean(Self.photo(name))
            let after = try lean(try corrected(name, in: scratch))
            XCTAssertLessThanOrEqual(after.p90, 0.8, "\(name): \(before) → \(after)")
            XCTAssertLessThanOrEqual(after.median, median, "\(name): \(before) → \(after)")
            XCTAssertLessThan(after.median, before.median, "\(name): \(before) → \(after)")
        }
    }

    /// The palace shot steeply upwards (no EXIF focal length: the 28 mm default): Upright finds the strong tilt
    /// near the dial's 40° reach (35.5°), and the long verticals' lean drops from 5.7° / 7.5° to 0.6° / 1.2°.
    /// Its low-contrast pilaster edges run into carved ornament; the detector keeps them only because it refines
    /// a region that fills its rectangle too thinly instead of dropping it (with them dropped, Upright found
    /// +5° from a dozen short segments).
    func testVerticalFindsTheSteepTiltOfAPalaceShotUpwards() throws {
        let scratch = try ScratchDirectory()
        let name = "opencv-home.jpg"
        let found = try XCTUnwrap(try UprightEstimator.suggestion(for: try PhotoSource.open(path: Self.photo(name)),
                                                                  mode: .vertical))
        XCTAssertGreaterThan(found.perspective.vertical, 30)
        XCTAssertLessThanOrEqual(found.perspective.vertical, 40)
        let before = try lean(Self.photo(name))
        let after = try lean(try corrected(name, in: scratch))
        XCTAssertGreaterThan(before.median, 5, "\(before)")
        XCTAssertLessThanOrEqual(after.median, 0.65, "\(before) → \(after)")
        XCTAssertLessThanOrEqual(after.p90, 1.3, "\(before) → \(after)")
    }
}
