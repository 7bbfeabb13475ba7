import EditorState

extension DrawnFrame {
    /// While the grid saves its photos, a photo written (or failed) changes the header's counts, the batch bar and
    /// that photo's cell (its mark and box go, or a failure mark comes): those are repainted, not the window, whose
    /// full repaint was most of the event loop's CPU during a batch. Nil for any other change, and at the run's
    /// start and end.
    func batchProgressDamage(to next: DrawnFrame) -> [LayoutRect]? {
        guard layout == next.layout, editor == next.editor, photoVersion == next.photoVersion,
              next.stack.isSame(as: stack), let grid = next.stack.component(GridComponent.self),
              next.shown.differsAtMostInBatch(from: shown) else { return nil }
        let before = shown.batch, after = next.shown.batch
        guard let was = before.run, let now = after.run, was.id == now.id, was.running, now.running,
              before.rules == after.rules
        else { return nil }
        var changed = Set(was.failures.map(\.path)).symmetricDifference(now.failures.map(\.path))
        for path in Set(before.pending.keys).union(after.pending.keys) where before.pending[path] != after.pending[path] {
            changed.insert(path)
        }
        let paths = next.shown.session.documents?.paths ?? []
        let cells = GridLayout(bounds: layout.bounds, count: paths.count, scrollOffset: grid.scrollOffset)
        var areas = [cells.header, BatchBar(batch: now, viewport: cells.viewport).frame]
        for index in cells.visibleItems where index < paths.count && changed.contains(paths[index]) {
            areas.append(cells.frame(ofItem: index))
        }
        return areas.map { area in
            let device = area.scaled(by: layout.scale)
            let x = device.x.rounded(.down), y = device.y.rounded(.down)
            return LayoutRect(x: x, y: y, width: device.maxX.rounded(.up) - x, height: device.maxY.rounded(.up) - y)
        }
    }
}
