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

    /// All six, by this detector on the photo reduced to the working size: the long verticals' lean drops from
    /// 0.7–3.3° (median) and 1.5–9.9° (90th percentile) as shot to the 0.3° / 1°, but for the room's and
    /// the hotel's 90th percentile (1.08° and 1.03°: a table leg and the loudspeaker's cabinet, a door frame and
    /// the entrance's pillars, which no single camera turn makes upright with the rest) and the palace's median
    /// (0.33°, shot 35° upwards from a 512-pixel picture). Measured: room 0.03 / 1.08, house 0.24 / 0.77,
    /// hotel 0.19 / 1.03, palace 0.33 / 0.52, Leuven A 0.13 / 0.94, Leuven B 0.15 / 0.49.
    func testVerticalStandsTheLongVerticalsOfRoomsAndBuildingsUp() throws {
        let scratch = try ScratchDirectory()
        for (name, median, p90) in [("Wine_by_Jakkub_Mede.jpg", 0.3, 1.15), ("friends_by_Aitzol_Berasategi.jpg", 0.3, 1.0),
                                    ("opencv-building.jpg", 0.3, 1.1), ("opencv-home.jpg", 0.4, 1.0),
                                    ("opencv-leuvenA.jpg", 0.3, 1.0), ("opencv-leuvenB.jpg", 0.3, 1.0)] {
            let before = try lean(Self.photo(name))
            let after = try lean(try corrected(name, in: scratch))
            XCTAssertLessThanOrEqual(after.median, median, "\(name): \(before) → \(after)")
            XCTAssertLessThanOrEqual(after.p90, p90, "\(name): \(before) → \(after)")
            XCTAssertLessThan(after.median, before.median / 2, "\(name): \(before) → \(after)")
        }
    }

    /// The palace shot steeply upwards (no EXIF focal length: the 28 mm default): Upright finds the strong tilt
    /// near the dial's 40° reach (33.6°). Its low-contrast pilaster edges run into carved ornament; the detector
    /// keeps them only because it refines a region that fills its rectangle too thinly instead of dropping it
    /// (with them dropped, Upright found +5° from a dozen short segments).
    func testVerticalFindsTheSteepTiltOfAPalaceShotUpwards() throws {
        let found = try XCTUnwrap(try UprightEstimator.suggestion(for: try PhotoSource.open(path: Self.photo("opencv-home.jpg")),
                                                                  mode: .vertical))
        XCTAssertGreaterThan(found.perspective.vertical, 30)
        XCTAssertLessThanOrEqual(found.perspective.vertical, 40)
    }

    /// The lane from further along: its long verticals are a drainpipe and the corners of brick houses, few beside
    /// the hundreds of short window and brick edges. When the detector cut those dim edges into pieces and the
    /// short ones decided, Upright answered 4.7° where 7.5° stands the drainpipe up.
    func testTheLongVerticalsOfALaneDecideOverItsShortOnes() throws {
        let found = try XCTUnwrap(try UprightEstimator.suggestion(for: try PhotoSource.open(path: Self.photo("opencv-leuvenB.jpg")),
                                                                  mode: .vertical))
        XCTAssertEqual(found.perspective.vertical, 7.5, accuracy: 0.5, "\(found)")
    }
}
