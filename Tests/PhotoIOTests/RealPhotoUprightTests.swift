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

    /// The room, the house and the hotel: every long vertical within 1° at the 90th percentile, and the median lean
    /// lower than as shot. (The 0.3° median is not reached on them yet: 0.2–0.6° by either detector; the
    /// bench reports each photo, with the two Leuven lanes and the palace shot upwards, where Upright does less.)
    func testVerticalStandsTheLongVerticalsOfARoomAHouseAndAFacadeUp() throws {
        let scratch = try ScratchDirectory()
        for name in ["Wine_by_Jakkub_Mede.jpg", "friends_by_Aitzol_Berasategi.jpg", "opencv-building.jpg"] {
            let before = try lean(Self.photo(name))
            let after = try lean(try corrected(name, in: scratch))
            XCTAssertLessThanOrEqual(after.p90, 1, "\(name): \(before) → \(after)")
            XCTAssertLessThan(after.median, before.median, "\(name): \(before) → \(after)")
        }
    }
}
