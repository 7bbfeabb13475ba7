#if canImport(PhotoLibrary)
import PhotoLibrary

/// recently-used.xbel as Cropper reads it at start and rewrites it after every open and save:
/// GLib's GBookmarkFile behind the reader, and the rewrite that adds a photo, which must keep every bookmark a
/// program registered.
enum XBELFuzzTarget {
    static let photo = "/photos/new é & <x>.jpg"

    static func run(_ bytes: [UInt8]) throws {
        let before = RecentlyUsed.parse(data: bytes)
        guard let written = try? RecentlyUsed.adding(path: photo, mimeType: "image/jpeg", appName: "Cropper",
                                                     exec: "cropper %u", timestamp: "2026-01-02T03:04:05.000006Z",
                                                     to: bytes) else { return }
        let after = RecentlyUsed.parse(data: written)
        guard let added = after.first(where: { $0.path == photo }), added.applications.contains("Cropper") else {
            throw FuzzFailure("the added photo does not read back")
        }
        // GLib writes only bookmarks some program registered (as GTK does); those must all be kept.
        let kept = Set(after.map(\.path))
        if let lost = before.first(where: { !$0.applications.isEmpty && !kept.contains($0.path) }) {
            throw FuzzFailure("adding a photo lost the bookmark of \(lost.path)")
        }
    }
}
#endif
