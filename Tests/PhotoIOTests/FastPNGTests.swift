import EditorState
import XCTest
@testable import PhotoIO

/// Thumbnails' PNG (`encodedPNG(fast: true)`): Sub-filtered rows deflated as runs, read back exactly as they were,
/// opaque as RGB and with alpha as RGBA.
final class FastPNGTests: XCTestCase {
    func testAnOpaqueBitmapComesBackExactlyAsRGB() throws {
        let bitmap = try Bitmap(width: 37, height: 11, alpha: .opaque)
        for y in 0..<11 {
            for x in 0..<37 {
                // Differences to the left neighbour that wrap below zero in every channel.
                bitmap.row(y)[x] = 0xFF00_0000 | UInt32((x * 97 + y * 13) % 256) << 16 | UInt32((255 - x * 7) & 0xFF) << 8
                    | UInt32((x * x + y) % 256)
            }
        }
        let png = try bitmap.encodedPNG(fast: true)
        XCTAssertEqual(png[25], 2, "colour type RGB")
        let decoded = try PhotoSource(bytes: png).decodeFull()
        XCTAssertEqual(decoded.size, PixelSize(width: 37, height: 11))
        for y in 0..<11 {
            XCTAssertEqual(Array(UnsafeBufferPointer(start: decoded.row(y), count: 37)),
                           Array(UnsafeBufferPointer(start: bitmap.row(y), count: 37)), "row \(y)")
        }
    }

    func testStraightAlphaComesBackExactlyAsRGBA() throws {
        let bitmap = try Bitmap(width: 9, height: 4, alpha: .straight)
        let pixels: [UInt32] = [0x0000_0000, 0xFF12_3456, 0x80FF_0000, 0x01FF_FFFF, 0xFE00_FF00, 0x7F80_8080, 0xFF00_0000,
                                0x10EF_CDAB, 0xC001_0203]
        for y in 0..<4 {
            for x in 0..<9 { bitmap.row(y)[x] = pixels[(x + y) % pixels.count] }
        }
        let png = try bitmap.encodedPNG(fast: true)
        XCTAssertEqual(png[25], 6, "colour type RGBA")
        let decoded = try PhotoSource(bytes: png).decodeFull()
        for y in 0..<4 {
            for x in 0..<9 {
                let want = bitmap.row(y)[x], got = decoded.row(y)[x]
                // Fully transparent pixels may come back with any colour.
                if want >> 24 == 0 { XCTAssertEqual(got >> 24, 0) } else { XCTAssertEqual(got, want, "pixel \(x), \(y)") }
            }
        }
    }
}
