import CX11
import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Ctrl+C puts the crop on the CLIPBOARD as image/png and image/jpeg, read back by xclip as another program
/// would; a large one comes through the ICCCM's INCR transfer.
/// Sets the box to 450,300 700×500 on the sample, turns it and presses Ctrl+C; the toast that says so.
@discardableResult
func copyTurnedCrop(_ harness: EditorWindowHarness) throws -> LogEntry {
    try harness.waitUntilSettled()
    try harness.key("n")
    try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
    try harness.type("450\t300\t700\t500\n")
    try harness.waitFor("the box") { $0.crop == PixelRect(x: 450, y: 300, width: 700, height: 500) }
    try harness.key("r")
    try harness.key("ctrl+c")
    return try harness.waitFor("the copy") { $0.toast?.hasPrefix("Copied the crop") == true }
}

final class CopyCropTests: XCTestCase {
    func testTheCopiedCropIsThePNGAndJPEGOfTheCrop() throws {
        try Tools.require("xclip")
        let harness = try EditorWindowHarness()
        let copied = try copyTurnedCrop(harness)
        XCTAssertEqual(copied.toast, "Copied the crop (500 × 700) to the clipboard")

        let targets = try harness.xclipOutput(["-t", "TARGETS"])
        XCTAssertEqual(Set(String(decoding: targets, as: UTF8.self).split(separator: "\n").map(String.init)),
                       ["TARGETS", "MULTIPLE", "TIMESTAMP", "image/png", "image/jpeg"])

        let pasted = harness.workDirectory + "/pasted.png"
        try Data(try harness.xclipOutput(["-t", "image/png"])).write(to: URL(fileURLWithPath: pasted))
        let expected = harness.workDirectory + "/by-the-command-line.png"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--rect", "450,300,700,500",
                                                      "--rotate", "90", "-o", expected])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(pasted), try readBytes(expected), "the same PNG as the command line's crop")
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.width, 500)

        let jpeg = try harness.xclipOutput(["-t", "image/jpeg"])
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
        let pastedJPEG = harness.workDirectory + "/pasted.jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: pastedJPEG))
        XCTAssertEqual(SavedPhoto.decodedSize(pastedJPEG)?.height, 700)
    }

    /// 24 MP of a grainy photo is megabytes even as JPEG: far over one request, so it comes in INCR pieces.
    func testAFullSize24MPCopyComesThroughINCR() throws {
        try Tools.require("xclip")
        let scratch = try ScratchDirectory()
        let photo = scratch.file("big.jpg")
        try Tools.run("/usr/bin/convert", ["-size", "6000x4000", "gradient:#204060-#e0c080", "-attenuate", "0.2",
                                           "+noise", "Gaussian", "-quality", "90", photo])
        let harness = try EditorWindowHarness(photos: [photo], copyPhoto: false)
        try harness.waitUntilSettled()
        try harness.key("ctrl+c")
        try harness.waitFor("the copy") { $0.toast?.hasPrefix("Copied the crop (6000 × 4000)") == true }
        let jpeg = try harness.xclipOutput(["-t", "image/jpeg"], timeout: 60)
        XCTAssertGreaterThan(jpeg.count, 1 << 20, "more than any single request carries")
        let pasted = scratch.file("pasted.jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: pasted))
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.width, 6000)
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.height, 4000)
    }
}

/// Quitting with the crop on the CLIPBOARD: a clipboard manager, when one runs, is handed the crop, so it can
/// still be pasted after Cropper is gone.
final class ClipboardHandoffTests: XCTestCase {
    /// Copies a turned 700×500 crop of the sample and answers the close question with Don't Save.
    private func copyAndQuit(_ harness: EditorWindowHarness) throws {
        try copyTurnedCrop(harness)
        try harness.key("ctrl+q")
        try harness.waitFor("the close question") { $0.visible("confirm") }
        try harness.key("d")
    }

    private func commandLineCrop(_ harness: EditorWindowHarness) throws -> [UInt8] {
        let expected = harness.workDirectory + "/by-the-command-line.png"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--rect", "450,300,700,500",
                                                      "--rotate", "90", "-o", expected])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        return try readBytes(expected)
    }

    /// The window asked the manager, and ended on its answer.
    private func assertHandedOff(_ harness: EditorWindowHarness, file: StaticString = #filePath, line: UInt = #line) {
        let events = harness.entries().filter { !$0.isFrame }.map(\.event)
        XCTAssertEqual(events.last, "clipboardHandoffAnswered", file: file, line: line)
        XCTAssertEqual(events.filter { $0 == "clipboardHandoff" }.count, 1, file: file, line: line)
    }

    func testTheClipboardManagerKeepsTheCropAfterQuit() throws {
        try Tools.require("xclip")
        let display = try PrivateDisplay(width: 1280, height: 800)
        let manager = try ClipboardManagerFixture(display: display.name)
        let harness = try EditorWindowHarness(environment: ["DISPLAY": display.name])
        try copyAndQuit(harness)
        XCTAssertTrue(harness.waitForExit(timeout: 30), "Cropper ends once the manager has the crop")
        assertHandedOff(harness)
        XCTAssertEqual(Array(manager.kept.keys), ["image/png"], "only the target Cropper asked it to keep")

        let pasted = try harness.xclipOutput(["-t", "image/png"])
        XCTAssertEqual(pasted, try commandLineCrop(harness), "pasted after quit: the crop, as the command line makes it")
    }

    /// xfce4-clipman, a real manager: it copies every clipboard as it changes and never answers SAVE_TARGETS, so
    /// Cropper waits out its patience; then the manager puts back what it copied.
    func testXfceClipmanStillPastesTheCropAfterQuit() throws {
        try Tools.require("xclip")
        try Tools.require("xfce4-clipman")
        let display = try PrivateDisplay(width: 1280, height: 800)
        let home = try TestHome()
        // A session bus of its own (xfce4-clipman reads its settings through xfconf on it), stopped with the test.
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--print-address=1"]
        let address = Pipe()
        bus.standardOutput = address
        try bus.run()
        defer { bus.terminate() }
        let busAddress = String(decoding: address.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let clipman = Process()
        clipman.executableURL = URL(fileURLWithPath: "/usr/bin/xfce4-clipman")
        clipman.environment = ProcessInfo.processInfo.environment.merging(home.environment) { _, isolated in isolated }
            .merging(["DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": busAddress, "NO_AT_BRIDGE": "1"]) { _, ours in ours }
        clipman.standardOutput = FileHandle.nullDevice
        let clipmanErrors = home.path + "/clipman-stderr.txt"
        _ = FileManager.default.createFile(atPath: clipmanErrors, contents: nil)
        clipman.standardError = FileHandle(forWritingAtPath: clipmanErrors)
        try clipman.run()
        defer { clipman.terminate() }
        // A manager that cannot start here (a desktop package missing) is the machine's matter, not Cropper's: the
        // convention itself is tested above with the fixture.
        guard Poll.until(timeout: 20, { Self.clipboardManagerRuns(on: display.name) }) else {
            let said = (try? String(contentsOfFile: clipmanErrors, encoding: .utf8)) ?? ""
            throw XCTSkip("xfce4-clipman did not take CLIPBOARD_MANAGER within 20 s: \(said.suffix(400))")
        }

        let harness = try EditorWindowHarness(environment: ["DISPLAY": display.name])
        try copyAndQuit(harness)
        XCTAssertTrue(harness.waitForExit(timeout: 20))
        XCTAssertTrue(harness.entries().contains { $0.event == "clipboardHandoff" })
        var pasted: [UInt8] = []
        XCTAssertTrue(Poll.until(timeout: 10) {
            pasted = (try? harness.xclipOutput(["-t", "image/png"], timeout: 5)) ?? []
            return !pasted.isEmpty
        }, "the manager serves the crop once Cropper is gone")
        XCTAssertEqual(pasted, try commandLineCrop(harness))
    }

    private static func clipboardManagerRuns(on name: String) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        defer { XCloseDisplay(display) }
        return XGetSelectionOwner(display, XInternAtom(display, "CLIPBOARD_MANAGER", 0)) != 0
    }

    func testAManagerThatRefusesDoesNotKeepCropperWaiting() throws {
        let display = try PrivateDisplay(width: 1280, height: 800)
        let manager = try ClipboardManagerFixture(display: display.name, refusing: true)
        let harness = try EditorWindowHarness(environment: ["DISPLAY": display.name])
        try copyAndQuit(harness)
        // Well inside the 5 s Cropper gives a silent manager.
        XCTAssertTrue(harness.waitForExit(timeout: 3))
        assertHandedOff(harness)
        XCTAssertTrue(manager.kept.isEmpty)
    }

    func testWithoutAManagerCropperQuitsAtOnce() throws {
        let display = try PrivateDisplay(width: 1280, height: 800)
        let harness = try EditorWindowHarness(environment: ["DISPLAY": display.name])
        try copyAndQuit(harness)
        XCTAssertTrue(harness.waitForExit(timeout: 3))
        XCTAssertFalse(harness.entries().filter { !$0.isFrame }.map(\.event).contains("clipboardHandoff"))
    }
}
