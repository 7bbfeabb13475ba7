import CropperTestSupport
import CCairo
@testable import CropperUI
import PhotoIO
import XCTest

final class BitmapCairoTests: XCTestCase {
    func testAnOpaqueBitmapIsSharedWithCairoNotCopied() throws {
        let bitmap = try Bitmap(width: 225, height: 150)
        let surface = try bitmap.makeCairoSurface()
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_image_surface_get_data(surface), bitmap.pixelBytes)
        XCTAssertEqual(Int(cairo_image_surface_get_stride(surface)), bitmap.stride)
        XCTAssertEqual(Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, 225)), bitmap.stride)
        XCTAssertEqual(Int(cairo_image_surface_get_width(surface)), 225)
    }

    func testStraightAlphaIsPremultipliedIntoANewBuffer() throws {
        let bitmap = try Bitmap(width: 1, height: 1, alpha: .straight)
        bitmap.row(0)[0] = 0x80_FF_40_00
        let surface = try bitmap.makeCairoSurface()
        defer { cairo_surface_destroy(surface) }
        XCTAssertNotEqual(cairo_image_surface_get_data(surface), bitmap.pixelBytes)
        let pixel = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 1) { $0[0] }
        XCTAssertEqual(pixel, 0x80_80_20_00)
    }
}
