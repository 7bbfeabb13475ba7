import CropperTestSupport
import Foundation
import XCTest
@testable import PhotoLibrary

/// A scratch folder tree for one test, with a home directory inside it; removed at the end.
final class ScratchTree {
    let root: String

    init() throws {
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        var template = Array("\(temporary)/cropper-library.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw LibraryError.cannotWrite("mkdtemp")
        }
        root = String(cString: made)
        try makeDirectory("home")
    }

    deinit {
        _ = try? Tools.run("/bin/chmod", ["-R", "u+rwx", root])
        try? FileManager.default.removeItem(atPath: root)
    }

    var home: String { root + "/home" }

    /// An environment with every XDG directory at its default place under `home`.
    var environment: XDGEnvironment { XDGEnvironment(home: home) }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func makeDirectory(_ relative: String) throws -> String {
        let path = self.path(relative)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let path = self.path(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func write(_ text: String, to relative: String) throws -> String {
        try write(Array(text.utf8), to: relative)
    }

    @discardableResult
    func copyFixture(_ name: String, to relative: String) throws -> String {
        try write(readBytes(Fixtures.path(name)), to: relative)
    }

    @discardableResult
    func link(_ relative: String, to target: String) throws -> String {
        let path = self.path(relative)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }

    /// Sets a file's modification time to whole seconds since 1970.
    func setModified(_ path: String, seconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw LibraryError.cannotWrite("utimensat") }
    }
}

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exif-orientation").path

    /// E.g. `path("Portrait_6")`.
    static func path(_ name: String) -> String { "\(directory)/\(name).jpg" }
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

func modificationSeconds(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mtim.tv_sec)
}
