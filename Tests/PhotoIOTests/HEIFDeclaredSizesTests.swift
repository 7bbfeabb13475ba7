import CropperTestSupport
import Foundation
import EditorState
import XCTest
@testable import PhotoIO

/// Sizes libheif would allocate are refused before it decodes: the fuzzer's file whose grid has one overlay tile
/// declaring a 49213×61276 canvas used to kill the process inside libheif.
final class HEIFDeclaredSizesTests: XCTestCase {
    static let overlayBomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/crashers/heif-overlay-tile-canvas-beyond-limits.bin").path

    func testAnOverlayCanvasIsReadInBothWidths() {
        let narrow: [UInt8] = [0, 0] + Array(repeating: 0, count: 8) + [0x01, 0x00, 0x00, 0x80]
        XCTAssertEqual(HEIFDeclaredSizes.overlayCanvas(narrow), PixelSize(width: 256, height: 128))
        let wide: [UInt8] = [0, 1] + Array(repeating: 0, count: 8) + [0, 1, 0, 0, 0, 0, 0x40, 0]
        XCTAssertEqual(HEIFDeclaredSizes.overlayCanvas(wide), PixelSize(width: 65536, height: 16384))
        XCTAssertNil(HEIFDeclaredSizes.overlayCanvas([0, 1] + Array(repeating: 0, count: 12)))
    }

    func testAnOverlayTileBeyondTheLimitsIsRefusedBeforeLibheifDecodes() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.overlayBomb)))
        XCTAssertThrowsError(try HEIFCodec.decodeWhole(bytes)) { error in
            XCTAssertEqual(error as? PhotoIOError, .tooLarge(width: 49213, height: 61276))
        }
    }

    func testARealGridPasses() throws {
        let scratch = try ScratchDirectory()
        let photo = scratch.file("small.heic")
        XCTAssertEqual(try Tools.run("heif-enc", ["-q", "60", "-o", photo, Fixtures.path("Landscape", 1)]).status, 0)
        XCTAssertNoThrow(try HEIFDeclaredSizes.check([UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))))
    }
}
