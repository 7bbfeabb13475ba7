import CropperTestSupport
import Foundation
import XCTest

/// A throwaway installation prefix: runs the real `make install` / `make uninstall` of the package with an
/// already built executable (`CROPPER_BIN`: `CropperExecutable.path`), so no release build is triggered.
final class InstallPrefix {
    /// A fresh folder that holds the prefix (and anything a test puts beside it).
    let sandbox: String
    let prefix: String
    let destdir: String?

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The release executable when `make test` built one, so what is installed is what ships.
    static var executable: String { CropperExecutable.path }

    /// `prefix` is created by install unless the test makes it first; with `staged`, files go under
    /// `sandbox/stage` + `prefix` through DESTDIR.
    init(prefix relative: String = "prefix", stagedAs stagedPrefix: String? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw XCTSkip("build the cropper executable first (swift build)")
        }
        guard Tool.path("make") != nil else { throw XCTSkip("make is not installed") }
        sandbox = NSTemporaryDirectory() + "cropper-install-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: sandbox, withIntermediateDirectories: true)
        if let stagedPrefix {
            prefix = stagedPrefix
            destdir = sandbox + "/stage"
        } else {
            prefix = sandbox + "/" + relative
            destdir = nil
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: sandbox)
    }

    /// Where PREFIX lands on disk (inside DESTDIR when staged).
    var root: String { (destdir ?? "") + prefix }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func install(file: StaticString = #filePath, line: UInt = #line) throws -> Tool.Result {
        try make(["install", "CROPPER_BIN=\(Self.executable)"], file: file, line: line)
    }

    @discardableResult
    func uninstall(file: StaticString = #filePath, line: UInt = #line) throws -> Tool.Result {
        try make(["uninstall"], file: file, line: line)
    }

    private func make(_ arguments: [String], file: StaticString, line: UInt) throws -> Tool.Result {
        var all = ["-s", "-C", Self.packageRoot.path] + arguments + ["PREFIX=\(prefix)"]
        if let destdir { all.append("DESTDIR=\(destdir)") }
        let result = try Tool.run("make", all)
        XCTAssertEqual(result.status, 0, "make \(arguments[0]) failed: \(result.errors)", file: file, line: line)
        return result
    }

    /// Every file, link and directory under the sandbox, relative to it, with its permission bits.
    func tree() -> [String: Int] {
        var entries: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(atPath: sandbox) else { return entries }
        while let relative = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: sandbox + "/" + relative)
            entries[relative] = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        return entries
    }

    func isDirectory(inSandbox relative: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: sandbox + "/" + relative, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The manifest's entries of one kind ("file" or "dir"), relative to PREFIX.
    func manifest(_ kind: String) throws -> [String] {
        let text = try String(contentsOfFile: path("share/cropper/install-manifest.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0] == kind ? String(parts[1]) : nil
        }
    }
}

/// Runs a command-line tool found on PATH and collects what it printed.
enum Tool {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// `name` itself when it is a path, else the first executable of that name on PATH.
    static func path(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        guard let executable = path(name) else { throw XCTSkip("\(name) is not installed") }
        let ran = try Tools.run(executable, arguments, environment: environment)
        return Result(status: ran.status, output: ran.stdout, errors: ran.stderr)
    }
}
