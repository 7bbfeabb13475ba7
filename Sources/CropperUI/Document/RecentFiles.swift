import Dispatch
import Localization
import PhotoIO
import PhotoLibrary

/// Adds the photos Cropper opens and saves to the desktop's recently-used list
/// (`$XDG_DATA_HOME/recently-used.xbel`), as GTK programs do, so file choosers and other programs offer
/// them. The file I/O runs on its own serial queue; a failure is one line on stderr and nothing more.
final class RecentFiles: Sendable {
    private let list: RecentlyUsed
    private let queue = DispatchQueue(label: "cropper.recent-files")

    init(environment: XDGEnvironment = .current()) {
        list = RecentlyUsed(environment: environment)
    }

    func record(_ path: String, format: PhotoFormat?) {
        let list = list
        let mimeType = Self.mimeType(format ?? PhotoFormat(pathExtensionOf: path))
        queue.async {
            do {
                try list.add(path: path, mimeType: mimeType)
            } catch {
                Warnings.print(tr("could not add %1$s to the recently used files in %2$s: %3$s", path, list.file, "\(error)"))
            }
        }
    }

    /// At quit: lets the last entries reach the disk.
    func finish() {
        queue.sync {}
    }

    static func mimeType(_ format: PhotoFormat?) -> String {
        format?.mimeType ?? "application/octet-stream"
    }
}
