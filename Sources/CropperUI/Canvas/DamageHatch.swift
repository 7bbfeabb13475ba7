import CCairo
import EditorState
import PhotoIO

/// Diagonal hatching over the part of a damaged photo the decoder could not read, in the photo's current
/// turn and zoom, so the intact part stands out and no one mistakes grey for picture.
enum DamageHatch {
    static func draw(_ damage: Damage, state: EditorState, scale: Double, on cr: OpaquePointer) {
        guard let stored = state.storedSize, let shown = state.imageSize, damage.intactRows < stored.height else { return }
        let band = PixelRect(x: 0, y: damage.intactRows, width: stored.width, height: stored.height - damage.intactRows)
        let rect = state.displayOrientation.displayedRect(fromStored: band, storedSize: stored)
        let frame = state.viewport.contentFrame
        let sx = frame.width / Double(shown.width), sy = frame.height / Double(shown.height)
        let x = frame.x + Double(rect.x) * sx, y = frame.y + Double(rect.y) * sy
        let width = Double(rect.width) * sx, height = Double(rect.height) * sy

        cairo_save(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_set_source_rgba(cr, 0.08, 0.08, 0.08, 0.35)
        cairo_paint(cr)
        let spacing = 14 * scale
        cairo_set_line_width(cr, 3 * scale)
        cairo_set_source_rgba(cr, 0.95, 0.65, 0.15, 0.45)
        var offset = -height
        while offset < width + height {
            cairo_move_to(cr, x + offset, y + height)
            cairo_line_to(cr, x + offset + height, y)
            offset += spacing
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
