import CropperTestSupport
@testable import CropperUI
import EditorState
import Foundation
import PhotoIO
import XCTest

/// The first photo's decode begun at the top of main, from the raw arguments, before the window knows its fit: the
/// window's start takes it over for the same photo, and starts its own for another.
final class EarlyDecodeBeginTests: XCTestCase {
    func testTheDecodeBegunFromTheArgumentsIsTheOneTheWindowTakes() throws {
        let (heic, _) = try photos()
        EarlyPreviewDecode.begin(oneOf: ["--geometry", "640x480", heic])
        let early = try XCTUnwrap(EarlyPreviewDecode.start(files: [heic], width: 640, height: 480, settings: Settings()))
        XCTAssertEqual(early.path, heic)
        let source = try XCTUnwrap(early.source(of: heic), "the file read before the window started")
        XCTAssertTrue(early.decodesWhole(source), "a HEIC is decoded whole, whatever the fit")
        let decoded = try XCTUnwrap(early.fullDecode(of: source)).get()
        let reference = try PhotoSource.open(path: heic).decodeWhole(fittedTo: nil)
        XCTAssertEqual(decoded.bitmap.size, reference.bitmap.size)
        XCTAssertEqual(memcmp(decoded.bitmap.pixels, reference.bitmap.pixels, reference.bitmap.byteCount), 0,
                       "the same pixels as a decode of its own")
        XCTAssertNotNil(decoded.fitted, "reduced for the fit the window's start gave it")
    }

    func testAWindowOpeningAnotherPhotoStartsItsOwn() throws {
        let (heic, jpeg) = try photos()
        EarlyPreviewDecode.begin(oneOf: [heic])
        let early = try XCTUnwrap(EarlyPreviewDecode.start(files: [jpeg], width: 640, height: 480, settings: Settings()))
        XCTAssertEqual(early.path, jpeg)
        XCTAssertNil(early.source(of: heic))
        XCTAssertEqual(early.source(of: jpeg)?.format, .jpeg)
    }

    func testNothingBeginsUnlessExactlyOneArgumentNamesAFile() throws {
        let (heic, jpeg) = try photos()
        EarlyPreviewDecode.begin(oneOf: [heic, jpeg])
        // Nothing was begun, so the window's start for two photos has nothing to stop, and one for a photo starts it.
        XCTAssertNil(EarlyPreviewDecode.start(files: [heic, jpeg], width: 640, height: 480, settings: Settings()))
        EarlyPreviewDecode.begin(oneOf: ["--geometry", "640x480"])
        let early = try XCTUnwrap(EarlyPreviewDecode.start(files: [heic], width: nil, height: nil, settings: Settings()))
        let source = try XCTUnwrap(early.source(of: heic))
        XCTAssertNil(try XCTUnwrap(early.fullDecode(of: source)).get().fitted, "no size to guess a fit from")
    }

    /// A HEIC made by heif-enc and the JPEG it was made from (made once for the build tree), at absolute paths, as
    /// the window's start makes them.
    private func photos() throws -> (heic: String, jpeg: String) {
        try Tools.require("heif-enc")
        let jpeg = try MadeOnce.convert("begin.jpg", [Fixtures.path("Landscape", 1), "-resize", "1600x1600",
                                                      "-quality", "92"])
        let heic = try MadeOnce.file("begin.heic", recipe: ["heif-enc", "-q", "80", jpeg]) { output in
            XCTAssertEqual(try Tools.run("heif-enc", ["-q", "80", jpeg, "-o", output]).status, 0)
        }
        return (SavePaths.absolute(heic), SavePaths.absolute(jpeg))
    }
}
