import EditorState

/// What the last presented frame showed, so that the next one can repaint only what changed: while a crop box
/// is dragged, the area around the old and new box and the status bar (the box's size); while a dial turns the
/// photo, the canvas, the dial strip and the status bar (and the toolbar as the dial passes the saved angle), and of
/// the canvas only the photo as turned before and after and the boxes while the straighten dial is dragged. Everything else on screen is the same pixels, and
/// repainting and presenting the whole window every frame is what made a drag's frames slow.
struct DrawnFrame {
    let editor: EditorState
    let shown: ShownParts
    let stack: ComponentStack
    let layout: WindowLayout
    let photoVersion: Int

    /// Device-pixel rectangles outside which `next` draws the same pixels as this frame; nil when it may
    /// differ anywhere.
    func damage(to next: DrawnFrame) -> [LayoutRect]? {
        if let progress = batchProgressDamage(to: next) { return progress }
        guard layout == next.layout, shown == next.shown, next.stack.isSame(as: stack) else { return nil }
        if next.editor.differsOnlyInWarp(from: editor) {
            // The dial passing the saved angle (zero, mostly) enables or disables Reset; a whole repaint for that
            // was most of a dial drag's slowest frames.
            let toolbar = next.editor.isDirty != editor.isDirty ? [layout.toolbar] : []
            let bands = ([layout.canvas, layout.dial, layout.statusBar] + toolbar).map { $0.scaled(by: layout.scale) }
            var rects = bands.map {
                LayoutRect(x: $0.x.rounded(.down), y: $0.y.rounded(.down), width: $0.width.rounded(.up),
                           height: $0.height.rounded(.up))
            }
            // While the straighten dial turns the photo, the ground around it stays as it was.
            if let turned = next.editor.turnedArea(from: editor, reach: overlayReach),
               let area = clampedToCanvas(left: turned.minX, top: turned.minY, right: turned.maxX, bottom: turned.maxY) {
                rects[0] = area
            }
            return rects
        }
        guard photoVersion == next.photoVersion, next.editor.differsOnlyInCrop(from: editor),
              let old = editor.cropFrameInView, let new = next.editor.cropFrameInView else { return nil }
        let reach = overlayReach
        let status = layout.statusBar.scaled(by: layout.scale)
        var rects = [LayoutRect(x: status.x.rounded(.down), y: status.y.rounded(.down),
                                width: status.width.rounded(.up), height: status.height.rounded(.up))]
        if let box = clampedToCanvas(left: min(old.minX, new.minX) - reach, top: min(old.minY, new.minY) - reach,
                                     right: max(old.maxX, new.maxX) + reach, bottom: max(old.maxY, new.maxY) + reach) {
            rects.append(box)
        }
        return rects
    }

    /// Frame and handles lie outside the box, with their dark halo: this many device pixels.
    private var overlayReach: Double { ((CropOverlayRenderer.handleThickness + 6) * layout.scale).rounded(.up) }

    /// Canvas device pixels (the view's) as window pixels, whole and within the canvas; nil when none are left.
    private func clampedToCanvas(left: Double, top: Double, right: Double, bottom: Double) -> LayoutRect? {
        let canvas = layout.deviceCanvas
        let x0 = max(canvas.x, (canvas.x + left).rounded(.down)), y0 = max(canvas.y, (canvas.y + top).rounded(.down))
        let x1 = min(canvas.x + canvas.width, (canvas.x + right).rounded(.up))
        let y1 = min(canvas.y + canvas.height, (canvas.y + bottom).rounded(.up))
        return x1 > x0 && y1 > y0 ? LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
