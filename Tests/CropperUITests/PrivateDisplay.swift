import CX11
import CropperTestSupport
import Foundation
import XCTest

/// A private Xvfb server for tests that need a screen bigger than the shared one (HiDPI windows) or X
/// resources of their own (`Xft.dpi`) that must not leak into other tests. Stopped when released.
final class PrivateDisplay {
    let name: String
    private let server = Process()

    init(width: Int, height: Int) throws {
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else { throw XCTSkip("needs Xvfb") }
        server.executableURL = URL(fileURLWithPath: xvfb)
        // -displayfd: the server picks a free display number and writes it to our pipe when it is ready.
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        var number = ""
        let handle = ready.fileHandleForReading
        while !number.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(trimmed) != nil else {
            server.terminate()
            throw HarnessError.noWindow
        }
        name = ":" + trimmed
    }

    deinit {
        server.terminate()
        server.waitUntilExit()
    }

    /// Loads `text` as the server's resource database, as `xrdb` does (the RESOURCE_MANAGER root property).
    func setResources(_ text: String) throws {
        guard let display = XOpenDisplay(name) else { throw HarnessError.noWindow }
        defer { XCloseDisplay(display) }
        var bytes = Array(text.utf8)
        XChangeProperty(display, XDefaultRootWindow(display), XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace,
                        &bytes, Int32(bytes.count))
        XSync(display, 0)
    }
}
