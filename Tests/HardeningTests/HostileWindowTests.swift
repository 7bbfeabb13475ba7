import CropperTestSupport
import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// The window meets hostile files at launch and through the Ctrl+O file dialog: each one either shows
/// or is named in a message, and the window keeps answering.
final class HostileWindowTests: XCTestCase {
    /// Launched with a named pipe (which must not block the loader) or a file that vanished after it was
    /// listed: the canvas says why, and the window keeps answering.
    func testLaunchedWithAPipeOrAVanishedFileTheWindowSaysSoAndKeepsAnswering() throws {
        let scratch = try ScratchDirectory()
        let files = try HostileFiles.nonFiles(in: scratch)
        for (name, reason) in [("named pipe", "not readable (not a regular file)"), ("vanished", "not found")] {
            let file = try XCTUnwrap(files.first { $0.name == name })
            let harness = try EditorWindowHarness(photo: file.path, copyPhoto: false, waitForImage: false)
            let failed = try harness.waitFor("the load error") { $0.fields["loadError"] is String }
            XCTAssertEqual(failed.fields["loadError"] as? String, reason, name)
            try assertAnswers(harness)
        }
    }

    /// As root every file is readable, so the window runs as `nobody` to meet EACCES: the canvas says
    /// so, the window answers keys and quits cleanly.
    func testAFileWithoutReadPermissionInTheWindow() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run the window as nobody")
        }
        let scratch = try ScratchDirectory()
        chmod(scratch.path, 0o777)
        let secret = try scratch.copy(HostileFiles.photo, as: "secret.jpg")
        chmod(secret, 0)
        let log = scratch.file("state.jsonl")
        _ = FileManager.default.createFile(atPath: log, contents: nil, attributes: [.posixPermissions: 0o666])
        var environment = ProcessInfo.processInfo.environment
        environment["CROPPER_STATE_LOG"] = log
        for (name, folder) in [("HOME", ""), ("XDG_CONFIG_HOME", "/config"), ("XDG_DATA_HOME", "/data"),
                               ("XDG_CACHE_HOME", "/cache")] {
            environment[name] = scratch.path + folder
        }
        let window = try BoundedRun.start("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                               CropperExecutable.path, secret],
                                          environment: environment)
        let stateLog = StateLogFile(path: log)
        let refused = try stateLog.waitFor("the load error") { $0.fields["loadError"] is String }
        XCTAssertEqual(refused.fields["loadError"] as? String, "not readable (Permission denied)")
        let windowID = try EditorWindowHarness.xdotool(["search", "--sync", "--pid", String(window.pid), "--class", "cropper"])
            .split(separator: "\n").first.map(String.init) ?? ""
        try EditorWindowHarness.xdotool(["windowfocus", "--sync", windowID])
        try EditorWindowHarness.xdotool(["key", "question"])
        try stateLog.waitFor("the window to answer with the shortcut sheet") { $0.visible("shortcuts") }
        try EditorWindowHarness.xdotool(["key", "Escape", "ctrl+q"])
        let ended = BoundedRun.finish(window, timeout: 10)
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertFalse(ended.timedOut)
    }

    /// A settings file that is a named pipe is refused without waiting on it, with a warning that says why
    /// (Foundation's reading called it a permission problem); the window starts with the defaults.
    func testASettingsFileThatIsANamedPipeGetsAClearWarningAndTheDefaults() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(atPath: home.configHome + "/cropper", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(home.settingsFile, 0o600), 0)
        let log = home.path + "/state.jsonl"
        var environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        environment["CROPPER_STATE_LOG"] = log
        let window = try BoundedRun.start(CropperExecutable.path, [HostileFiles.photo], environment: environment)
        // The window started and showed the photo.
        try StateLogFile(path: log).waitFor("the photo") { $0.imageSize != nil }
        let windowID = try EditorWindowHarness.xdotool(["search", "--sync", "--pid", String(window.pid), "--class", "cropper"])
            .split(separator: "\n").first.map(String.init) ?? ""
        try EditorWindowHarness.xdotool(["windowfocus", "--sync", windowID])
        try EditorWindowHarness.xdotool(["key", "ctrl+q"])
        let ended = BoundedRun.finish(window, timeout: 10)
        XCTAssertEqual(ended.status, 0)
        XCTAssertTrue(ended.stderr.contains("cropper: could not read the settings in \(home.settingsFile); using the "
                                            + "defaults (not readable (not a regular file))"), ended.stderr)
    }

    /// One window, a run of hostile files opened by typing their paths into the Ctrl+O file dialog.
    func testOpeningHostileFilesThroughTheFileDialog() throws {
        let scratch = try ScratchDirectory()
        let all = try HostileFiles.make(in: scratch) + HostileFiles.nonFiles(in: scratch)
        let chosen = ["empty.jpg", "cut0-at-1.jpg", "cut3", "cut7", "flipped1.jpg", "flipped2.png", "bomb-65535.jpg",
                      "bomb-65535.png", "zero-size.png", "exif-loops.jpg", "exif-huge-counts.jpg", "cmyk.jpg",
                      "progressive.jpg", "png16.png", "palette.png", "named pipe", "character device"]
        let files = chosen.compactMap { name in all.first { $0.name.hasPrefix(name) } }
        XCTAssertEqual(files.count, chosen.count - (Tools.available("convert") ? 0 : 4))
        let harness = try EditorWindowHarness(photo: HostileFiles.photo, copyPhoto: false)
        let keyboard = try XTestClient(windowID: harness.windowID)
        keyboard.focus()
        func typeInDialog(_ path: String) throws {
            try harness.key("ctrl+o")
            try harness.waitFor("the file dialog") { $0.visible("dialog") }
            keyboard.type(path + "\n")
            keyboard.sync()
        }
        func dialogError(_ entry: LogEntry) -> String? {
            (entry.fields["dialog"] as? [String: Any])?["error"] as? String
        }
        for file in files {
            let before = harness.current?.fields["image"] as? String
            try typeInDialog(file.path)
            let shown = try harness.waitFor("\(file.name) to load or fail", timeout: 10) {
                ($0.fields["image"] as? String == shownPath(file.path) && !$0.loading && !$0.visible("dialog"))
                    || dialogError($0) != nil
            }
            if let refusal = dialogError(shown) {
                // Not a regular file, or not a JPEG or PNG by its first bytes: the dialog says so in a line and
                // stays, and the photo open before is still there.
                if case .opens = file.decode { XCTFail("\(file.name) was refused by the dialog: \(refusal)") }
                XCTAssertTrue(refusal.hasPrefix(URL(fileURLWithPath: file.path).lastPathComponent), refusal)
                XCTAssertEqual(shown.fields["image"] as? String, before)
                try harness.key("Escape")
                try harness.waitFor("the dialog closed") { !$0.visible("dialog") }
                continue
            }
            let error = shown.fields["loadError"] as? String
            switch file.decode {
            case .opens: XCTAssertNil(error, file.name)
            case .refused(let reason): XCTAssertEqual(error, reason, file.name)
            case .either: XCTAssertTrue(error != nil || shown.imageSize != nil, file.name)
            }
            if error == nil { XCTAssertNotNil(shown.imageSize, file.name) }
        }
        // A path to nothing: the dialog says so and stays; a folder is shown, not opened.
        let nothing = scratch.file("nothing.jpg")
        try typeInDialog(nothing)
        try harness.waitFor("the refusal of \(nothing)") {
            ($0.fields["dialog"] as? [String: Any])?["message"] as? String == "No such file: \(shownPath(nothing))"
        }
        try harness.key("Escape")
        try typeInDialog(scratch.path)
        try harness.waitFor("the folder listed") {
            ($0.fields["dialog"] as? [String: Any])?["path"] as? String == shownPath(scratch.path)
        }
        try harness.key("Escape")
        try assertAnswers(harness)
    }

    /// A 196-megapixel photo takes the loader a second or more at full resolution; meanwhile the window
    /// answers keys: reading and decoding never happen on the event loop.
    func testTheWindowAnswersWhileABigPhotoDecodes() throws {
        let scratch = try ScratchDirectory()
        // Progressive, because a baseline JPEG this big has its full resolution decoded from the preview's own
        // entropy decode and arrives with the preview (FedFullDecode): there would be no decode left to wait on.
        let progressive = scratch.file("progressive.jpg")
        XCTAssertEqual(try Tools.run("jpegtran", ["-progressive", "-copy", "all", "-outfile", progressive,
                                                  HostileFiles.photo]).status, 0)
        let big = try scratch.write(try HostileFiles.declaring(try readBytes(progressive), width: 14000,
                                                               height: 14000), as: "big.jpg")
        let harness = try EditorWindowHarness(photo: HostileFiles.photo, copyPhoto: false)
        try harness.key("ctrl+o")
        try harness.waitFor("the file dialog") { $0.visible("dialog") }
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
