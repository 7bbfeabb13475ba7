import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// `cropper crop --perspective / --upright / --guides`, negative numbers, the default box, and `info --level`.
final class PerspectiveCLITests: XCTestCase {
    func cropper(_ arguments: [String]) throws -> ToolResult {
        try Tools.run(try cropperBinary(), arguments)
    }

    let input = Fixtures.path("Landscape", 1)
    let size = PixelSize(width: 1800, height: 1200)

    func testNegativeValuesAreValuesForEveryNumericOption() throws {
        let scratch = try ScratchDirectory()
        let spaced = try cropper(["crop", input, "--straighten", "-7.5", "-o", scratch.file("a.jpg")])
        let joined = try cropper(["crop", input, "--straighten=-7.5", "-o", scratch.file("b.jpg")])
        XCTAssertEqual(spaced.status, 0, spaced.stderr)
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.file("a.jpg"))),
                       try Data(contentsOf: URL(fileURLWithPath: scratch.file("b.jpg"))))
        let tilted = try cropper(["crop", input, "--perspective", "-6.5,2", "-o", scratch.file("c.jpg")])
        XCTAssertEqual(tilted.status, 0, tilted.stderr)
        // Each number is its option's value, so each gets its own range's message, not "missing value".
        for (arguments, message) in [(["--rect", "-5,0,10,10"], "X must be from 0 to 1799"),
                                     (["--quality", "-3"], "--quality must be between 1 and 100"),
                                     (["--rotate", "-90"], "--rotate must be 90, 180 or 270"),
                                     (["--long-edge", "-10"], "--long-edge must be a number of pixels"),
                                     (["--perspective", "-41,0"], "--perspective must be two angles between -40 and 40")] {
            let result = try cropper(["crop", input] + arguments + ["-o", scratch.file("x.jpg")])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func testWithoutARectTheCropIsTheLargestBoxOfThePhotosShape() throws {
        let scratch = try ScratchDirectory()
        let cases: [([String], WarpedPhoto)] = [
            (["--perspective", "-6.5,2"], WarpedPhoto(size: size, angle: .zero, perspective: PerspectiveAngles(verticalTenths: -65, horizontalTenths: 20))),
            (["--straighten", "4"], WarpedPhoto(size: size, angle: StraightenAngle(tenths: 40))),
            (["--perspective", "10,0", "--straighten", "-3"],
             WarpedPhoto(size: size, angle: StraightenAngle(tenths: -30), perspective: PerspectiveAngles(verticalTenths: 100, horizontalTenths: 0))),
        ]
        for (index, (arguments, warp)) in cases.enumerated() {
            let out = scratch.file("\(index).jpg")
            let result = try cropper(["crop", input] + arguments + ["-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(out) \(warp.largestBoxOfItsShape.size)\n", "\(arguments)")
        }
        // With nothing to correct and nothing to place, it asks what to crop.
        let nothing = try cropper(["crop", input, "-o", scratch.file("whole.jpg")])
        XCTAssertTrue(nothing.stderr.contains("--rect, --aspect or --trim"), nothing.stderr)
    }

    /// Under perspective an --aspect box is the largest of its shape on the corrected photo, moved towards where
    /// --gravity puts it as far as it stays on the photo: a portrait box on a landscape keystone has room to move
    /// sideways, so west and east differ; centre is the largest box itself.
    func testUnderPerspectiveAnAspectBoxFollowsTheGravity() throws {
        let source = try PhotoSource.open(path: input)
        let warp = WarpedPhoto(size: size, angle: .zero, perspective: PerspectiveAngles(verticalTenths: 80, horizontalTenths: 0))
        func placed(_ gravity: Gravity) throws -> PixelRect {
            try CropPlacement(aspect: PixelSize(width: 2, height: 3), position: .gravity(gravity))
                .resolve(for: source, warped: warp).rect
        }
        let largest = warp.largestBox(ratio: 2.0 / 3)
        let west = try placed(.west), east = try placed(.east)
        XCTAssertEqual(try placed(.centre).size, largest.size)
        for box in [west, east] {
            XCTAssertTrue(warp.contains(box), "\(box)")
            XCTAssertEqual(box.size, largest.size)
        }
        XCTAssertLessThan(west.x + 100, east.x, "west \(west), east \(east)")

        // The command line gives the same boxes.
        let scratch = try ScratchDirectory()
        var outputs: [Data] = []
        for gravity in ["west", "east"] {
            let out = scratch.file("\(gravity).jpg")
            let result = try cropper(["crop", input, "--perspective", "8,0", "--aspect", "2:3", "--gravity", gravity,
                                      "-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(out) \(largest.size)\n")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        XCTAssertNotEqual(outputs[0], outputs[1], "west and east crop different parts")
    }

    func testARectOffTheWarpedPhotoIsRefusedNamingTheLargestBoxThatFits() throws {
        let scratch = try ScratchDirectory()
        let result = try cropper(["crop", input, "--perspective=-6.5,2", "--rect", "0,0,1800,1200", "-o", scratch.file("o.jpg")])
        XCTAssertEqual(result.status, 1)
        let largest = WarpedPhoto(size: size, angle: .zero, perspective: PerspectiveAngles(verticalTenths: -65, horizontalTenths: 20))
            .largestBoxOfItsShape
        XCTAssertEqual(result.stderr, "cropper: \(input): rect 0,0,1800,1200 reaches outside the picture corrected for "
                       + "perspective [−6.5°, +2.0°] and turned by 0.0° (it would show an empty corner); the largest box of "
                       + "that shape there is \(largest)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.file("o.jpg")))
    }

    func testUprightCorrectsAReprojectedStreetAndLeavesCloudsAlone() throws {
        let scratch = try ScratchDirectory()
        let street = try LevelEstimatorTests.makeStreetPhoto(in: scratch), shot = scratch.file("shot.jpg")
        let truth = WarpAngles(straighten: .zero, perspective: PerspectiveAngles(verticalTenths: 90, horizontalTenths: 0))
        try PerspectiveFixtures.shot(street, correctedBy: truth, to: shot)
        let out = scratch.file("upright.jpg")
        let result = try cropper(["crop", shot, "--upright", "vertical", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let info = try cropper(["info", "--level", "--json", shot])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let upright = try XCTUnwrap(json["upright"] as? [String: Any], info.stdout)
        XCTAssertEqual(try XCTUnwrap(upright["vertical"] as? Double), 9, accuracy: 0.3)
        XCTAssertEqual(try XCTUnwrap(upright["horizontal"] as? Double), 0, accuracy: 1)

        let cloud = scratch.file("cloud.jpg")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", ["-size", "900x600", "-seed", "9", "plasma:fractal", "-blur", "0x3",
                                                          cloud]).status, 0)
        let flat = try cropper(["crop", cloud, "--upright", "full", "-o", scratch.file("cloud-out.jpg")])
        XCTAssertEqual(flat.status, 0, flat.stderr)
        XCTAssertEqual(flat.stderr, "cropper: \(cloud): warning: Upright found no confident straight lines; not corrected\n")
        XCTAssertEqual(flat.stdout, "\(scratch.file("cloud-out.jpg")) 900x600\n")
        let cloudInfo = try cropper(["info", "--level", "--json", cloud])
        XCTAssertTrue(cloudInfo.stdout.contains("\"upright\": null"), cloudInfo.stdout)
        let text = try cropper(["info", "--level", cloud])
        XCTAssertTrue(text.stdout.contains("upright:"), text.stdout)
    }

    /// `info --level` says whose answer it suggests: Full's own turn "(full)", or "(vertical)" when Full falls back
    /// to Vertical's answer (the room: turning sideways would fan its wall out). JSON's `uprightVertical` is what
    /// `--upright vertical` applies; the text shows it on a line of its own only when it differs.
    func testInfoLevelNamesWhoseAnswerItSuggests() throws {
        func photo(_ name: String) -> String { EditorWindowHarness.packageRoot.appendingPathComponent("bench/photos/\(name)").path }
        func report(_ name: String) throws -> (text: String, upright: [String: Any], vertical: [String: Any]) {
            let text = try cropper(["info", "--level", photo(name)])
            let json = try cropper(["info", "--level", "--json", photo(name)])
            XCTAssertEqual(text.status, 0, text.stderr)
            let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            return (text.stdout, try XCTUnwrap(root["upright"] as? [String: Any], json.stdout),
                    try XCTUnwrap(root["uprightVertical"] as? [String: Any], json.stdout))
        }
        let room = try report("Wine_by_Jakkub_Mede.jpg")
        XCTAssertTrue(room.text.contains(" vertical −4.8°, horizontal 0.0°, straighten +1.9° (vertical)\n"), room.text)
        XCTAssertFalse(room.text.contains("upright vertical:"), room.text)
        XCTAssertEqual(room.upright["mode"] as? String, "vertical")
        XCTAssertEqual(room.vertical["vertical"] as? Double, -4.8)
        XCTAssertEqual(room.vertical["straighten"] as? Double, 1.9)

        let lane = try report("opencv-leuvenA.jpg")
        XCTAssertTrue(lane.text.contains(" vertical +5.6°, horizontal −3.5°, straighten +0.2° (full)\n"
                                         + "upright vertical: vertical +5.6°, straighten +0.3°\n"), lane.text)
        XCTAssertEqual(lane.upright["mode"] as? String, "full")
        XCTAssertEqual(lane.vertical["vertical"] as? Double, 5.6)
        XCTAssertEqual(lane.vertical["horizontal"] as? Double, 0)
        XCTAssertEqual(lane.vertical["straighten"] as? Double, 0.3)
        let cropped = try cropper(["info", "--json", photo("opencv-leuvenA.jpg")])
        XCTAssertTrue(cropped.stdout.contains("\"uprightVertical\": null"), cropped.stdout)
    }

    func testGuidesMakeTheirLinesUpright() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("g.jpg")
        let guides = "100,1100,300,100; 1700,1100,1500,100"
        let result = try cropper(["crop", input, "--guides", guides, "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let found = try XCTUnwrap(Upright.guided([LineSegment(100, 1100, 300, 100), LineSegment(1700, 1100, 1500, 100)],
                                                 size: size, focal35mm: 28))
        let warp = WarpedPhoto(size: size, angle: found.straighten, perspective: found.perspective)
        XCTAssertEqual(result.stdout, "\(out) \(warp.largestBoxOfItsShape.size)\n")
        let one = try cropper(["crop", input, "--guides", "100,1100,300,100", "-o", scratch.file("one.jpg")])
        XCTAssertTrue(one.stderr.contains("--guides takes two to four lines"), one.stderr)
        let both = try cropper(["crop", input, "--guides", guides, "--upright", "full", "-o", scratch.file("both.jpg")])
        XCTAssertTrue(both.stderr.contains("pass one of them"), both.stderr)
    }
}
