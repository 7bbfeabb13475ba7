/// Opening and closing the panels: which others each one closes, and what it asks for as it opens (listings,
/// thumbnails). Closing a panel that shows thumbnails lets go of the ones it wanted.
extension ComponentStack {
    mutating func openPicker(isStartup: Bool = false, in context: WindowContext) -> [Effect] {
        remove(.dialog)
        remove(.numericEntry)
        let (picker, effects) = PickerComponent.open(in: context, isStartup: isStartup)
        push(picker)
        return effects
    }

    mutating func closePicker() -> [Effect] {
        remove(.picker)
        return [.wantThumbnails([:])]
    }

    /// The grid of the list's photos, over everything but the questions.
    mutating func openGrid(in context: WindowContext) -> [Effect] {
        for kind in [ComponentKind.picker, .dialog, .numericEntry, .menu, .shortcuts] { remove(kind) }
        let (grid, effects) = GridComponent.open(in: context)
        push(grid)
        return effects
    }

    mutating func closeGrid() -> [Effect] {
        remove(.grid)
        return [.wantThumbnails([:])]
    }

    /// The Open or Save As dialog (nil leaves things as they are: the dialog could not be opened).
    mutating func openFileDialog(saving: Bool, in context: WindowContext) -> [Effect] {
        guard let (dialog, effects) = FileDialogComponent.open(saving: saving, in: context) else { return [] }
        remove(.picker)
        remove(.numericEntry)
        push(dialog)
        return effects
    }

    /// The window resized: the grid keeps its rows in range and asks for the thumbnails now in view.
    mutating func windowResized(in context: WindowContext) -> [Effect] {
        modify(GridComponent.self) { $0.keepInRange(in: context) }
        return component(GridComponent.self).map { [$0.wantedThumbnails(context)] } ?? []
    }

    /// A panel's command: opened when it is not up, closed when it is.
    mutating func toggle(_ kind: ComponentKind, opening make: () -> any Component) {
        if contains(kind) { remove(kind) } else { push(make()) }
    }
}
