import Glibc
import PhotoIO

/// Saving a crop over the photo itself, the one way the window and `cropper crop --in-place` do it: the crop is
/// encoded in the photo's format with its metadata kept as for every crop, written completely to a temporary
/// file beside it with the photo's permission bits and (when allowed) owner, the original is put in the desktop's
/// trash, and only then does the new file take the name, in one rename. If the trash cannot take the original,
/// nothing is replaced.
public enum InPlaceSave {
    public static func replace(_ source: PhotoSource, with export: CropExport, trash: Trash,
                               progress: ExportProgress? = nil) throws -> InPlaceResult {
        let path = realPath(source.path)
        var status = stat()
        guard stat(PathNames.cString(path), &status) == 0 else { throw PhotoIOError.notFound }
        let crop = try CropExporter.render(source, export, as: source.format, progress: progress)
        var trashed: TrashedFile?
        var movedAway = false
        do {
            try AtomicFile.write(crop.bytes, to: path, overwrite: true, permissions: status.st_mode & 0o7777,
                                 owner: (status.st_uid, status.st_gid)) { _ in
                do {
                    trashed = try trash.keepCopy(of: path)
                } catch let error as TrashError where error.linksUnsupported {
                    trashed = try trash.move(path)
                    movedAway = true
                }
            }
        } catch {
            if let trashed { trash.undo(trashed, movingBackTo: movedAway ? path : nil) }
            throw error
        }
        return InPlaceResult(path: path, crop: crop, trashed: trashed!)
    }

    /// The file a link points to: saving over a link replaces the photo, not the link.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(PathNames.cString(path), nil) else { return path }
        defer { free(resolved) }
        return PathNames.string(fromFileSystem: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}

/// A crop saved over its photo, and where the original went.
public struct InPlaceResult: Sendable {
    public let path: String
    public let crop: RenderedCrop
    public let trashed: TrashedFile
}
