import CX11
import EditorState
import Foundation

/// Runs the real `cropper` binary in a window on the test display, drives it with xdotool, and reads
/// back its state log and its pixels.
public final class EditorWindowHarness {
    public let process = Process()
    public let logPath: String
    public let windowID: String
    public let workDirectory: String
    /// The photos on the command line (copies in `workDirectory` unless `copyPhoto` was false).
    public let photoPaths: [String]
    public var photoPath: String { photoPaths.first ?? "" }
    /// HOME and every XDG base directory of the launched program live here, never in the real home.
    public let home: TestHome
    /// The X display the window is on; nil for the test's own DISPLAY.
    public let display: String?
    private let standardErrorPath: String
    /// The state log, parsed as it grows.
    let log: StateLogReader
    /// Barriers sent so far: each one's token is the next number.
    var syncsSent = 0

    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    public static var samplePhoto: String { packageRoot.appendingPathComponent("assets/sample.jpg").path }

    /// Copies `photo` into a fresh folder (saves land beside it) and opens it in a 1280×800 window.
    public convenience init(photo: String, geometry: String? = "1280x800", copyPhoto: Bool = true, waitForImage: Bool = true,
                     home: TestHome? = nil, environment: [String: String] = [:]) throws {
        try self.init(photos: [photo], geometry: geometry, copyPhoto: copyPhoto, waitForImage: waitForImage,
                      home: home, environment: environment)
    }

    /// Copies `photos` into a fresh folder (saves land beside them) and opens them in a window of `geometry`
    /// (nil: the size Cropper chooses). `home` is shared between launches that should see each other's
    /// settings; by default each launch gets its own. `environment` adds to or overrides the variables,
    /// DISPLAY included. `executable` is the build's cropper unless a test runs an installed one.
    public init(photos: [String] = [EditorWindowHarness.samplePhoto], geometry: String? = "1280x800", copyPhoto: Bool = true,
         waitForImage: Bool = true, home: TestHome? = nil, environment extra: [String: String] = [:],
         executable: String = CropperExecutable.path) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil || extra["DISPLAY"] != nil else {
            throw skipping("needs an X display: run through scripts/with-display")
        }
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw skipping("build the cropper executable first (swift build)")
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
        log = StateLogReader(path: logPath)
        standardErrorPath = workDirectory + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: standardErrorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = photoPaths + (geometry.map { ["--geometry", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment.merging(self.home.environment) { _, isolated in isolated }
        environment["CROPPER_STATE_LOG"] = logPath
        environment.removeValue(forKey: "CROPPER_SCALE")
        // The source language unless a test asks for another (`LANGUAGE`, `LC_ALL` in `environment`).
        for name in ["LANGUAGE", "LANG", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC"] { environment.removeValue(forKey: name) }
        environment["LC_ALL"] = "C.UTF-8"
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

    /// What the program wrote to stderr so far.
    public var standardError: String { (try? String(contentsOfFile: standardErrorPath, encoding: .utf8)) ?? "" }

    // MARK: Driving the window (window coordinates)

    public func move(_ x: Double, _ y: Double) throws {
        try xdotool(["mousemove", "--window", windowID, String(Int(x.rounded())), String(Int(y.rounded()))])
    }

    public func click(_ x: Double, _ y: Double, button: Int = 1) throws {
        try move(x, y)
        try xdotool(["click", String(button)])
    }

    public func doubleClick(_ x: Double, _ y: Double) throws {
        try move(x, y)
        try xdotool(["click", "--repeat", "2", "--delay", "100", "1"])
    }

    /// Press at `from`, move there in steps, release at `to`.
    public func drag(from: (Double, Double), to: (Double, Double), button: Int = 1, steps: Int = 6) throws {
        try move(from.0, from.1)
        try xdotool(["mousedown", String(button)])
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try move(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
        }
        try xdotool(["mouseup", String(button)])
    }

    public func key(_ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", windowID])
        try xdotool(["key", "--delay", "30"] + keys)
    }

    public func type(_ text: String) throws {
        try xdotool(["windowfocus", "--sync", windowID])
        try xdotool(["type", "--delay", "30", text])
    }

    public func resizeWindow(width: Int, height: Int) throws {
        try xdotool(["windowsize", windowID, String(width), String(height)])
    }

    /// What a window manager sends when the user clicks the close button.
    public func sendDeleteWindow() throws {
        try sendClientMessage("WM_PROTOCOLS", first: { display in Int(XInternAtom(display, "WM_DELETE_WINDOW", 0)) })
    }

    /// A 32-bit ClientMessage of type `type` to the window, as another client sends it; `first` is `data.l[0]`.
    func sendClientMessage(_ type: String, first: (OpaquePointer) -> Int) throws {
        guard let display = XOpenDisplay(self.display), let window = Window(windowID) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(display) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, type, 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = first(display)
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XSync(display, 0)
    }

    /// Sets, or with nil deletes, an 8-bit property of the root window, as a colour manager sets `_ICC_PROFILE`.
    public func setRootProperty(_ name: String, bytes: [UInt8]?) throws {
        guard let display = XOpenDisplay(self.display) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display), atom = XInternAtom(display, name, 0)
        if let bytes {
            XChangeProperty(display, root, atom, XA_CARDINAL, 8, PropModeReplace, bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(display, root, atom)
        }
        XSync(display, 0)
    }

    public func waitForExit(timeout: Double = 5) -> Bool {
        Poll.until(timeout: timeout) { !process.isRunning }
        return !process.isRunning
    }

    // MARK: Pixels

    /// With `CROPPER_SCREENSHOTS` set to a folder (docs/ when refreshing the documentation's pictures), the window
    /// as it is now is saved there as `name`; otherwise nothing is done.
    public func saveDocsScreenshot(_ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try Self.run("/usr/bin/import", ["-window", windowID, folder + "/" + name], display: display)
    }

    /// The window's pixels once everything sent so far is handled and on screen (`settled()` first: a state line
    /// is written before the frame that shows it, so reading pixels on a state alone races the drawing).
    /// `settling: false` reads them as they are, for a caller that waited for its frame itself: the barrier's own
    /// frame repaints the whole window, which is no test of the frames before it (partial redraws).
    public func screenshot(settling: Bool = true) throws -> Screenshot {
        if settling { try settled() }
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
    public func xdotool(_ arguments: [String]) throws -> String {
        try Self.xdotool(arguments, display: display)
    }

    @discardableResult
    public static func xdotool(_ arguments: [String], display: String? = nil) throws -> String {
        try run("/usr/bin/xdotool", arguments, display: display)
    }

    /// What the CLIPBOARD's owner gives for `arguments` (e.g. `["-t", "image/png"]`), read by xclip as another
    /// program reads it: the raw bytes. Throws when xclip fails or takes longer than `timeout` seconds.
    public func xclipOutput(_ arguments: [String], timeout: Int = 20) throws -> [UInt8] {
        let (status, data) = try Self.capture("/usr/bin/timeout",
                                              [String(timeout), "xclip", "-selection", "clipboard", "-o"] + arguments,
                                              display: display)
        guard status == 0 else { throw HarnessError.toolFailed("xclip \(arguments): \(status)") }
        return Array(data)
    }

    /// Runs an X tool (xdotool, xprop) on `display` (nil: the test's own) and returns what it printed, trimmed.
    public static func run(_ executable: String, _ arguments: [String], display: String? = nil) throws -> String {
        String(decoding: try capture(executable, arguments, display: display).output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A tool's exit status and standard output, run on `display` (nil: the test's own).
    private static func capture(_ executable: String, _ arguments: [String],
                                display: String?) throws -> (status: Int32, output: Data) {
        let result = try Tools.run(executable, arguments, environment: display.map { ["DISPLAY": $0] } ?? [:])
        return (result.status, result.stdoutData)
    }
}
