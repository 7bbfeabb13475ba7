/// Stepping through the photos given together: Page Up / Page Down, asking first about unsaved edits.
extension EditorApp {
    /// Makes `list` the window's list and opens its current photo.
    func show(_ list: DocumentList) {
        ui.documents = list
        load(path: list.current)
    }

    func step(by offset: Int) {
        guard let target = ui.documents?.stepped(by: offset) else { return }
        requestClose(.open(target))
    }
}
