import CCairo

/// The in-window path field for Open (Ctrl+O) and Save As (Ctrl+Shift+S), until the real file
/// dialog exists: a panel on top of the canvas with a field, a hint and any error.
struct PathPrompt {
    enum Purpose: Equatable { case open, saveAs }

    let purpose: Purpose
    var field: TextField
    var message: String?
    var isError = false

    init(purpose: Purpose, initialText: String) {
        self.purpose = purpose
        field = TextField(text: initialText)
    }

    var title: String { purpose == .open ? "Open a photo" : "Save the crop as" }
    var hint: String {
        purpose == .open ? "Type a path · Tab completes · Enter opens · Esc cancels"
            : "A new file name or path · Tab completes · Enter saves · Esc cancels"
    }

    func panel(in canvas: LayoutRect) -> LayoutRect {
        let width = min(680, canvas.width - 40)
        return LayoutRect(x: (canvas.midX - width / 2).rounded(), y: canvas.y + 24, width: width, height: 118)
    }

    func fieldFrame(in canvas: LayoutRect) -> LayoutRect {
        let panel = self.panel(in: canvas)
        return LayoutRect(x: panel.x + 20, y: panel.y + 46, width: panel.width - 40, height: 32)
    }

    func draw(in canvas: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        let panel = self.panel(in: canvas)
        Overlay.drawPanel(panel, on: cr)
        text.draw(title, font: Theme.titleFont, color: Theme.text,
                  in: LayoutRect(x: panel.x + 20, y: panel.y + 12, width: panel.width - 40, height: 26), on: cr)
        field.draw(in: fieldFrame(in: canvas), focused: true, invalid: isError, text: text, on: cr)
        text.draw(message ?? hint, font: Theme.smallFont, color: isError ? Color(hex: 0xff8a80) : Theme.secondaryText,
                  in: LayoutRect(x: panel.x + 20, y: panel.y + 84, width: panel.width - 40, height: 22),
                  truncation: .middle, on: cr)
    }
}
