import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// `cropper crop` over many photos, run as a user would: failures named one a line in the order given, the rest
/// cropped, outputs named by the one rule, JSON lines, a progress line only on a terminal.
final class BatchCLITests: XCTestCase {
    func cropper(_ arguments: [String]) throws -> ToolResult {
        try Tools.run(try cropperBinary(), arguments)
    }

    /// A folder of photos: `count` good copies of the fixture, named photo-1.jpg …
    func photos(_ count: Int, in scratch: ScratchDirectory) throws -> [String] {
        try (1...count).map { try scratch.copy(Fixtures.path("Landscape", 1), as: "photo-\($0).jpg") }
    }

    func testABatchGoesOnPastEveryBadFileAndNamesEachOnce() throws {
        let scratch = try ScratchDirectory()
        let good = try photos(2, in: scratch)
        let bytes = try readBytes(good[0])
        // The frame header's first sampling factors made impossible (14 × 0).
        var broken = bytes
        let frame = try JPEGStructure.parse(bytes).segments.first { JPEGFrame.isStartOfFrame($0.marker) }!
        broken[frame.offset + 11] = 0xE0
        let corrupt = try scratch.write(broken, as: "corrupt.jpg")
        let text = try scratch.write(Array("a shopping list\n".utf8), as: "list.jpg")
        let damaged = try scratch.write(DamagedFiles.truncated(bytes, at: 0.5), as: "damaged.jpg")
        let missing = scratch.file("missing.jpg")
        let inputs = [good[0], corrupt, text, damaged, missing, good[1]]

        let result = try cropper(["crop", "--aspect", "1:1", "-j", "2"] + inputs)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "", "off a terminal, success is silent")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("cropper: \(corrupt): corrupt image data"), lines[0])
        XCTAssertEqual(lines[1], "cropper: \(text): not an image (not JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)")
        XCTAssertTrue(lines[2].hasPrefix("cropper: \(damaged): the crop reaches into the damaged part of the photo"), lines[2])
        XCTAssertEqual(lines[3], "cropper: \(missing): not found")
        XCTAssertEqual(lines[4], "2 cropped, 4 failed")
        for photo in good {
            let output = photo.replacingOccurrences(of: ".jpg", with: "-cropped.jpg")
            XCTAssertEqual(try PhotoSource.open(path: output).decodeFull().size, PixelSize(width: 1200, height: 1200))
        }
        XCTAssertEqual(scratch.entries.filter { $0.contains("cropped") || $0.hasSuffix(".tmp") },
                       ["photo-1-cropped.jpg", "photo-2-cropped.jpg"], "no output for a failure, no temporary file")
    }

    func testARectThatDoesNotFitOnePhotoIsThatPhotosFailure() throws {
        let scratch = try ScratchDirectory()
        let wide = try scratch.copy(Fixtures.path("Landscape", 1), as: "wide.jpg")
        let tall = try scratch.copy(Fixtures.path("Portrait", 1), as: "tall.jpg")
        let result = try cropper(["crop", "--rect", "1300,0,400,400", tall, wide])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "cropper: \(tall): rect 1300,0,400,400 is outside the image (1200x1800 as "
                       + "displayed): X must be from 0 to 1199\n1 cropped, 1 failed\n")
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("wide-cropped.jpg")).displayedSize,
                       PixelSize(width: 400, height: 400))
        // A straightened batch: the largest square on each turned photo.
        let turned = try cropper(["crop", "--aspect", "1:1", "--straighten", "5", "--json", "--name", "{stem}-5.jpg",
                                  wide, tall])
        XCTAssertEqual(turned.status, 0, turned.stderr)
        XCTAssertEqual(turned.stdout.split(separator: "\n").count, 2)
    }

    func testJSONLinesComeOnePerPhotoInTheOrderGiven() throws {
        let scratch = try ScratchDirectory()
        var inputs = try photos(5, in: scratch)
        inputs.insert(try scratch.write(Array("text".utf8), as: "notes.jpg"), at: 2)
        let result = try cropper(["crop", "--aspect", "4:5", "--gravity", "east", "--json", "-j", "3",
                                  "--output-dir", try makeFolder(scratch, "out")] + inputs)
        XCTAssertEqual(result.status, 1)
        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.map { $0["input"] as? String }, inputs)
        for (object, input) in zip(objects, inputs) where input.hasSuffix("notes.jpg") == false {
            XCTAssertEqual(object["rect"] as? [Int], [840, 0, 960, 1200])
            XCTAssertEqual(object["output"] as? String,
                           scratch.file("out/" + PathNames.name(of: input).replacingOccurrences(of: ".jpg", with: "-cropped.jpg")))
            XCTAssertTrue(object["error"] is NSNull)
            XCTAssertGreaterThan(object["ms"] as? Double ?? 0, 0)
        }
        XCTAssertEqual(objects[2]["error"] as? String, "not an image (not JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)")
        XCTAssertTrue(objects[2]["output"] is NSNull)
        XCTAssertTrue(objects[2]["rect"] is NSNull)
    }

    func testAMissingOutputFolderIsMadeWithItsParents() throws {
        let scratch = try ScratchDirectory()
        let inputs = try photos(2, in: scratch)
        let out = scratch.file("new/deeper")
        let result = try cropper(["crop", "--aspect", "1:1", "--output-dir", out] + inputs)
        XCTAssertEqual(result.status, 0, result.stderr)
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(made, inputs.map { PathNames.name(of: $0).replacingOccurrences(of: ".jpg", with: "-cropped.jpg") }.sorted())

        // Under a file no folder can be made: refused in one line before anything is written.
        let underAFile = try cropper(["crop", "--aspect", "1:1", "--output-dir", inputs[0] + "/out"] + inputs)
        XCTAssertEqual(underAFile.status, 64)
        XCTAssertTrue(underAFile.stderr.contains("--output-dir \(inputs[0])/out cannot be made"), underAFile.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).count, 3, "nothing new beside the photos")
    }

    func testAListFromFindPrint0OnStandardInput() throws {
        let scratch = try ScratchDirectory()
        _ = try makeFolder(scratch, "in dir")
        for name in ["b 2.jpg", "a\n1.jpg"] { _ = try scratch.copy(Fixtures.path("Portrait", 1), as: "in dir/" + name) }
        let out = try makeFolder(scratch, "out")
        let script = "find \"$1\" -name '*.jpg' -print0 | sort -z | \"$2\" crop --from - --trim --name '{n}.{ext}' --output-dir \"$3\""
        let result = try Tools.run("/bin/sh", ["-c", script, "sh", scratch.file("in dir"), try cropperBinary(), out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["1.jpg", "2.jpg"])
        XCTAssertEqual(result.stderr.components(separatedBy: "warning: no uniform border found; the photo is left whole").count, 3)
        // One a line, from a file, after the photos named on the command line.
        let list = try scratch.write(Array((scratch.file("in dir/b 2.jpg") + "\r\n\n").utf8), as: "list.txt")
        let more = try cropper(["crop", try photos(1, in: scratch)[0], "--from", list, "--rect", "0,0,10,10", "--json",
                                "--name", "{n}-{stem}.png", "--output-dir", out])
        XCTAssertEqual(more.status, 0, more.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.file("out/1-photo-1.png")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.file("out/2-b 2.png")))
    }

    func testTwoPhotosThatWouldWriteOneFileAreRefusedBeforeAnythingIsWritten() throws {
        let scratch = try ScratchDirectory()
        _ = try makeFolder(scratch, "a")
        _ = try makeFolder(scratch, "b")
        let first = try scratch.copy(Fixtures.path("Landscape", 1), as: "a/x.jpg")
        let second = try scratch.copy(Fixtures.path("Landscape", 1), as: "b/x.jpg")
        let out = try makeFolder(scratch, "out")
        let result = try cropper(["crop", "--aspect", "1:1", "--output-dir", out, "--force", first, second])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "cropper: \(first) and \(second) would both be cropped to \(out)/x-cropped.jpg; "
                       + "nothing was written\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [])
        // A crop named like another photo of the list would replace it.
        let over = try cropper(["crop", "--aspect", "1:1", "--name", "x.jpg", "--force", first, scratch.file("a/../b/x.jpg")])
        XCTAssertEqual(over.status, 1)
        XCTAssertTrue(over.stderr.contains("would replace the photo"), over.stderr)
        XCTAssertEqual(try readBytes(first), try readBytes(Fixtures.path("Landscape", 1)))
    }

    func testNothingIsOverwrittenWithoutForce() throws {
        let scratch = try ScratchDirectory()
        let inputs = try photos(3, in: scratch)
        let taken = try scratch.write([1, 2, 3], as: "photo-2-cropped.jpg")
        let result = try cropper(["crop", "--rect", "0,0,100,100"] + inputs)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "cropper: \(taken): output exists (use --force to overwrite)\n2 cropped, 1 failed\n")
        XCTAssertEqual(try readBytes(taken), [1, 2, 3])
        let forced = try cropper(["crop", "--rect", "0,0,100,100", "--force"] + inputs)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stderr, "")
        XCTAssertEqual(try PhotoSource.open(path: taken).displayedSize, PixelSize(width: 100, height: 100))
    }

    func testTheOptionsOfOneCropWorkOnMany() throws {
        let scratch = try ScratchDirectory()
        let inputs = try (6...8).map { try scratch.copy(Fixtures.path("Landscape", $0), as: "o\($0).jpg") }
        let out = try makeFolder(scratch, "out")
        let resized = try cropper(["crop", "--aspect", "2:1", "--gravity", "south", "--rotate", "90", "--flip", "h",
                                   "--resize", "100x200", "--quality", "80", "--strip-metadata", "--output-dir", out] + inputs)
        XCTAssertEqual(resized.status, 0, resized.stderr)
        for input in inputs {
            let output = out + "/" + PathNames.name(of: input).replacingOccurrences(of: ".jpg", with: "-cropped.jpg")
            XCTAssertEqual(try PhotoSource.open(path: output).displayedSize, PixelSize(width: 100, height: 200))
        }
        let lossless = try cropper(["crop", "--aspect", "1:1", "--lossless", "--json", "--name", "{stem}-l.jpg"] + inputs)
        XCTAssertEqual(lossless.status, 0, lossless.stderr)
        XCTAssertEqual(lossless.stdout.split(separator: "\n").count, 3)
        XCTAssertTrue(lossless.stdout.contains("\"rect\":[288,0,1212,1200]"), "the box snapped to the blocks: \(lossless.stdout)")

        // --in-place on each photo: the originals go to the trash.
        let home = try makeFolder(scratch, "data")
        let inPlace = try Tools.run("env", ["XDG_DATA_HOME=\(home)", try cropperBinary(), "crop", "--rect", "0,0,64,48",
                                            "--in-place"] + inputs)
        XCTAssertEqual(inPlace.status, 0, inPlace.stderr)
        for input in inputs { XCTAssertEqual(try PhotoSource.open(path: input).displayedSize, PixelSize(width: 64, height: 48)) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/Trash/files").sorted(),
                       ["o6.jpg", "o7.jpg", "o8.jpg"])
    }

    func testTrimTakesAnOptionalFuzz() throws {
        let scratch = try ScratchDirectory()
        let bordered = try PlacementPhotos.bordered("b.jpg", colour: "black", sides: (20, 10, 30, 40), seed: 3, in: scratch)
        for (arguments, name) in [(["--trim"], "t10.jpg"), (["--trim=20%"], "t20.jpg"), (["--trim=5"], "t5.jpg")] {
            let result = try cropper(["crop", bordered, "-o", scratch.file(name)] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            let size = try PhotoSource.open(path: scratch.file(name)).displayedSize
            XCTAssertLessThanOrEqual(abs(size.width - 600), 4, "\(arguments): \(size)")
            XCTAssertLessThanOrEqual(abs(size.height - 400), 4, "\(arguments): \(size)")
        }
        let square = try cropper(["crop", bordered, "--trim", "--aspect", "1:1", "--gravity", "west", "--json"])
        let rect = try XCTUnwrap((try JSONSerialization.jsonObject(with: square.stdoutData) as? [String: Any])?["rect"] as? [Int])
        XCTAssertEqual(rect[2], rect[3])
        XCTAssertLessThanOrEqual(abs(rect[0] - 20), 2)
        XCTAssertLessThanOrEqual(abs(rect[3] - 400), 4)
    }

    func testInfoSuggestsTheSmartBoxAndItsCentreOfInterest() throws {
        let scratch = try ScratchDirectory()
        let path = try PlacementPhotos.subject("s.jpg", size: (1200, 800), subject: (200, 200), at: (880, 300),
                                               blurred: false, seed: 5, in: scratch)
        let result = try cropper(["info", "--aspect", "4:5", "--json", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        XCTAssertEqual(object["suggestedRect"] as? [Int], [560, 0, 640, 800])
        let centre = try XCTUnwrap(object["centreOfInterest"] as? [Double])
        XCTAssertEqual(centre[0], 980, accuracy: 30)
        XCTAssertEqual(centre[1], 400, accuracy: 30)
        let text = try cropper(["info", "--aspect", "4:5", path])
        XCTAssertTrue(text.stdout.contains("smart box:      560,0,640,800 (centre of interest "), text.stdout)
    }

    func testTheProgressLineIsDrawnOnlyOnATerminal() throws {
        try Tools.require("script")
        let scratch = try ScratchDirectory()
        let inputs = try photos(3, in: scratch)
        let command = ([try cropperBinary(), "crop", "--rect", "0,0,50,50", "-j", "1"] + inputs).map { "'\($0)'" }
            .joined(separator: " ")
        let onTerminal = try Tools.run("script", ["-qec", command, "/dev/null"])
        XCTAssertEqual(onTerminal.status, 0, onTerminal.stdout)
        let screen = onTerminal.stdout
        for done in 0...2 { XCTAssertTrue(screen.contains("\r\(done)/3  "), "redrawn in place: \(screen.debugDescription)") }
        XCTAssertTrue(screen.contains("photos/s  ETA "), screen)
        XCTAssertTrue(screen.contains("photo-3.jpg"), "the current file")
        XCTAssertTrue(screen.hasSuffix("\r\u{1B}[K3 cropped, 0 failed\r\n"), screen.debugDescription)
        let offTerminal = try cropper(["crop", "--rect", "0,0,50,50", "--force"] + inputs)
        XCTAssertEqual(offTerminal.status, 0)
        XCTAssertEqual(offTerminal.stderr + offTerminal.stdout, "", "off a terminal: nothing but failures")
    }

    func testUsageMistakesAreRefusedByTheParser() throws {
        let good = Fixtures.path("Landscape", 1)
        for arguments in [["crop", good, "--gravity", "north", "--rect", "0,0,5,5"], ["crop", good],
                          ["crop", good, "--rect", "0,0,5,5", "--aspect", "1:1"], ["crop", good, good, "--trim", "-o", "x.jpg"],
                          ["crop", good, "--aspect", "1:0"], ["crop", good, "--aspect", "1:1", "--gravity", "up"],
                          ["crop", good, "--aspect", "1:1", "--name", "{size}.jpg"], ["crop", good, "--trim=120%"],
                          ["crop", good, "--trim", "--straighten", "3"], ["crop", "--aspect", "1:1"],
                          ["crop", good, "--aspect", "1:1", "-j", "0"], ["crop", good, "--trim", "--output-dir", good]] {
            let result = try cropper(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Error:"), result.stderr)
        }
    }

    private func makeFolder(_ scratch: ScratchDirectory, _ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: scratch.file(name), withIntermediateDirectories: true)
        return scratch.file(name)
    }
}
