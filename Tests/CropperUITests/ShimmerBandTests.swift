import CCairo
@testable import CropperUI
import XCTest

/// The loading placeholder draws its light band from a copy made once; it must look as the gradient itself did.
final class ShimmerBandTests: XCTestCase {
    private func render(_ draw: (OpaquePointer) -> Void) -> [UInt32] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 400, 200)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        Theme.canvas.set(on: cr)
        cairo_paint(cr)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * 200) {
            Array(UnsafeBufferPointer(start: $0, count: stride * 200))
        }
        return pixels
    }

    /// The placeholder as it was drawn before the copy: the shape filled, then the gradient painted inside it.
    private func gradientPlaceholder(_ frame: LayoutRect, width: Double, start: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        Shapes.roundedRect(frame, radius: 4, on: cr)
        cairo_clip(cr)
        ThumbnailView.placeholderFill.set(on: cr)
        cairo_paint(cr)
        ShimmerBand.setGradient(from: start, frame.y, width: width, on: cr)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    func testTheCopiedBandLooksAsTheGradientDidAcrossItsSweep() {
        // The grid's placeholder (152 × 114), at a fractional position, at several points of the sweep.
        let frame = LayoutRect(x: 30.5, y: 20.25, width: 152, height: 114)
        let width = (frame.width * 0.6).rounded()
        for phase in [0.1, 0.35, 0.5, 0.8] {
            let now = phase * ThumbnailView.shimmerPeriod
            let start = frame.x - width + phase * (frame.width + 2 * width)
            let copied = render { ThumbnailView.drawLoading(in: frame, radius: 4, now: now, on: $0) }
            let reference = render { cr in
                gradientPlaceholder(frame, width: width, start: start, on: cr)
                ThumbnailView.drawGlyph(in: frame, color: Color(hex: 0xffffff, alpha: 0.16), on: cr)
            }
            var worst = 0
            for (a, b) in zip(copied, reference) {
                for shift in [0, 8, 16] {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff)))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "phase \(phase): at most one level off anywhere")
        }
    }

    func testOneCopyServesEveryPlaceholderOfASize() {
        let first = ShimmerBand.band(width: 91, height: 114)
        XCTAssertTrue(first === ShimmerBand.band(width: 91.2, height: 113.5))
        XCTAssertFalse(first === ShimmerBand.band(width: 120, height: 80))
    }
}
