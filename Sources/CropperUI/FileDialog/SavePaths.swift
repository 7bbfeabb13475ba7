import Foundation
import Localization
import PhotoIO
import PhotoLibrary

/// The checks on paths typed into the file dialog.
enum SavePaths {
    static func checkReadable(_ path: String) -> Result<String, PathProblem> {
        guard !path.isEmpty else { return .failure(PathProblem(tr("Type the path of a photo"))) }
        if Folder.isFolder(path) { return .failure(PathProblem(tr("That is a folder — type a file name (Tab completes)"))) }
        guard access(PathNames.cString(path), F_OK) == 0 else { return .failure(PathProblem(tr("No such file: %s", path))) }
        guard access(PathNames.cString(path), R_OK) == 0 else { return .failure(PathProblem(tr("Not readable: %s", path))) }
        return .success(absolute(path))
    }

    /// A path typed to open: it must exist, be readable, be a regular file and be a photo Cropper reads by its
    /// first bytes.
    static func checkOpenable(_ path: String) -> Result<String, PathProblem> {
        switch checkReadable(path) {
        case let .failure(problem):
            return .failure(problem)
        case let .success(readable):
            let name = PathNames.shown(PathNames.name(of: readable))
            guard Folder.isFile(readable) else { return .failure(PathProblem(tr("%s is not a regular file", name))) }
            guard PhotoFormat(contentsOf: readable) != nil else {
                return .failure(PathProblem(tr("%s is not a photo Cropper can open (JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)", name)))
            }
            return .success(readable)
        }
    }

    /// A regular file whose first bytes are a photo Cropper reads (whatever its name says).
    static func isPhotoFile(_ path: String) -> Bool {
        Folder.isFile(path) && PhotoFormat(contentsOf: path) != nil
    }

    /// A name typed without an extension gets the one a crop of the photo is saved with (see `OutputName`).
    static func withDefaultExtension(_ path: String, source: String) -> String {
        OutputName.withDefaultExtension(path, source: source, format: PhotoFormat(contentsOf: source))
    }

    /// A path for Save As: a file of a format Cropper writes, in an existing folder, never the photo itself.
    /// An existing file is reported (`exists`), so the dialog can ask before replacing it.
    static func checkSaveTarget(_ path: String, source: String) -> Result<SaveAsChoice, PathProblem> {
        guard !path.isEmpty, !path.hasSuffix("/") else { return .failure(PathProblem(tr("Type a file name ending in .jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng"))) }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard PhotoFormat(pathExtensionOf: url.path) != nil else { return .failure(PathProblem(tr("Use a name ending in .jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng"))) }
        if url.path == URL(fileURLWithPath: source).standardizedFileURL.path {
            return .failure(PathProblem(tr("That is the photo itself — Cropper never overwrites it")))
        }
        let folder = PathNames.folder(of: url.path)
        guard Folder.isFolder(folder) else { return .failure(PathProblem(tr("No such folder: %s", folder))) }
        if Folder.isFolder(url.path) {
            return .failure(PathProblem(tr("%s is a folder — choose a file name", PathNames.name(of: url.path))))
        }
        return .success(SaveAsChoice(path: url.path, exists: AtomicFile.exists(url.path)))
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/" + path).standardizedFileURL.path
    }
}

/// Where Save As writes, and whether a file is there already.
struct SaveAsChoice: Equatable {
    let path: String
    let exists: Bool
}

/// Why a typed path cannot be used, in words for the path field.
struct PathProblem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
