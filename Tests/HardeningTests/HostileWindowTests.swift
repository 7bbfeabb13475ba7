import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// The window meets hostile files at launch and through Ctrl+O: each one either shows or is named in
/// a message, and the window keeps answering.
final class HostileWindowTests: XCTestCase {
    func testLaunchedWithANamedPipeTheWindowSaysSoAndKeepsAnswering() throws {
        let scratch = try ScratchDirectory()
        let pipe = try XCTUnwrap(try HostileFiles.nonFiles(in: scratch).first { $0.name == "named pipe" })
        let harness = try EditorWindowHarness(photo: pipe.path, copyPhoto: false, waitForImage: false)
        let failed = try harness.waitFor("the load error") { $0.fields["loadError"] is String }
        XCTAssertEqual(failed.fields["loadError"] as? String, "not readable (not a regular file)")
        try assertAnswers(harness)
    }

    func testLaunchedWithAFileThatVanishedTheWindowSaysSo() throws {
        let scratch = try ScratchDirectory()
        let gone = try XCTUnwrap(try HostileFiles.nonFiles(in: scratch).first { $0.name == "vanished" })
        let harness = try EditorWindowHarness(photo: gone.path, copyPhoto: false, waitForImage: false)
        let failed = try harness.waitFor("the load error") { $0.fields["loadError"] is String }
        XCTAssertEqual(failed.fields["loadError"] as? String, "not found")
        try assertAnswers(harness)
    }

    /// One window, a run of hostile files opened by typing their names at Ctrl+O.
    func testOpeningHostileFilesThroughThePathPrompt() throws {
        let scratch = try ScratchDirectory()
        let all = try HostileFiles.make(in: scratch) + HostileFiles.nonFiles(in: scratch)
        let chosen = ["empty.jpg", "cut0-at-1.jpg", "cut3", "cut7", "flipped1.jpg", "flipped2.png", "bomb-65535.jpg",
                      "bomb-65535.png", "zero-size.png", "exif-loops.jpg", "exif-huge-counts.jpg", "cmyk.jpg",
                      "progressive.jpg", "png16.png", "palette.png", "named pipe"]
        let files = chosen.compactMap { name in all.first { $0.name.hasPrefix(name) } }
        // Every file sits in the scratch folder, which Ctrl+O starts in: typing the name is enough.
        let first = try scratch.copy(HostileFiles.photo, as: "first.jpg")
        let harness = try EditorWindowHarness(photo: first, copyPhoto: false)
        for file in files {
            XCTAssertEqual(file.path, scratch.file(URL(fileURLWithPath: file.path).lastPathComponent))
            try harness.key("ctrl+o")
            try harness.waitFor("the open field") { $0.visible("dialog") }
            try harness.type(URL(fileURLWithPath: file.path).lastPathComponent + "\n")
            let shown = try harness.waitFor("\(file.name) to load or fail", timeout: 10) {
                $0.fields["image"] as? String == shownPath(file.path) && !$0.loading && !$0.visible("dialog")
            }
            let error = shown.fields["loadError"] as? String
            switch file.decode {
            case .opens: XCTAssertNil(error, file.name)
            case .refused(let reason): XCTAssertEqual(error, reason, file.name)
            case .either: XCTAssertTrue(error != nil || shown.imageSize != nil, file.name)
            }
            if error == nil { XCTAssertNotNil(shown.imageSize, file.name) }
        }
        // Not files at all: the field itself says so, and nothing is opened.
        for (typed, message) in [(scratch.path, "That is a folder — type a file name (Tab completes)"),
                                 (scratch.file("nothing.jpg"), "No such file: \(scratch.file("nothing.jpg"))")] {
            try harness.key("ctrl+o")
            try harness.key("ctrl+u")
            try harness.type(typed + "\n")
            try harness.waitFor("the refusal of \(typed)") {
                ($0.fields["dialog"] as? [String: Any])?["message"] as? String == message
            }
            try harness.key("Escape")
        }
        try assertAnswers(harness)
    }

    /// A 196-megapixel photo takes the loader a second or more at full resolution; meanwhile the window
    /// answers keys: reading and decoding never happen on the event loop.
    func testTheWindowAnswersWhileABigPhotoDecodes() throws {
        let scratch = try ScratchDirectory()
        let big = try scratch.write(try HostileFiles.declaring(try readBytes(HostileFiles.photo), width: 14000,
                                                               height: 14000), as: "big.jpg")
        let harness = try EditorWindowHarness(photo: HostileFiles.photo, copyPhoto: false)
        try harness.key("ctrl+o")
        try harness.key("ctrl+u")
        try harness.type(big + "\n")
        try harness.waitFor("the preview", timeout: 10) { $0.fields["image"] as? String == shownPath(big) && !$0.loading }
        try harness.key("question")
        try harness.waitFor("the full-resolution bitmap", timeout: 30) { $0.fields["fullResolution"] as? Bool == true }
        let answered = harness.entries().contains {
            $0.fields["image"] as? String == shownPath(big) && $0.visible("shortcuts") && $0.fields["fullResolution"] as? Bool == false
        }
        XCTAssertTrue(answered, "the shortcut sheet opened while the full-resolution decode was running")
    }

    /// A path as the window shows it: absolute, without `//` or `.` parts.
    private func shownPath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The window is alive: a key changes what it shows, and the process still runs.
    private func assertAnswers(_ harness: EditorWindowHarness) throws {
        let before = harness.current?.visible("shortcuts") ?? false
        try harness.key("question")
        try harness.waitFor("the shortcut sheet to toggle") { $0.visible("shortcuts") != before }
        XCTAssertTrue(harness.process.isRunning)
    }
}
