import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// The numbers' fields in the real window: typing, and copy and paste with another X program (xclip).
final class TextFieldWindowTests: XCTestCase {
    /// The xclips that own a selection, each until its one paste; ended with the test.
    private var owners: [BoundedRun.Started] = []

    override func tearDown() {
        for owner in owners { _ = BoundedRun.finish(owner, timeout: 0) }
        owners = []
    }

    private func numbers(_ entry: LogEntry) -> [String] {
        (entry.fields["numericEntry"] as? [String: Any])?["fields"] as? [String] ?? []
    }

    /// xclip reading (`-o`) or, with `input`, owning the selection with it.
    @discardableResult
    private func xclip(_ selection: String, input: String? = nil) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") else { throw XCTSkip("needs xclip") }
        guard let input else { return try Tools.run("/usr/bin/xclip", ["-selection", selection, "-o"], timeout: 20).stdout }
        // Owning, xclip stays in the foreground (-quiet: a forked daemon would hide its end) until one paste.
        owners.append(try BoundedRun.start("/usr/bin/xclip", ["-quiet", "-selection", selection, "-i", "-loops", "1"],
                                           input: Data(input.utf8)))
        return ""
    }

    func testTypedNumbersSetTheBox() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numbers") { $0.visible("numericEntry") }
        try harness.type("100\t50\t640\t480\n")
        let set = try harness.waitFor("the typed box") { $0.crop != nil }
        XCTAssertEqual(set.crop, PixelRect(x: 100, y: 50, width: 640, height: 480))
    }

    func testCopyAndPasteWithAnotherProgramBothWays() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numbers") { $0.visible("numericEntry") }
        try harness.key("Tab", "Tab", "ctrl+c")
        try harness.sync()
        XCTAssertEqual(try xclip("clipboard"), "1800", "Ctrl+C put the selected width on the CLIPBOARD")
        XCTAssertEqual(try xclip("primary"), "1800", "Tab selected the width: it is PRIMARY too")

        try xclip("clipboard", input: "640")
        try harness.key("ctrl+a", "ctrl+v")
        let pasted = try harness.waitFor("the pasted width") { self.numbers($0).count == 4 && self.numbers($0)[2] == "640" }
        XCTAssertEqual(numbers(pasted), ["0", "0", "640", "1200"])
        try harness.key("Return")
        let applied = try harness.waitFor("the box") { $0.crop != nil }
        XCTAssertEqual(applied.crop, PixelRect(x: 0, y: 0, width: 640, height: 1200))
    }
}
