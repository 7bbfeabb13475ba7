import Glibc
import PhotoIO

/// One entry of a folder as the file dialog lists it, from `lstat` (and `stat` through a symbolic link):
/// the file itself is never opened, so a named pipe or a device cannot block the listing.
struct FileEntry: Equatable, Sendable {
    let name: String
    let isDirectory: Bool
    let isSymbolicLink: Bool
    /// Nil for folders and for entries whose status cannot be read (a dangling link).
    let byteCount: Int?
    /// Seconds since the epoch; nil when unknown.
    let modified: Int?

    var isHidden: Bool { name.hasPrefix(".") }
    /// A name Cropper opens as a photo (JPEG or PNG).
    var isImage: Bool { !isDirectory && PhotoFormat(pathExtensionOf: name) != nil }
    /// Lower-cased once, for sorting and type-ahead.
    var foldedName: String { name.lowercased() }
}

/// A folder's entries, read on a background thread and handed to the dialog with the request's generation.
struct DirectoryListing: Sendable {
    let path: String
    let generation: Int
    let result: Result<[FileEntry], ListingFailure>

    /// Reads `path`: every entry but `.` and `..`, hidden ones included (the dialog filters).
    static func read(_ path: String, generation: Int) -> DirectoryListing {
        guard let stream = opendir(path) else {
            return DirectoryListing(path: path, generation: generation, result: .failure(ListingFailure(errno: errno)))
        }
        defer { closedir(stream) }
        var entries: [FileEntry] = []
        let prefix = path == "/" ? "/" : path + "/"
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            // Names that are not UTF-8 cannot be opened through a Swift string path; they are left out.
            guard let name = String(validating: bytes, as: UTF8.self), name != ".", name != ".." else { continue }
            entries.append(describe(name: name, path: prefix + name))
        }
        return DirectoryListing(path: path, generation: generation, result: .success(entries))
    }

    private static func describe(name: String, path: String) -> FileEntry {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            return FileEntry(name: name, isDirectory: false, isSymbolicLink: false, byteCount: nil, modified: nil)
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        var target = link
        if isLink && stat(path, &target) != 0 {
            return FileEntry(name: name, isDirectory: false, isSymbolicLink: true, byteCount: nil,
                             modified: Int(link.st_mtim.tv_sec))
        }
        let isDirectory = target.st_mode & S_IFMT == S_IFDIR
        return FileEntry(name: name, isDirectory: isDirectory, isSymbolicLink: isLink,
                         byteCount: isDirectory ? nil : Int(target.st_size), modified: Int(target.st_mtim.tv_sec))
    }
}

/// Why a folder could not be listed, in words for the dialog.
struct ListingFailure: Error, Equatable, Sendable {
    let message: String

    init(message: String) { self.message = message }

    init(errno code: Int32) {
        switch code {
        case EACCES, EPERM: message = "You do not have permission to open this folder"
        case ENOENT: message = "This folder does not exist (any more)"
        case ENOTDIR: message = "This is not a folder"
        default: message = "This folder cannot be read: " + String(cString: strerror(code))
        }
    }
}
