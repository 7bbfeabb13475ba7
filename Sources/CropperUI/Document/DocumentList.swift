import PhotoIO
import PhotoLibrary

/// The photos the window steps through and which of them is open: either the photos handed to the window
/// together (the command line, a file manager's `%F`, a drop of several), or — for a single photo opened from
/// anywhere — the photos of its folder in natural order, following the folder as it changes. Page Up / Page Down
/// step through it, Home / End go to its ends; the picker strip shows a list given together.
struct DocumentList: Equatable, Sendable {
    /// Absolute paths, each once: in the order given, or the folder's natural order.
    private(set) var paths: [String]
    private(set) var index: Int
    /// The folder whose photos this is; nil for photos given together.
    private(set) var folder: String?
    /// The open photo left its folder while open: it stays in the list, and on screen, until the user steps away.
    private(set) var currentIsGone = false

    /// Nil when there is nothing to open. Repeated paths are kept once, at their first place.
    init?(paths: [String], index: Int = 0) {
        var seen = Set<String>()
        let unique = paths.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return nil }
        self.paths = unique
        self.index = min(max(0, index), unique.count - 1)
    }

    /// A list of one photo that stays one (the shipped sample).
    init(_ path: String) {
        paths = [path]
        index = 0
    }

    /// A photo opened on its own: its folder's photos become the list once listed (see `following`).
    static func inFolder(of path: String) -> DocumentList {
        var list = DocumentList(path)
        list.folder = PathNames.folder(of: path)
        return list
    }

    /// The list to open: several photos given together stay their own list; one photo brings its folder; a
    /// folder opens at its first photo (nil when it has none, or cannot be read).
    static func opening(_ paths: [String]) -> DocumentList? {
        guard paths.count == 1 else { return DocumentList(paths: paths) }
        guard Folder.isFolder(paths[0]) else { return inFolder(of: paths[0]) }
        guard case let .success(photos) = FolderPhotos.list(paths[0]), var list = DocumentList(paths: photos) else {
            return nil
        }
        list.folder = paths[0]
        return list
    }

    var current: String { paths[index] }
    var count: Int { paths.count }
    var hasNext: Bool { index + 1 < paths.count }
    var hasPrevious: Bool { index > 0 }
    var isFolder: Bool { folder != nil }

    /// "2 / 3", or nil for a single photo (nothing to step through).
    var position: String? { count > 1 ? "\(index + 1) / \(count)" : nil }

    /// The list with the photo `offset` places on as the open one; nil past either end. Stepping away from a
    /// photo that left the folder drops it from the list.
    func stepped(by offset: Int) -> DocumentList? {
        moved(to: index + offset)
    }

    /// The list with its first (`atEnd` false) or last photo open; nil when that is the open one already.
    func end(_ atEnd: Bool) -> DocumentList? {
        let target = atEnd ? paths.count - 1 : 0
        return target == index ? nil : moved(to: target)
    }

    private func moved(to target: Int) -> DocumentList? {
        guard paths.indices.contains(target), target != index else { return nil }
        var copy = self
        copy.index = target
        if currentIsGone {
            copy.paths.remove(at: index)
            if target > index { copy.index -= 1 }
            copy.currentIsGone = false
        }
        return copy
    }

    /// The list with `path` open: selected where it already is, or the list of that photo's folder.
    func opening(_ path: String) -> DocumentList {
        if let found = paths.firstIndex(of: path), !(currentIsGone && found == index) {
            var copy = self
            copy.index = found
            return copy
        }
        return DocumentList.inFolder(of: path)
    }

    /// The folder list brought up to date with a fresh listing of its photos (natural order). The open photo keeps
    /// its place; if it is no longer there, it stays in the list where its name sorts and `currentIsGone` says so.
    func following(_ listing: [String]) -> DocumentList {
        guard folder != nil else { return self }
        var copy = self
        let open = current
        if let found = listing.firstIndex(of: open) {
            copy.paths = listing
            copy.index = found
            copy.currentIsGone = false
            return copy
        }
        let name = PathNames.name(of: open)
        let place = listing.firstIndex { NaturalOrder.areInIncreasingOrder(name, PathNames.name(of: $0)) } ?? listing.count
        copy.paths = listing
        copy.paths.insert(open, at: place)
        copy.index = place
        copy.currentIsGone = true
        return copy
    }
}
