import CropperTestSupport
import Foundation
import XCTest

/// The window at its narrowest and at HiDPI: the toolbar's and status bar's controls, as the state log lists
/// them, never overlap and never leave the window; the "more" menu holds what did not fit.
final class AdaptiveLayoutWindowTests: XCTestCase {
    private func controls(_ entry: LogEntry) -> [(id: String, rect: [Double])] {
        (entry.fields["controls"] as? [[String: Any]] ?? []).compactMap { control in
            guard let id = control["id"] as? String, let rect = control["rect"] as? [Double] else { return nil }
            return (id, rect)
        }
    }

    private func assertApart(_ entry: LogEntry, width: Double, height: Double, file: StaticString = #filePath, line: UInt = #line) {
        let parts = controls(entry)
        XCTAssertFalse(parts.isEmpty, "the state log lists the controls", file: file, line: line)
        for (index, part) in parts.enumerated() {
            let r = part.rect
            XCTAssertTrue(r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= width && r[1] + r[3] <= height,
                          "\(part.id) \(r) leaves the \(width)×\(height) window", file: file, line: line)
            for other in parts[(index + 1)...] {
                let o = other.rect
                let apart = r[0] + r[2] <= o[0] || o[0] + o[2] <= r[0] || r[1] + r[3] <= o[1] || o[1] + o[3] <= r[1]
                XCTAssertTrue(apart, "\(part.id) \(r) overlaps \(other.id) \(o)", file: file, line: line)
            }
        }
    }

    private func saveShot(_ harness: EditorWindowHarness, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try EditorWindowHarness.run("/usr/bin/import", ["-window", harness.windowID, folder + "/" + name],
                                        display: harness.display)
    }

    func testScaleTwoInA1280By800WindowHidesNothingItCannotShow() throws {
        let harness = try EditorWindowHarness(geometry: "1280x800", environment: ["CROPPER_SCALE": "2"])
        try harness.waitUntilSettled()
        let shown = try harness.settled()
        XCTAssertEqual(shown.number("scale"), 2)
        assertApart(shown, width: 1280, height: 800)
        try saveShot(harness, "screenshot-scale2-1280.png")
    }

    func testTheSmallestWindowAtScaleOne() throws {
        let harness = try EditorWindowHarness(geometry: "720x440")
        try harness.waitUntilSettled()
        assertApart(try harness.settled(), width: 720, height: 440)
    }

    func testTheMoreMenuRunsWhatTheToolbarHadNoRoomFor() throws {
        let display = try PrivateDisplay(width: 1280, height: 800)
        let harness = try EditorWindowHarness(geometry: "1280x800", environment: ["DISPLAY": display.name, "CROPPER_SCALE": "2.5"])
        try harness.waitUntilSettled()
        let start = try harness.settled()
        assertApart(start, width: 1280, height: 800)
        let more = try XCTUnwrap(controls(start).first { $0.id == "moreCommands" }?.rect, "a 512 px toolbar has a more button")
        try harness.click(more[0] + more[2] / 2, more[1] + more[3] / 2)
        let open = try harness.waitFor("the menu") { ($0.fields["overlays"] as? [String])?.first == "menu" }
        let items = (open.fields["menu"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let flip = try XCTUnwrap(items.first { $0["id"] as? String == "flipHorizontal" }?["rect"] as? [Double])
        try saveShot(harness, "screenshot-more-menu.png")
        try harness.click(flip[0] + flip[2] / 2, flip[1] + flip[3] / 2)
        let flipped = try harness.waitFor("the flip") { $0.fields["userTransform"] as? Int == 2 }
        XCTAssertEqual(flipped.fields["overlays"] as? [String], [], "the menu closed")
    }
}
