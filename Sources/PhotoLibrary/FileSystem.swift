import CGLib
import Glibc
import PhotoIO

/// A file's modification time to the nanosecond.
public struct FileTime: Sendable, Hashable, Comparable {
    public let seconds: Int
    let nanoseconds: Int

    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (a: FileTime, b: FileTime) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }
}

/// What `stat` says about a file, reduced to what the library needs.
struct FileStatus {
    let device: UInt64
    let inode: UInt64
    let mode: mode_t
    let byteCount: Int
    let modified: FileTime

    var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    var isSymbolicLink: Bool { mode & S_IFMT == S_IFLNK }
    var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}

/// A file's identity independent of the path that reached it.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
}

enum FileSystem {
    /// `stat` (following symbolic links) or, with `followLinks: false`, `lstat`; nil on failure.
    static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let name = PathNames.cString(path)
        let result = followLinks ? stat(name, &info) : lstat(name, &info)
        guard result == 0 else { return nil }
        return FileStatus(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), mode: info.st_mode,
                          byteCount: Int(info.st_size),
                          modified: FileTime(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec)))
    }

    static func isReadable(_ path: String) -> Bool { access(PathNames.cString(path), R_OK) == 0 }

    /// Up to `count` bytes from the start of a file; nil when it cannot be opened.
    static func prefix(of path: String, count: Int) -> [UInt8]? {
        let fd = open(PathNames.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            done += got
        }
        return Array(buffer[..<done])
    }

    /// Creates `path` and any missing parents with `mode` (GLib's `g_mkdir_with_parents`); existing directories are
    /// left as they are.
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        if let status = status(path), !status.isDirectory { throw LibraryError.cannotWrite("\(path) is not a directory") }
        if g_mkdir_with_parents(PathNames.cString(path), Int32(mode)) != 0 {
            throw LibraryError.cannotWrite("cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The final target of a path that is a symbolic link, so a rewrite replaces the file the
    /// link points to rather than the link; the path itself otherwise.
    static func resolvingLink(_ path: String) -> String {
        guard status(path, followLinks: false)?.isSymbolicLink == true, let resolved = realpath(PathNames.cString(path), nil) else {
            return path
        }
        defer { free(resolved) }
        return PathNames.string(fromFileSystem: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
