import Glibc
import PhotoIO

/// One entry of a folder, from `lstat` (and `stat` through a symbolic link): the file itself is never
/// opened, so a named pipe or a device cannot block a listing.
public struct FolderEntry: Equatable, Sendable {
    /// The name with its exact bytes (see `PathNames`): join it to the folder to open the file.
    public let name: String
    public let isFolder: Bool
    public let isSymbolicLink: Bool
    /// Nil for folders and for entries whose status cannot be read (a dangling link).
    public let byteCount: Int?
    /// Seconds since the epoch; nil when unknown.
    public let modified: Int?

    public init(name: String, isFolder: Bool, isSymbolicLink: Bool, byteCount: Int?, modified: Int?) {
        self.name = name
        self.isFolder = isFolder
        self.isSymbolicLink = isSymbolicLink
        self.byteCount = byteCount
        self.modified = modified
    }

    /// The name for people: bytes that are not UTF-8 shown as U+FFFD.
    public var shownName: String { PathNames.shown(name) }
}

/// Folders on disk. Every name is listed, UTF-8 or not, and every listed name opens (see `PathNames`).
public enum Folder {
    /// Makes `path` and any missing parents (mode 0777 less the umask, as `mkdir -p`); a folder already there is
    /// fine. The error says why otherwise: a file of that name, no permission, a read-only disk.
    public static func create(_ path: String) throws {
        try FileSystem.makeDirectories(path, mode: 0o777)
    }

    /// The names in `path` except `.` and `..`, in the order the system gives them; the errno when it cannot be read.
    public static func names(in path: String) -> Result<[String], FolderError> {
        guard let stream = opendir(PathNames.cString(path)) else { return .failure(FolderError(code: errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathNames.string(fromFileSystem: raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Every entry of `path`, hidden ones included.
    public static func entries(in path: String) -> Result<[FolderEntry], FolderError> {
        names(in: path).map { names in names.map { describe(name: $0, path: PathNames.path($0, in: path)) } }
    }

    /// True when `path` is a folder or a symbolic link to one.
    public static func isFolder(_ path: String) -> Bool {
        FileSystem.status(path)?.isDirectory ?? false
    }

    /// True when `path` is a regular file or a symbolic link to one.
    public static func isFile(_ path: String) -> Bool {
        FileSystem.status(path)?.isRegularFile ?? false
    }

    private static func describe(name: String, path: String) -> FolderEntry {
        guard let link = FileSystem.status(path, followLinks: false) else {
            return FolderEntry(name: name, isFolder: false, isSymbolicLink: false, byteCount: nil, modified: nil)
        }
        guard link.isSymbolicLink else { return entry(name, link, isLink: false) }
        guard let target = FileSystem.status(path) else {
            return FolderEntry(name: name, isFolder: false, isSymbolicLink: true, byteCount: nil,
                               modified: link.modified.seconds)
        }
        return entry(name, target, isLink: true)
    }

    private static func entry(_ name: String, _ status: FileStatus, isLink: Bool) -> FolderEntry {
        FolderEntry(name: name, isFolder: status.isDirectory, isSymbolicLink: isLink,
                    byteCount: status.isDirectory ? nil : status.byteCount, modified: status.modified.seconds)
    }
}

/// Why a folder could not be read: the system's error number.
public struct FolderError: Error, Equatable, Sendable {
    public let code: Int32
}
