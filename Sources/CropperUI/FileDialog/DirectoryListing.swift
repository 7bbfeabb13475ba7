import Glibc
import Localization
import PhotoIO
import PhotoLibrary

/// One entry of a folder as the file dialog lists it (see `Folder.entries`).
struct FileEntry: Equatable, Sendable {
    /// The exact name, for opening; `shownName` is for drawing.
    let name: String
    let isDirectory: Bool
    let isSymbolicLink: Bool
    /// Nil for folders and for entries whose status cannot be read (a dangling link).
    let byteCount: Int?
    /// Seconds since the epoch; nil when unknown.
    let modified: Int?

    var shownName: String { PathNames.shown(name) }
    var isHidden: Bool { name.hasPrefix(".") }
    /// A name Cropper opens as a photo (JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF).
    var isImage: Bool { !isDirectory && PhotoFormat(pathExtensionOf: name) != nil }
    /// Lower-cased once, for sorting and type-ahead.
    var foldedName: String { name.lowercased() }
}

extension FileEntry {
    init(_ entry: FolderEntry) {
        self.init(name: entry.name, isDirectory: entry.isFolder, isSymbolicLink: entry.isSymbolicLink,
                  byteCount: entry.byteCount, modified: entry.modified)
    }
}

/// A folder's entries, read on a background thread and handed to the dialog with the request's generation.
struct DirectoryListing: Sendable {
    let path: String
    let generation: Int
    let result: Result<[FileEntry], ListingFailure>

    /// Reads `path`: every entry but `.` and `..`, hidden ones included (the dialog filters).
    static func read(_ path: String, generation: Int) -> DirectoryListing {
        let entries = Folder.entries(in: path).map { $0.map(FileEntry.init) }.mapError { ListingFailure(errno: $0.code) }
        return DirectoryListing(path: path, generation: generation, result: entries)
    }
}

/// Why a folder could not be listed, in words for the dialog.
struct ListingFailure: Error, Equatable, Sendable {
    let message: String

    init(message: String) { self.message = message }

    init(errno code: Int32) {
        switch code {
        case EACCES, EPERM: message = tr("You do not have permission to open this folder")
        case ENOENT: message = tr("This folder does not exist (any more)")
        case ENOTDIR: message = tr("This is not a folder")
        default: message = tr("This folder cannot be read: %s", String(cString: strerror(code)))
        }
    }
}
