import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// Upright on photos the tests make: the project's street re-projected by known angles.
final class UprightEstimatorTests: XCTestCase {
    func suggestion(_ mode: UprightMode, correcting truth: WarpAngles, in scratch: ScratchDirectory) throws -> WarpAngles? {
        let street = try LevelEstimatorTests.makeStreetPhoto(in: scratch)
        let shot = scratch.file("shot-\(truth.perspective.verticalTenths)-\(truth.perspective.horizontalTenths).jpg")
        try PerspectiveFixtures.shot(street, correctedBy: truth, to: shot)
        return try UprightEstimator.suggestion(for: PhotoSource.open(path: shot), mode: mode)
    }

    func testVerticalRecoversAKnownTilt() throws {
        let scratch = try ScratchDirectory()
        for (v, roll) in [(80, 0), (-120, 15), (200, -25)] {
            let truth = WarpAngles(straighten: StraightenAngle(tenths: roll), perspective: PerspectiveAngles(verticalTenths: v, horizontalTenths: 0))
            let found = try XCTUnwrap(try suggestion(.vertical, correcting: truth, in: scratch), "\(v)")
            XCTAssertEqual(Double(found.perspective.verticalTenths), Double(v), accuracy: 3, "\(v): \(found)")
            XCTAssertEqual(found.perspective.horizontalTenths, 0)
            XCTAssertEqual(Double(found.straighten.tenths), Double(roll), accuracy: 3, "\(v): \(found)")
        }
    }

    func testFullRecoversBothWays() throws {
        let scratch = try ScratchDirectory()
        let truth = WarpAngles(straighten: .zero, perspective: PerspectiveAngles(verticalTenths: 70, horizontalTenths: -90))
        let found = try XCTUnwrap(try suggestion(.full, correcting: truth, in: scratch))
        XCTAssertEqual(Double(found.perspective.verticalTenths), 70, accuracy: 5, "\(found)")
        XCTAssertEqual(Double(found.perspective.horizontalTenths), -90, accuracy: 5, "\(found)")
        XCTAssertEqual(Double(found.straighten.tenths), 0, accuracy: 5, "\(found)")
    }

    func testLevelIsAutoLevel() throws {
        let scratch = try ScratchDirectory()
        let street = try LevelEstimatorTests.makeStreetPhoto(in: scratch)
        let source = try PhotoSource.open(path: street)
        XCTAssertEqual(try UprightEstimator.suggestion(for: source, mode: .level)?.straighten,
                       try LevelEstimator.suggestion(for: source))
    }

    func testNoConfidentLinesMeansNoSuggestion() throws {
        let cloud = try MadeOnce.convert("cloud.jpg", ["-size", "1200x800", "-seed", "9", "plasma:fractal", "-blur", "0x3"])
        for mode in [UprightMode.vertical, .full] {
            XCTAssertNil(try UprightEstimator.suggestion(for: PhotoSource.open(path: cloud), mode: mode))
        }
    }

    /// The accuracy target: after Upright Vertical, the long verticals stand within 0.3° of upright (length-weighted
    /// median) and within 1° at the 90th percentile.
    func testVerticalLeavesTheLongVerticalsUpright() throws {
        let scratch = try ScratchDirectory()
        let street = try LevelEstimatorTests.makeStreetPhoto(in: scratch)
        let shot = scratch.file("shot.jpg")
        try PerspectiveFixtures.shot(street, correctedBy: WarpAngles(straighten: StraightenAngle(tenths: 12),
                                                                     perspective: PerspectiveAngles(verticalTenths: 150, horizontalTenths: 0)), to: shot)
        let source = try PhotoSource.open(path: shot)
        let found = try XCTUnwrap(try UprightEstimator.suggestion(for: source, mode: .vertical))
        var export = CropExport(rect: PixelRect(size: source.displayedSize))
        export.straighten = found.straighten
        export.perspective = found.perspective
        export.rect = export.warpedPhoto(uprightSize: source.displayedSize).largestBoxOfItsShape
        let corrected = scratch.file("corrected.png")
        _ = try CropExporter.export(source, export, to: corrected, overwrite: false)
        let segments = LineSegmentDetector.segments(in: try PhotoSource.open(path: corrected).decodeFull())
        let lean = try XCTUnwrap(PerspectiveFixtures.verticalLean(segments, minimumLength: 60))
        XCTAssertLessThanOrEqual(lean.median, 0.3, "\(lean)")
        XCTAssertLessThanOrEqual(lean.p90, 1, "\(lean)")
    }
}
