import CropperTestSupport
import EditorState
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

/// The canvas's scaled copies are drawn in bands of rows on both cores. Pixman places each band's samples from
/// the part of the source that band reads, so a pixel can round differently than in one paint — by 2 levels at
/// most — and the colour conversion of each band is exactly the conversion of the whole.
final class ScaledCopyBandTests: XCTestCase {
    private func noise(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40) & 0x00FF_FFFF
            }
        }
        return bitmap
    }

    private func bytes(_ copy: ScaledCopy?) throws -> [UInt8] {
        let surface = try XCTUnwrap(copy?.surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: count))
    }

    func testBandsJoinIntoTheCopyOfOnePaint() throws {
        let photo = try noise(width: 1500, height: 1000)
        let adobe = try XCTUnwrap(ColourTransform.make(from: .adobeRGBFromExif, layout: .bgra, to: .sRGB))
        let plain = try DisplayBitmap(photo)
        let converted = try DisplayBitmap(photo, pendingTransform: adobe)
        for (orientation, width, height) in [(Orientation.normal, 720, 480), (.rotate90CW, 480, 721)] {
            let key = ScaledCopyKey(epoch: 0, source: ObjectIdentifier(plain), orientation: orientation,
                                    width: width, height: height)
            let banded = try bytes(ScaledCopyBuilder.make(key, from: plain, bands: 2))
            let whole = try bytes(ScaledCopyBuilder.make(key, from: plain, bands: 1))
            XCTAssertEqual(banded.count, whole.count)
            XCTAssertLessThanOrEqual(zip(banded, whole).map { abs(Int($0) - Int($1)) }.max() ?? 0, 2, "\(orientation)")

            var expected = banded
            expected.withUnsafeMutableBytes {
                adobe.apply(to: $0.baseAddress!, width: width, height: height, stride: banded.count / height)
            }
            XCTAssertEqual(try bytes(ScaledCopyBuilder.make(key, from: converted, bands: 2)), expected,
                           "\(orientation): each band converted as the whole is")
        }
    }
}
