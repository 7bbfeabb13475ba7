import CX11
import EditorState
import Foundation
import XCTest

/// Runs the real `cropper` binary in a window on the test display, drives it with xdotool, and reads
/// back its state log and its pixels.
final class EditorWindowHarness {
    let process = Process()
    let logPath: String
    let windowID: String
    let workDirectory: String
    /// The photos on the command line (copies in `workDirectory` unless `copyPhoto` was false).
    let photoPaths: [String]
    var photoPath: String { photoPaths.first ?? "" }
    /// HOME and every XDG base directory of the launched program live here, never in the real home.
    let home: TestHome
    /// The X display the window is on; nil for the test's own DISPLAY.
    let display: String?
    private let standardErrorPath: String

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var executable: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cropper").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/cropper").path
    }

    static var samplePhoto: String { packageRoot.appendingPathComponent("assets/sample.jpg").path }

    /// Copies `photo` into a fresh folder (saves land beside it) and opens it in a 1280×800 window.
    convenience init(photo: String, geometry: String? = "1280x800", copyPhoto: Bool = true, waitForImage: Bool = true,
                     home: TestHome? = nil, environment: [String: String] = [:]) throws {
        try self.init(photos: [photo], geometry: geometry, copyPhoto: copyPhoto, waitForImage: waitForImage,
                      home: home, environment: environment)
    }

    /// Copies `photos` into a fresh folder (saves land beside them) and opens them in a window of `geometry`
    /// (nil: the size Cropper chooses). `home` is shared between launches that should see each other's
    /// settings; by default each launch gets its own. `environment` adds to or overrides the variables,
    /// DISPLAY included.
    init(photos: [String] = [EditorWindowHarness.samplePhoto], geometry: String? = "1280x800", copyPhoto: Bool = true,
         waitForImage: Bool = true, home: TestHome? = nil, environment extra: [String: String] = [:]) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil || extra["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: run through scripts/with-display")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw XCTSkip("build the cropper executable first (swift build)")
        }
        workDirectory = NSTemporaryDirectory() + "cropper-ui-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
        if copyPhoto {
            var copies: [String] = []
            for photo in photos {
                let copy = workDirectory + "/" + URL(fileURLWithPath: photo).lastPathComponent
                try FileManager.default.copyItem(atPath: photo, toPath: copy)
                copies.append(copy)
            }
            photoPaths = copies
        } else {
            photoPaths = photos
        }
        self.home = try home ?? TestHome()
        display = extra["DISPLAY"]
        logPath = workDirectory + "/state.jsonl"
        standardErrorPath = workDirectory + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: standardErrorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = photoPaths + (geometry.map { ["--geometry", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment.merging(self.home.environment) { _, isolated in isolated }
        environment["CROPPER_STATE_LOG"] = logPath
        environment.removeValue(forKey: "CROPPER_SCALE")
        environment.merge(extra) { _, override in override }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: standardErrorPath)
        try process.run()
        windowID = try Self.xdotool(["search", "--sync", "--pid", String(process.processIdentifier), "--class", "cropper"],
                                    display: display)
            .split(separator: "\n").first.map(String.init) ?? ""
        guard !windowID.isEmpty else { throw HarnessError.noWindow }
        if waitForImage {
            _ = try waitFor("the photo to load") { $0.imageSize != nil && !$0.loading }
        }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: workDirectory)
    }

    // MARK: State log

    func entries() -> [LogEntry] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { LogEntry(line: String($0)) }
    }

    var current: LogEntry? { entries().last }

    /// What the program wrote to stderr so far.
    var standardError: String { (try? String(contentsOfFile: standardErrorPath, encoding: .utf8)) ?? "" }

    /// Polls the log until its latest entry satisfies `condition`.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 5, _ condition: (LogEntry) -> Bool) throws -> LogEntry {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let last = current, condition(last) { return last }
            usleep(20_000)
        }
        throw HarnessError.timeout(what, current?.raw ?? "no log")
    }

    /// Waits until nothing moves: no gesture, no animation.
    @discardableResult
    func waitUntilSettled() throws -> LogEntry {
        try waitFor("the editor to settle") { $0.activity == "idle" && !$0.animating }
    }

    // MARK: Driving the window (window coordinates)

    func move(_ x: Double, _ y: Double) throws {
        try xdotool(["mousemove", "--window", windowID, String(Int(x.rounded())), String(Int(y.rounded()))])
    }

    func click(_ x: Double, _ y: Double, button: Int = 1) throws {
        try move(x, y)
        try xdotool(["click", String(button)])
    }

    func doubleClick(_ x: Double, _ y: Double) throws {
        try move(x, y)
        try xdotool(["click", "--repeat", "2", "--delay", "100", "1"])
    }

    /// Press at `from`, move there in steps, release at `to`.
    func drag(from: (Double, Double), to: (Double, Double), button: Int = 1, steps: Int = 6) throws {
        try move(from.0, from.1)
        try xdotool(["mousedown", String(button)])
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try move(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
        }
        try xdotool(["mouseup", String(button)])
    }

    func key(_ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", windowID])
        try xdotool(["key", "--delay", "30"] + keys)
    }

    func type(_ text: String) throws {
        try xdotool(["windowfocus", "--sync", windowID])
        try xdotool(["type", "--delay", "30", text])
    }

    func resizeWindow(width: Int, height: Int) throws {
        try xdotool(["windowsize", windowID, String(width), String(height)])
    }

    /// What a window manager sends when the user clicks the close button.
    func sendDeleteWindow() throws {
        guard let display = XOpenDisplay(self.display), let window = Window(windowID) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(display) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XFlush(display)
    }

    func waitForExit(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    // MARK: Pixels

    func screenshot() throws -> Screenshot {
        guard let display = XOpenDisplay(self.display), let window = Window(windowID) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        guard let image = XGetImage(display, window, 0, 0, UInt32(attributes.width), UInt32(attributes.height), UInt.max, ZPixmap) else {
            throw HarnessError.noPixels
        }
        defer { cx11_destroy_image(image) }
        let width = Int(attributes.width), height = Int(attributes.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = UInt32(truncatingIfNeeded: cx11_get_pixel(image, Int32(x), Int32(y)))
            }
        }
        return Screenshot(width: width, height: height, pixels: pixels)
    }

    // MARK: X tools

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try Self.xdotool(arguments, display: display)
    }

    @discardableResult
    static func xdotool(_ arguments: [String], display: String? = nil) throws -> String {
        try run("/usr/bin/xdotool", arguments, display: display)
    }

    /// Runs an X tool (xdotool, xprop) on `display` (nil: the test's own) and returns what it printed, trimmed.
    static func run(_ executable: String, _ arguments: [String], display: String? = nil) throws -> String {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: executable)
        tool.arguments = arguments
        if let display {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            tool.environment = environment
        }
        let output = Pipe()
        tool.standardOutput = output
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case noWindow, noPixels
    case timeout(String, String)

    var description: String {
        switch self {
        case .noWindow: "the cropper window did not appear"
        case .noPixels: "could not read the window's pixels"
        case let .timeout(what, last): "timed out waiting for \(what); last state: \(last)"
        }
    }
}

/// The window's pixels as 0xRRGGBB.
struct Screenshot {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = pixels[y * width + x]
        return (Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff))
    }

    /// Mean colour of a rectangle of window pixels.
    func mean(x: Int, y: Int, width w: Int, height h: Int) -> (r: Double, g: Double, b: Double) {
        var sum = (0, 0, 0)
        for py in y..<(y + h) {
            for px in x..<(x + w) {
                let c = rgb(px, py)
                sum = (sum.0 + c.r, sum.1 + c.g, sum.2 + c.b)
            }
        }
        let n = Double(w * h)
        return (Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n)
    }
}
