/// The photos handed to the window together (the command line, a file manager's `%F`, a drop) and which
/// of them is open. Page Up / Page Down step through it; the picker strip shows it.
struct DocumentList: Equatable, Sendable {
    /// Absolute paths, each once, in the order given.
    private(set) var paths: [String]
    private(set) var index: Int

    /// Nil when there is nothing to open. Repeated paths are kept once, at their first place.
    init?(paths: [String], index: Int = 0) {
        var seen = Set<String>()
        let unique = paths.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return nil }
        self.paths = unique
        self.index = min(max(0, index), unique.count - 1)
    }

    /// A list of one photo.
    init(_ path: String) {
        paths = [path]
        index = 0
    }

    var current: String { paths[index] }
    var count: Int { paths.count }
    var hasNext: Bool { index + 1 < paths.count }
    var hasPrevious: Bool { index > 0 }

    /// "2 / 3", or nil for a single photo (nothing to step through).
    var position: String? { count > 1 ? "\(index + 1) / \(count)" : nil }

    /// The list with the photo `offset` places on as the open one; nil past either end.
    func stepped(by offset: Int) -> DocumentList? {
        let target = index + offset
        guard paths.indices.contains(target) else { return nil }
        var copy = self
        copy.index = target
        return copy
    }

    /// The list with `path` open: selected where it already is, or a new list of just that photo.
    func opening(_ path: String) -> DocumentList {
        if let found = paths.firstIndex(of: path) {
            var copy = self
            copy.index = found
            return copy
        }
        return DocumentList(path)
    }
}
