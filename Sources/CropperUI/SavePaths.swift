import Foundation
import PhotoIO

/// Names for saved crops, and the checks on paths typed into the path field.
enum SavePaths {
    /// `NAME-cropped.EXT` beside the photo.
    static func suggestedName(for source: String) -> String {
        candidate(for: source, number: 1)
    }

    /// The first of `NAME-cropped.EXT`, `NAME-cropped-2.EXT`, … that does not exist yet.
    static func nextAvailable(for source: String) -> String {
        var number = 1
        while FileManager.default.fileExists(atPath: candidate(for: source, number: number)) && number < 10_000 {
            number += 1
        }
        return candidate(for: source, number: number)
    }

    static func candidate(for source: String, number: Int) -> String {
        let url = URL(fileURLWithPath: source)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().lastPathComponent
        let directory = url.deletingLastPathComponent().path
        let suffix = number == 1 ? "-cropped" : "-cropped-\(number)"
        return directory + "/" + base + suffix + (ext.isEmpty ? ".jpg" : "." + ext)
    }

    static func checkReadable(_ path: String) -> Result<String, PathProblem> {
        guard !path.isEmpty else { return .failure(PathProblem("Type the path of a photo")) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(PathProblem("No such file: \(path)"))
        }
        if isDirectory.boolValue { return .failure(PathProblem("That is a folder — type a file name (Tab completes)")) }
        guard FileManager.default.isReadableFile(atPath: path) else { return .failure(PathProblem("Not readable: \(path)")) }
        return .success(absolute(path))
    }

    /// A path typed to open: it must exist, be readable and be a photo Cropper reads (by its content).
    static func checkOpenable(_ path: String) -> Result<String, PathProblem> {
        switch checkReadable(path) {
        case let .failure(problem):
            return .failure(problem)
        case let .success(readable):
            let name = readable.split(separator: "/").last.map(String.init) ?? readable
            var info = stat()
            guard stat(readable, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return .failure(PathProblem("\(name) is not a regular file"))
            }
            guard PhotoFormat(leadingBytesOf: readable) != nil else {
                return .failure(PathProblem("\(name) is not a photo Cropper can open (JPEG or PNG)"))
            }
            return .success(readable)
        }
    }

    /// A regular file named like a photo Cropper reads.
    static func isPhotoFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return PhotoFormat(pathExtensionOf: path) != nil
            && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// A name typed without an extension gets the photo's own (`.jpg` when it has none).
    static func withDefaultExtension(_ path: String, source: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard !name.contains("."), !name.isEmpty else { return path }
        let ext = URL(fileURLWithPath: source).pathExtension
        return path + "." + (ext.isEmpty ? "jpg" : ext)
    }

    /// A path for Save As: a file of a format Cropper writes, in an existing folder, never the photo itself.
    /// An existing file is reported (`exists`), so the dialog can ask before replacing it.
    static func checkSaveTarget(_ path: String, source: String) -> Result<SaveTarget, PathProblem> {
        guard !path.isEmpty, !path.hasSuffix("/") else { return .failure(PathProblem("Type a file name ending in .jpg or .png")) }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let ext = url.pathExtension.lowercased()
        guard ["jpg", "jpeg", "jpe", "png"].contains(ext) else { return .failure(PathProblem("Use a name ending in .jpg or .png")) }
        if url.path == URL(fileURLWithPath: source).standardizedFileURL.path {
            return .failure(PathProblem("That is the photo itself — Cropper never overwrites it"))
        }
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(PathProblem("No such folder: \(folder)"))
        }
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .success(SaveTarget(path: url.path, exists: false))
        }
        if isDirectory.boolValue { return .failure(PathProblem("\(url.lastPathComponent) is a folder — choose a file name")) }
        return .success(SaveTarget(path: url.path, exists: true))
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/" + path).standardizedFileURL.path
    }
}

/// Where Save As writes, and whether a file is there already.
struct SaveTarget: Equatable {
    let path: String
    let exists: Bool
}

/// Why a typed path cannot be used, in words for the path field.
struct PathProblem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
