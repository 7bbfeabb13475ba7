import X11Platform

/// Which photos of the grid are selected, where the keyboard cursor is and where a Shift range starts, as file
/// managers do it: a click selects one, Ctrl+click adds or removes one, Shift+click selects the run from the
/// anchor (Ctrl+Shift adds it), arrows move the cursor and select it, Shift+arrows extend, Space toggles the
/// cursor's photo, Ctrl+A selects everything. Kept by path, so a folder that changes keeps what was chosen.
struct GridSelection: Equatable {
    private(set) var selected: Set<String> = []
    /// The keyboard cursor.
    private(set) var focus: String?
    /// Where a Shift range starts.
    private(set) var anchor: String?

    init(focus: String? = nil) {
        self.focus = focus
        anchor = focus
        if let focus { selected = [focus] }
    }

    var count: Int { selected.count }

    func contains(_ path: String) -> Bool { selected.contains(path) }

    func focusIndex(in paths: [String]) -> Int? { focus.flatMap { paths.firstIndex(of: $0) } }

    /// A click on photo `index`.
    mutating func click(_ index: Int, in paths: [String], modifiers: Modifiers) {
        guard paths.indices.contains(index) else { return }
        let path = paths[index]
        if modifiers.contains(.shift) {
            extend(to: index, in: paths, adding: modifiers.contains(.control))
            return
        }
        if modifiers.contains(.control) {
            if selected.remove(path) == nil { selected.insert(path) }
        } else {
            selected = [path]
        }
        focus = path
        anchor = path
    }

    /// The cursor moved to `index` by a key: that photo alone is selected, or (`extending`) the run from the anchor.
    mutating func move(to index: Int, in paths: [String], extending: Bool) {
        guard paths.indices.contains(index) else { return }
        if extending {
            extend(to: index, in: paths, adding: false)
        } else {
            selected = [paths[index]]
            focus = paths[index]
            anchor = paths[index]
        }
    }

    /// Space: the cursor's photo in or out of the selection.
    mutating func toggleFocused(in paths: [String]) {
        guard let focus, paths.contains(focus) else {
            move(to: 0, in: paths, extending: false)
            return
        }
        if selected.remove(focus) == nil { selected.insert(focus) }
        anchor = focus
    }

    mutating func selectAll(_ paths: [String]) {
        selected = Set(paths)
        if focus == nil { focus = paths.first }
        if anchor == nil { anchor = focus }
    }

    /// Drops what left the list (a file removed from the folder).
    mutating func keepOnly(_ paths: [String]) {
        guard !selected.isEmpty else { return }
        let present = Set(paths)
        selected.formIntersection(present)
        if let focus, !present.contains(focus) { self.focus = nil }
        if let anchor, !present.contains(anchor) { self.anchor = nil }
    }

    private mutating func extend(to index: Int, in paths: [String], adding: Bool) {
        let start = anchor.flatMap { paths.firstIndex(of: $0) } ?? index
        let run = paths[min(start, index)...max(start, index)]
        if adding { selected.formUnion(run) } else { selected = Set(run) }
        if anchor == nil { anchor = paths[start] }
        focus = paths[index]
    }
}
