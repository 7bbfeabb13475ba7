import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// Auto-level: the suggestion for a photo and for the same photo turned by θ must differ by −θ.
final class LevelEstimatorTests: XCTestCase {
    static let convert = "/usr/bin/convert"

    /// A facade with windows, a lamp post, a kerb and a lawn over a plasma sky, with sensor-like noise: the straight
    /// lines a tilted photo of a street has.
    static func makeStreetPhoto(in scratch: ScratchDirectory) throws -> String {
        let copy = scratch.file("street.jpg")
        return FileManager.default.fileExists(atPath: copy) ? copy : try scratch.copy(try streetFixture(), as: "street.jpg")
    }

    /// The street as made once for the whole run (read it; copy it to change it).
    static func streetFixture() throws -> String {
        var windows: [String] = []
        for row in [330, 650] {
            for column in [380, 700, 1020, 1300] {
                windows += ["-draw", "rectangle \(column),\(row) \(column + 150),\(row + 190)"]
            }
        }
        return try MadeOnce.convert("street.jpg", ["-size", "1800x1200", "-seed", "5", "plasma:fractal", "-blur", "0x2",
                                                    "-fill", "#707880", "-draw", "rectangle 300,250 1500,1100",
                                                    "-fill", "#303438"] + windows + [
                                                    "-fill", "#405030", "-draw", "rectangle 0,1100 1800,1200",
                                                    "-stroke", "#202020", "-strokewidth", "6", "-draw", "line 100,150 100,1100",
                                                    "-seed", "6", "-attenuate", "0.6", "+noise", "Gaussian",
                                                    "-quality", "90"])
    }

    /// The photo turned by `degrees` (ImageMagick's sense: clockwise), then its central 80 %.
    func turnedCentre(_ path: String, degrees: Double, in scratch: ScratchDirectory) throws -> Double? {
        let out = scratch.file("turned\(degrees).png")
        let result = try Tools.run(Self.convert, [path, "-auto-orient", "+repage", "-distort", "SRT", "\(degrees)",
                                                  "-gravity", "center", "-crop", "80%x80%+0+0", "+repage",
                                                  "-define", "png:compression-level=1", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let source = try PhotoSource.open(path: out)
        return LevelEstimator.estimate(try source.decodePreview(maxWidth: 1024, maxHeight: 1024))
    }

    func assertConsistent(_ path: String, within tolerance: Double = 0.3, file: StaticString = #filePath,
                          line: UInt = #line) throws {
        let scratch = try ScratchDirectory()
        let level = try XCTUnwrap(try turnedCentre(path, degrees: 0, in: scratch), "no suggestion", file: file, line: line)
        for theta in [-8.0, -4.5, -1.2, 0.7, 3.0, 6.5, 8.0] {
            let turned = try XCTUnwrap(try turnedCentre(path, degrees: theta, in: scratch), "θ \(theta)", file: file, line: line)
            XCTAssertEqual(turned - level, -theta, accuracy: tolerance, "θ \(theta): \(level) then \(turned)", file: file, line: line)
        }
    }

    func testConsistentOnAStreetThatTheProjectMakes() throws {
        let scratch = try ScratchDirectory()
        try assertConsistent(try Self.makeStreetPhoto(in: scratch))
    }

    func testNearlyConsistentOnTheShippedNaturalPhoto() throws {
        // The fixture photo has no long straight lines: only lettering whose short strokes are level and plumb, among
        // a cliff and a waterfall's edges at every angle. They pull the peak by up to 0.45°, so the 0.3° promise is
        // for photos with straight lines; here it holds to 0.5°.
        try assertConsistent(Fixtures.path("Portrait", 1), within: 0.5)
    }

    func testEveryOrientationOfAFixtureGetsTheSameSuggestion() throws {
        let upright = try XCTUnwrap(try LevelEstimator.suggestion(for: PhotoSource.open(path: Fixtures.path("Portrait", 1))))
        for orientation in 2...8 {
            let suggestion = try LevelEstimator.suggestion(for: PhotoSource.open(path: Fixtures.path("Portrait", orientation)))
            XCTAssertEqual(Double(try XCTUnwrap(suggestion).tenths), Double(upright.tenths), accuracy: 2, "\(orientation)")
        }
    }

    func testNoStraightLinesMeansNoSuggestion() throws {
        let scratch = try ScratchDirectory()
        let noise = scratch.file("noise.jpg")
        let cloud = try MadeOnce.convert("cloud.jpg", ["-size", "1200x800", "-seed", "9", "plasma:fractal", "-blur", "0x3"])
        XCTAssertEqual(try Tools.run(Self.convert, ["-size", "1200x800", "xc:gray50", "-seed", "3", "+noise", "Gaussian",
                                                    noise]).status, 0)
        XCTAssertNil(try LevelEstimator.suggestion(for: PhotoSource.open(path: cloud)))
        XCTAssertNil(try LevelEstimator.suggestion(for: PhotoSource.open(path: noise)))

        let text = try Tools.run(try cropperBinary(), ["info", "--level", cloud])
        XCTAssertTrue(text.stdout.contains("level:          no confident straight edges"), text.stdout)
        let json = try Tools.run(try cropperBinary(), ["info", "--json", "--level", cloud])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        XCTAssertTrue(object["levelAngle"] is NSNull)
    }

    func testInfoAndAutoLevelCropUseTheSuggestion() throws {
        let scratch = try ScratchDirectory()
        let street = try Self.makeStreetPhoto(in: scratch)
        let tilted = scratch.file("tilted.jpg")
        XCTAssertEqual(try Tools.run(Self.convert, [street, "-distort", "SRT", "-2.5", "-quality", "92", tilted]).status, 0)
        let text = try Tools.run(try cropperBinary(), ["info", "--level", tilted])
        XCTAssertTrue(text.stdout.contains("level:          +2.5°") || text.stdout.contains("level:          +2.4°")
                      || text.stdout.contains("level:          +2.6°"), text.stdout)
        let json = try Tools.run(try cropperBinary(), ["info", "--json", "--level", tilted])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(object["levelAngle"] as? Double), 2.5, accuracy: 0.15)

        let out = scratch.file("level.jpg")
        let crop = try Tools.run(try cropperBinary(), ["crop", tilted, "--auto-level", "--rect", "400,300,1000,600", "-o", out])
        XCTAssertEqual(crop.status, 0, crop.stderr)
        // Levelled again, the saved crop needs (almost) no more turning.
        let again = try XCTUnwrap(try LevelEstimator.suggestion(for: PhotoSource.open(path: out)))
        XCTAssertLessThanOrEqual(abs(again.degrees), 0.3)
    }
}
