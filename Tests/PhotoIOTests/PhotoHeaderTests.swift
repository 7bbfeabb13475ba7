import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// A rule put on many photos reads each one's header: a JPEG's first bytes, not its pixels.
final class PhotoHeaderTests: XCTestCase {
    private func made(_ tool: String, _ arguments: [String]) throws {
        let result = try Tools.run(tool, arguments)
        guard result.status == 0 else { throw PhotoIOError.cannotWrite("\(tool) failed: \(result.stderr)") }
    }

    /// A noisy 2400 × 1600 JPEG (a few megabytes) shown turned a quarter (Orientation 6), taken at 35 mm.
    private func largePhoto(in scratch: ScratchDirectory) throws -> String {
        let path = scratch.file("large.jpg")
        try made("/usr/bin/convert", ["-size", "2400x1600", "xc:gray", "+noise", "Random", "-quality", "95", path])
        try made("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "-FocalLengthIn35mmFormat=35", path])
        return path
    }

    /// Bytes this process has read through read(2) so far.
    private func bytesRead() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try XCTUnwrap(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    func testAJPEGsHeaderComesFromItsFirstBytes() throws {
        try Tools.require("exiftool")
        let scratch = try ScratchDirectory()
        let path = try largePhoto(in: scratch)
        let fileSize = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertGreaterThan(fileSize, 4 * PhotoHeader.startBytes)

        let before = try bytesRead()
        let header = try PhotoHeader.read(path: path)
        let read = try bytesRead() - before
        XCTAssertLessThanOrEqual(read, PhotoHeader.startBytes + 64 * 1024, "only the start of a \(fileSize)-byte file")

        XCTAssertEqual(header, PhotoHeader(try PhotoSource.open(path: path)))
        XCTAssertEqual(header.format, .jpeg)
        XCTAssertEqual(header.storedSize, PixelSize(width: 2400, height: 1600))
        XCTAssertEqual(header.orientation, .rotate90CW)
        XCTAssertEqual(header.displayedSize, PixelSize(width: 1600, height: 2400))
        XCTAssertEqual(header.focal35mm, 35)
        XCTAssertEqual(header.jpegFrame?.size, PixelSize(width: 2400, height: 1600))
    }

    /// Headers that run past the first bytes (a big APP segment before the frame) and formats that keep their
    /// metadata anywhere: the whole file is read, and the answer is the same as opening the photo.
    func testOtherwiseTheWholeFileIsRead() throws {
        let scratch = try ScratchDirectory()
        let photo = try PhotoSource.open(path: Fixtures.path("Landscape", 8))
        let padding = try XCTUnwrap(JPEGSegment(marker: 0xEC, payload: [UInt8](repeating: 7, count: 65_000)))
        let padded = try JPEGEdit.replacingMetadata(of: photo.bytes,
                                                            with: photo.metadataSegments + Array(repeating: padding, count: 5))
        let path = try scratch.write(padded, as: "padded.jpg")
        XCTAssertEqual(try PhotoHeader.read(path: path), PhotoHeader(try PhotoSource.open(path: path)))
        XCTAssertEqual(try PhotoHeader.read(path: path).orientation, .rotate270CW)

        let webp = scratch.file("photo.webp")
        try made("/usr/bin/convert", [Fixtures.path("Landscape", 1), webp])
        XCTAssertEqual(try PhotoHeader.read(path: webp), PhotoHeader(try PhotoSource.open(path: webp)))
        XCTAssertThrowsError(try PhotoHeader.read(path: scratch.path)) {
            XCTAssertEqual($0 as? PhotoIOError, .notReadable("is a directory"))
        }
    }
}
