/// Moving through the list: the selection, its scrolling into view, type-ahead and the parent folder.
extension FileDialog {
    /// Rows that fit in a list viewport `height` pixels tall.
    static func rows(in height: Double) -> Int { max(1, Int(height / rowHeight)) }

    static func maxScroll(entryCount: Int, viewportHeight: Double) -> Double {
        max(0, Double(entryCount) * rowHeight - viewportHeight)
    }

    /// Moves the selection by `step` rows (clamped to the list); with nothing selected, a step forward
    /// selects the first row and a step back the last.
    mutating func moveSelection(by step: Int, viewportHeight: Double) {
        guard !entries.isEmpty else { return }
        let target: Int
        if let selection {
            target = selection + step
        } else {
            target = step >= 0 ? 0 : entries.count - 1
        }
        select(min(max(0, target), entries.count - 1), viewportHeight: viewportHeight)
    }

    mutating func selectFirst(viewportHeight: Double) {
        if !entries.isEmpty { select(0, viewportHeight: viewportHeight) }
    }

    mutating func selectLast(viewportHeight: Double) {
        if !entries.isEmpty { select(entries.count - 1, viewportHeight: viewportHeight) }
    }

    mutating func select(_ index: Int, viewportHeight: Double) {
        guard entries.indices.contains(index) else { return }
        selection = index
        scrollIntoView(index, viewportHeight: viewportHeight)
    }

    mutating func scrollIntoView(_ index: Int, viewportHeight: Double) {
        let top = Double(index) * Self.rowHeight
        if top < scrollOffset {
            scrollOffset = top
        } else if top + Self.rowHeight > scrollOffset + viewportHeight {
            scrollOffset = top + Self.rowHeight - viewportHeight
        }
        clampScroll(viewportHeight: viewportHeight)
    }

    mutating func scroll(by delta: Double, viewportHeight: Double) {
        scrollOffset += delta
        clampScroll(viewportHeight: viewportHeight)
    }

    mutating func clampScroll(viewportHeight: Double) {
        scrollOffset = min(max(0, scrollOffset), Self.maxScroll(entryCount: entries.count, viewportHeight: viewportHeight))
    }

    /// Type-ahead: selects the first entry (in the order shown) whose name starts with what was typed within
    /// the last second. True when something matched.
    @discardableResult
    mutating func typeAhead(_ typed: String, at now: Double, viewportHeight: Double) -> Bool {
        let search = typeAhead.add(typed, at: now)
        guard let index = entries.firstIndex(where: { $0.foldedName.hasPrefix(search) }) else { return false }
        select(index, viewportHeight: viewportHeight)
        return true
    }

    /// The folder above the one shown, and the name to select there; nil at the root.
    var parent: (path: String, child: String)? {
        guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
        let child = String(directory[directory.index(after: slash)...])
        let path = slash == directory.startIndex ? "/" : String(directory[..<slash])
        return (path, child)
    }

    /// The row under a point `y` pixels below the top of the list viewport.
    func row(atViewportY y: Double) -> Int? {
        guard y >= 0 else { return nil }
        let index = Int((y + scrollOffset) / Self.rowHeight)
        return entries.indices.contains(index) ? index : nil
    }
}
