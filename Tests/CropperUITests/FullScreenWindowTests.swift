import CX11
import CropperTestSupport
import Foundation
import XCTest

/// F11 under a real EWMH window manager (openbox on a private Xvfb): the window asks for
/// `_NET_WM_STATE_FULLSCREEN`, the manager makes it cover the screen, and F11 again or Esc gives its size back.
final class FullScreenWindowTests: XCTestCase {
    private static let screen = (width: 1280, height: 800)

    /// Cropper's 900×600 window on a private screen, taken in by openbox. The manager starts once the window is
    /// up and adopts it as it starts, as it does every window already there: a window mapped while openbox was
    /// starting could fall between its look at the existing windows and its redirect, and stay unmanaged (about
    /// one run in four with the release build).
    private static func windowUnderOpenbox() throws -> (EditorWindowHarness, WindowManager) {
        let display = try PrivateDisplay(width: screen.width, height: screen.height)
        let harness = try EditorWindowHarness(geometry: "900x600", environment: ["DISPLAY": display.name])
        try harness.waitFor("the window") { $0.window?.width == 900 && $0.window?.height == 600 }
        let manager = try WindowManager(on: display)
        try manager.waitUntilManaged(harness.windowID)
        return (harness, manager)
    }

    func testF11CoversTheScreenWithTheStateSetAndF11AgainRestoresTheSize() throws {
        let (harness, manager) = try Self.windowUnderOpenbox()
        let before = try harness.waitFor("the managed window") { $0.window?.width == 900 && $0.window?.height == 600 }
        XCTAssertEqual(before.fields["windowStates"] as? [String], [])

        try harness.key("F11")
        let full = try harness.waitFor("full screen", timeout: 10) {
            $0.window?.width == Self.screen.width && $0.window?.height == Self.screen.height
        }
        XCTAssertEqual(full.fields["windowStates"] as? [String], ["_NET_WM_STATE_FULLSCREEN"])
        XCTAssertTrue(try manager.states(of: harness.windowID).contains("_NET_WM_STATE_FULLSCREEN"))
        XCTAssertEqual(try manager.geometry(of: harness.windowID), [0, 0, Self.screen.width, Self.screen.height],
                       "the window covers the screen")
        XCTAssertEqual(full.imageSize?.width, 1800, "the photo stays open")

        try harness.key("F11")
        let restored = try harness.waitFor("the size back", timeout: 10) { $0.window?.width == 900 && $0.window?.height == 600 }
        XCTAssertEqual(restored.fields["windowStates"] as? [String], [])
        XCTAssertFalse(try manager.states(of: harness.windowID).contains("_NET_WM_STATE_FULLSCREEN"))
    }

    func testEscLeavesFullScreenAndOnlyThenClearsTheBox() throws {
        let (harness, manager) = try Self.windowUnderOpenbox()
        try harness.waitFor("the managed window") { $0.window?.width == 900 }
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("10\t10\t400\t300\n")
        try harness.waitFor("the box") { $0.crop != nil && !$0.visible("numericEntry") }
        try harness.key("F11")
        try harness.waitFor("full screen", timeout: 10) { $0.window?.width == Self.screen.width }

        try harness.key("Escape")
        let left = try harness.waitFor("the size back", timeout: 10) { $0.window?.width == 900 && $0.window?.height == 600 }
        XCTAssertNotNil(left.crop, "Esc left full screen; the box stays")
        XCTAssertFalse(try manager.states(of: harness.windowID).contains("_NET_WM_STATE_FULLSCREEN"))
        try harness.key("Escape")
        try harness.waitFor("the box cleared") { $0.crop == nil }
    }
}

/// openbox, Debian's small EWMH window manager, managing a private display for one test.
private final class WindowManager {
    private let process = Process()
    /// The screen it manages, kept as long as the manager is.
    private let screen: PrivateDisplay
    private let display: String

    init(on screen: PrivateDisplay) throws {
        self.screen = screen
        display = screen.name
        let openbox = "/usr/bin/openbox"
        guard FileManager.default.isExecutableFile(atPath: openbox) else {
            throw XCTSkip("needs openbox (scripts/install-deps installs it)")
        }
        process.executableURL = URL(fileURLWithPath: openbox)
        process.arguments = ["--sm-disable"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // No user configuration or autostart: a fresh home of its own.
        environment["HOME"] = NSTemporaryDirectory()
        environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "cropper-openbox-\(UUID().uuidString)"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The manager is ready once it announces itself on the root window (EWMH `_NET_SUPPORTING_WM_CHECK`).
        guard Poll.until(timeout: 10, { (try? self.rootHasProperty("_NET_SUPPORTING_WM_CHECK")) == true }) else {
            throw XCTSkip("openbox did not start on \(display)")
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    private func withDisplay<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        guard let connection = XOpenDisplay(display) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(connection) }
        return try body(connection)
    }

    private func rootHasProperty(_ name: String) throws -> Bool {
        try withDisplay { connection in
            var count: Int32 = 0
            guard let list = XListProperties(connection, XDefaultRootWindow(connection), &count) else { return false }
            defer { XFree(list) }
            let atom = XInternAtom(connection, name, 0)
            return (0..<Int(count)).contains { list[$0] == atom }
        }
    }

    /// Until the manager lists the window among its clients (`_NET_CLIENT_LIST`): a full-screen request sent
    /// before that, while the manager has not yet taken the window in, is not acted on.
    func waitUntilManaged(_ windowID: String) throws {
        guard let window = Window(windowID) else { throw HarnessError.noWindow }
        let managed = Poll.until(timeout: 10) {
            (try? self.withDisplay { connection -> Bool in
                var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
                var data: UnsafeMutablePointer<UInt8>?
                guard XGetWindowProperty(connection, XDefaultRootWindow(connection), XInternAtom(connection, "_NET_CLIENT_LIST", 0),
                                         0, 1024, 0, Atom(AnyPropertyType), &type, &format, &count, &remaining, &data) == Success,
                      let data else { return false }
                defer { XFree(data) }
                return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
                    UnsafeBufferPointer(start: $0, count: Int(count)).contains(window)
                }
            }) == true
        }
        if !managed { throw HarnessError.timeout("openbox to manage window \(windowID)", "not in _NET_CLIENT_LIST") }
    }

    /// The client window's `_NET_WM_STATE`, by name.
    func states(of windowID: String) throws -> Set<String> {
        try withDisplay { connection in
            guard let window = Window(windowID) else { return [] }
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard XGetWindowProperty(connection, window, XInternAtom(connection, "_NET_WM_STATE", 0), 0, 64, 0,
                                     Atom(AnyPropertyType), &type, &format, &count, &remaining, &data) == Success,
                  let data else { return [] }
            defer { XFree(data) }
            let atoms = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            return Set(atoms.compactMap { atom in
                guard let name = XGetAtomName(connection, Atom(atom)) else { return nil }
                defer { XFree(name) }
                return String(cString: name)
            })
        }
    }

    /// Where the client window is on the screen and its size: x, y, width, height.
    func geometry(of windowID: String) throws -> [Int] {
        try withDisplay { connection in
            guard let window = Window(windowID) else { return [] }
            var attributes = XWindowAttributes()
            XGetWindowAttributes(connection, window, &attributes)
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(connection, window, XDefaultRootWindow(connection), 0, 0, &x, &y, &child)
            return [Int(x), Int(y), Int(attributes.width), Int(attributes.height)]
        }
    }
}
