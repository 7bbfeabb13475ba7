import CCairo
import CropperTestSupport
@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// A JPEG XL's copy at fit is made from the copy its decode reduced as the rows arrived: turned upright and
/// converted for the screen as the canvas's own copy is, and the same picture as the canvas reduces (Cairo's GOOD
/// filter) to within a quarter of a level on average (0.03 measured).
final class CopyAtFitFromTheDecodeTests: XCTestCase {
    func testTheReducedCopyIsTurnedAndConvertedLikeTheCanvasOwnCopy() throws {
        try Tools.require("cjxl")
        let scratch = try ScratchDirectory()
        let editor = AppState.freshEditor(layout: WindowLayout(deviceWidth: 480, deviceHeight: 400, scale: 1),
                                          settings: Settings())
        let adobe = try XCTUnwrap(ColourTransform.make(from: .adobeRGBFromExif, layout: .bgra, to: .sRGB))
        for orientation in [1, 6] {
            let jpeg = scratch.file("o\(orientation).jpg"), jxl = scratch.file("o\(orientation).jxl")
            XCTAssertEqual(try Tools.run("/usr/bin/convert", [Fixtures.path("Landscape", orientation), "-resize", "480x480",
                                                          "-quality", "95", jpeg]).status, 0)
            XCTAssertEqual(try Tools.run("cjxl", [jpeg, jxl, "--lossless_jpeg=0", "-d", "1"]).status, 0)
            let source = try PhotoSource.open(path: jxl)
            XCTAssertEqual(source.orientation.rawValue, orientation)

            let fitted = try XCTUnwrap(PreviewPrefetcher.fittedSize(storedSize: source.storedSize,
                                                                    orientation: source.orientation, editor: editor))
            let decoded = try source.decodeWhole(fittedTo: fitted)
            XCTAssertEqual(decoded.fitted?.size, fitted, "reduced as it decoded, in stored orientation")
            let preview = try DecodedPreview(source, decoded: decoded, scale: .full, pendingTransform: adobe,
                                             display: .sRGB)
            let fromDecode = try XCTUnwrap(PreviewPrefetcher.copyAtFit(preview, editor: editor, fitted: decoded.fitted))
            let fromCanvas = try XCTUnwrap(PreviewPrefetcher.copyAtFit(preview, editor: editor))
            XCTAssertEqual(fromDecode.key, fromCanvas.key, "the copy the window would make itself")
            let upright = source.orientation.displayedSize(forStored: fitted)
            XCTAssertEqual(fromDecode.key.width, upright.width)
            XCTAssertEqual(fromDecode.key.height, upright.height)
            let a = try bytes(fromDecode), b = try bytes(fromCanvas)
            let difference: Int = zip(a, b).reduce(0) { sum, pair in sum + abs(Int(pair.0) - Int(pair.1)) }
            let mean = Double(difference) / Double(a.count)
            XCTAssertLessThan(mean, 0.25, "orientation \(orientation): the canvas's picture, turned and converted")

            // A copy reduced for another fit (the early decode guessed the window wrong) is not used.
            let otherFit = try XCTUnwrap(try source.decodeWhole(fittedTo: PixelSize(width: fitted.width / 2,
                                                                                    height: fitted.height / 2)).fitted)
            XCTAssertEqual(try bytes(XCTUnwrap(PreviewPrefetcher.copyAtFit(preview, editor: editor, fitted: otherFit))), b)
        }
    }

    private func bytes(_ copy: ScaledCopy) throws -> [UInt8] {
        let surface = copy.surface
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        // Colour bytes only: RGB24's fourth byte is undefined.
        return (0..<height).flatMap { y in (0..<width * 4).filter { $0 % 4 != 3 }.map { data[y * stride + $0] } }
    }
}
