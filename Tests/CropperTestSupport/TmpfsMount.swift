import Foundation
import Glibc
import XCTest

/// A small tmpfs mounted inside a scratch directory for one test: a disk that fills up, turns
/// read-only, or is simply another filesystem. Skips the test (saying why) where mounting is not allowed.
public final class TmpfsMount {
    public let path: String
    private let scratch: ScratchDirectory

    public init(in scratch: ScratchDirectory, name: String = "tmpfs", size: String = "2m") throws {
        self.scratch = scratch
        path = scratch.file(name)
        guard getuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root") }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let result = try Tools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path])
        guard result.status == 0 else {
            throw XCTSkip("cannot mount a tmpfs here: \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    deinit {
        _ = try? Tools.run("/bin/umount", ["-l", path])
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills the filesystem with a file named `filler` until about `bytes` remain free.
    public func fill(leaving bytes: Int) throws {
        let size = freeBytes - bytes
        guard size > 0 else { return }
        try Data(count: size).write(to: URL(fileURLWithPath: file("filler")))
    }

    public func remountReadOnly() throws {
        let result = try Tools.run("/bin/mount", ["-o", "remount,ro", path])
        guard result.status == 0 else { throw XCTSkip("cannot remount the tmpfs read-only: \(result.stderr)") }
    }

    public var device: UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : 0
    }
}
