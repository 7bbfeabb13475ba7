import CCairo
@testable import CropperUI
import XCTest

/// The text renderer's cache of shaped layouts: what every frame draws is shaped once however many other strings
/// come and go, and a label measured before it is drawn is shaped once.
final class TextLayoutCacheTests: XCTestCase {
    private var surface: OpaquePointer!
    private var cr: OpaquePointer!

    override func setUp() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 400, 100)
        cr = cairo_create(surface)
    }

    override func tearDown() {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    private func draw(_ text: String, on renderer: TextRenderer, width: Double = 300, truncation: TextTruncation = .end) {
        renderer.draw(text, font: Theme.smallFont, color: Theme.text,
                      in: LayoutRect(x: 0, y: 0, width: width, height: 20), truncation: truncation, on: cr)
    }

    func testWhatEveryFrameDrawsIsShapedOnceWhileOtherStringsComeAndGo() {
        let renderer = TextRenderer()
        // A hundred frames, each with the same toolbar label and name and ten strings never seen before (a
        // batch's progress, counts): 1,000 new strings, two and a half generations of the cache.
        for frame in 0..<100 {
            draw("Save", on: renderer)
            draw("photo-07-cropped.jpg", on: renderer, width: 150, truncation: .middle)
            for item in 0..<10 { draw("Saving \(frame * 10 + item) of 1000 photos…", on: renderer) }
        }
        XCTAssertEqual(renderer.layoutsMade, 2 + 1000)
        XCTAssertEqual(renderer.cacheTurnovers, 2, "a turnover every 400 layouts kept")
    }

    func testAStringDrawnAgainAfterAGenerationWithoutItIsShapedAgain() {
        let renderer = TextRenderer()
        draw("Once", on: renderer)
        for item in 0..<(2 * TextRenderer.layoutsPerGeneration) { draw("string \(item)", on: renderer) }
        draw("Once", on: renderer)
        XCTAssertEqual(renderer.layoutsMade, 2 + 2 * TextRenderer.layoutsPerGeneration,
                       "memory stays bounded: what was not drawn for two generations is let go")
    }

    func testALabelMeasuredThenDrawnIsShapedOnce() {
        let renderer = TextRenderer()
        let counts = "40 photos · 40 selected · 12 crops to save"
        let width = renderer.size(of: counts, font: Theme.smallFont).width + 1
        draw(counts, on: renderer, width: width)
        XCTAssertEqual(renderer.layoutsMade, 1)
        // Where it does not fit it is cut, which takes a layout of its own.
        draw(counts, on: renderer, width: width / 2)
        XCTAssertEqual(renderer.layoutsMade, 2)
    }
}
