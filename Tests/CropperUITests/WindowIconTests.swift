import CropperTestSupport
import Foundation
import PhotoIO
import XCTest

/// The window publishes the application icon as `_NET_WM_ICON`, read back with xprop.
final class WindowIconTests: XCTestCase {
    func testWindowCarriesTheIconInEverySizeWithThePNGsPixels() throws {
        let harness = try EditorWindowHarness()
        // The icon is published just after the first frame presented once the photo is out (the harness waits for
        // the photo): the frame after a barrier comes after that one, and a second barrier is handled only once
        // that frame, and so the icon, are done.
        try harness.settled()
        _ = try harness.sync()
        let pretty = try xprop(["-id", harness.windowID, "_NET_WM_ICON"])
        XCTAssertTrue(pretty.hasPrefix("_NET_WM_ICON(CARDINAL)"), pretty.prefix(200).description)
        XCTAssertTrue(pretty.contains("Icon (16 x 16)"))

        let numbers = try xprop(["-id", harness.windowID, "-notype", "32c", "_NET_WM_ICON"])
            .drop { $0 != "=" }.dropFirst()
            .split(separator: ",").compactMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        var icons: [Int: ArraySlice<UInt32>] = [:]
        var index = 0
        while index + 2 <= numbers.count {
            let width = Int(numbers[index]), height = Int(numbers[index + 1])
            let end = index + 2 + width * height
            guard width > 0, width == height, end <= numbers.count else {
                return XCTFail("malformed icon header \(width)×\(height) at \(index) of \(numbers.count)")
            }
            icons[width] = numbers[(index + 2)..<end]
            index = end
        }
        XCTAssertEqual(index, numbers.count, "the property is exactly a run of icons")
        XCTAssertEqual(icons.keys.sorted(), [16, 24, 32, 48, 64, 128])

        let png = EditorWindowHarness.packageRoot.appendingPathComponent("assets/icons/cropper-32.png").path
        let bitmap = try PhotoSource.open(path: png).decodeFull()
        let published = try XCTUnwrap(icons[32])
        let expected = (0..<32).flatMap { y in (0..<32).map { x in bitmap.pixel(x: x, y: y) } }
        XCTAssertEqual(Array(published), expected, "ARGB, row by row, as decoded from the PNG")
        XCTAssertEqual(published.first.map { $0 >> 24 }, 0, "the rounded corner is transparent")
        XCTAssertEqual(published[published.startIndex + 16 * 32 + 16] >> 24, 0xFF, "the middle is opaque")
    }

    private func xprop(_ arguments: [String]) throws -> String {
        try EditorWindowHarness.run("/usr/bin/xprop", arguments)
    }
}
