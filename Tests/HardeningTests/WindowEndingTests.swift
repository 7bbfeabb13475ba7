import CropperTestSupport
import Foundation
import Glibc
import XCTest

/// How the window ends: cleanly when asked to, and with a message when its X server goes away.
final class WindowEndingTests: XCTestCase {
    /// Ctrl+Q and the window manager's close button end the process with status 0 (the display used
    /// to be closed before the back buffer's X resources were freed: SIGSEGV on every quit).
    func testQuittingExitsWithStatusZero() throws {
        for closeButton in [false, true] {
            let harness = try EditorWindowHarness()
            if closeButton { try harness.sendDeleteWindow() } else { try harness.key("ctrl+q") }
            XCTAssertTrue(harness.waitForExit(timeout: 10))
            XCTAssertEqual(harness.process.terminationReason, .exit, "ended by signal \(harness.process.terminationStatus)")
            XCTAssertEqual(harness.process.terminationStatus, 0)
        }
    }

    /// The X server under the window goes away: the app says so on stderr and exits non-zero, promptly.
    func testTheWindowExitsWithAMessageWhenItsXServerDies() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { throw XCTSkip("no Xvfb") }
        let cropper = CropperExecutable.path
        guard FileManager.default.isExecutableFile(atPath: cropper) else { throw XCTSkip("build cropper first") }
        for signal in [SIGTERM, SIGKILL] {
            let server = try PrivateXServer()
            let scratch = try ScratchDirectory()
            let log = scratch.file("state.jsonl")
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.display
            environment["CROPPER_STATE_LOG"] = log
            let app = try BoundedRun.start(cropper, [EditorWindowHarness.samplePhoto], environment: environment)
            try StateLogFile(path: log).waitFor("the photo") { $0.imageSize != nil }
            XCTAssertTrue(app.process.isRunning, "the window is up before the server goes")
            server.kill(signal)
            let ended = BoundedRun.finish(app, timeout: 10)
            XCTAssertFalse(ended.timedOut, "signal \(signal): the app hung after losing its display")
            XCTAssertNil(ended.signal, "signal \(signal): the app crashed instead of exiting")
            XCTAssertEqual(ended.status, 1)
            XCTAssertEqual(ended.stderr, "cropper: lost the connection to the X display \"\(server.display)\"; closing the window\n")
            XCTAssertLessThan(ended.seconds, 10)
        }
    }
}

/// An Xvfb of the test's own on a free display number, killed at will; its lock and socket go with it.
final class PrivateXServer {
    let display: String
    private let number: Int
    private let process = Process()

    init() throws {
        guard let free = (150...250).first(where: {
            !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
                && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        }) else { throw XCTSkip("no free X display number") }
        number = free
        display = ":\(free)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Poll.until(timeout: 10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(free)") }
    }

    func kill(_ signal: Int32) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        process.waitUntilExit()
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }

    deinit { kill(SIGTERM) }
}
