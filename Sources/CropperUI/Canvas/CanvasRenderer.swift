import CCairo
import EditorState
import Localization
import PhotoIO

/// The canvas: the calm dark ground, the photo at the viewport's zoom and offset, the crop overlay, and a
/// clear message when there is no photo to show. `area` is in device pixels; messages are drawn `scale` times larger.
struct CanvasRenderer {
    let area: LayoutRect
    let scale: Double
    let text: TextRenderer

    func draw(state: EditorState, document: Document?, cache: DisplayImageCache, levelLine: (Point, Point)? = nil,
              on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_clip(cr)
        cairo_translate(cr, area.x, area.y)
        if let document, document.bitmap != nil, state.imageSize != nil {
            let quick = state.activity == .straightening
            var maskDrawn = false
            // While the dial moves the photo goes through the blit at every angle, zero included: its mask darkens a
            // shade differently from Cairo's, and a step through zero repaints only the photo's part of the canvas.
            if let warped = state.warpedPhoto, !warped.isIdentity || quick {
                // One blit for a turned or re-projected photo: ground, photo, checkerboard and mask in one pass.
                let look = DisplayImageCache.WarpLook(
                    filter: quick ? .nearest : .bilinear,
                    mask: state.mask.flatMap { mask in state.cropFrameInView.map { (CropOverlayRenderer.snapped($0), mask.alpha) } },
                    checkerSide: Int((Checkerboard.square * scale).rounded()), settling: state.animation != nil)
                let drawn = cache.blitWarped(document.displaySources, orientation: state.displayOrientation,
                                             frame: state.viewport.contentFrame, warped: warped,
                                             area: LayoutRect(x: 0, y: 0, width: area.width, height: area.height),
                                             look: look, on: cr)
                if !drawn {
                    // Not a plain image target (never on screen): turned by Cairo, unwarped, rather than nothing.
                    paintGround(on: cr)
                    drawTurned(state, document: document, cache: cache, quick: quick, on: cr)
                }
                maskDrawn = drawn && look.mask != nil
                // Asks for the copy of this size to be made, drawing nothing (the blit already drew the photo).
                cache.request(document.displaySources, orientation: state.displayOrientation, frame: state.viewport.contentFrame)
            } else {
                paintGround(on: cr)
                drawTurned(state, document: document, cache: cache, quick: quick, on: cr)
            }
            LosslessGridRenderer.draw(state: state, on: cr)
            StraightenCanvas.drawGrid(state, scale: scale, on: cr)
            CropOverlayRenderer.draw(state: state, scale: scale, maskDrawn: maskDrawn, on: cr)
            if let (start, end) = levelLine { StraightenCanvas.drawLevelLine(from: start, to: end, scale: scale, on: cr) }
            // Above the mask, so the damage shows however dark the mask makes the photo.
            if let damage = document.damage { DamageHatch.draw(damage, state: state, scale: scale, on: cr) }
            cairo_restore(cr)
            return
        }
        paintGround(on: cr)
        cairo_scale(cr, scale, scale)
        if let document, let error = document.loadError {
            drawMessage(title: tr("Can’t open %s", PathNames.shown(document.name)), detail: error,
                        hint: tr("Press Ctrl+O to open another photo"), isError: true, on: cr)
        } else if let document {
            drawMessage(title: tr("Opening %s…", PathNames.shown(document.name)), detail: nil, hint: nil, isError: false, on: cr)
        } else {
            drawMessage(title: tr("No photo open"), detail: nil, hint: tr("Press Ctrl+O to open a photo"), isError: false, on: cr)
        }
        cairo_restore(cr)
    }

    private func paintGround(on cr: OpaquePointer) {
        Theme.canvas.set(on: cr)
        cairo_paint(cr)
    }

    /// The photo through Cairo: upright, or turned by the straighten angle when the blit cannot write the target.
    private func drawTurned(_ state: EditorState, document: Document, cache: DisplayImageCache, quick: Bool,
                            on cr: OpaquePointer) {
        StraightenCanvas.turned(state, on: cr) {
            if document.displaySources.last?.hasAlpha == true {
                Checkerboard.draw(in: state.viewport.contentFrame, scale: scale, on: cr)
            }
            cache.draw(document.displaySources, orientation: state.displayOrientation,
                       frame: state.viewport.contentFrame, settling: state.animation != nil,
                       target: state.animation?.to.contentFrame, quick: quick, arriving: document.arriving, on: cr)
        }
    }

    private func drawMessage(title: String, detail: String?, hint: String?, isError: Bool, on cr: OpaquePointer) {
        let area = LayoutRect(x: 0, y: 0, width: self.area.width / scale, height: self.area.height / scale)
        let width = min(560, area.width - 40)
        let x = ((area.width - width) / 2).rounded()
        var y = (area.height / 2 - 50).rounded()
        if isError {
            Color(hex: 0xd9534f).set(on: cr)
            cairo_set_line_width(cr, 2)
            cairo_arc(cr, area.width / 2, y - 28, 16, 0, 2 * .pi)
            cairo_stroke(cr)
            cairo_rectangle(cr, area.width / 2 - 1, y - 37, 2, 11)
            cairo_rectangle(cr, area.width / 2 - 1, y - 23, 2, 3)
            cairo_fill(cr)
        }
        text.draw(title, font: Theme.titleFont, color: Theme.text, in: LayoutRect(x: x, y: y, width: width, height: 28),
                  alignment: .center, truncation: .middle, on: cr)
        y += 34
        if let detail {
            y += text.drawParagraph(detail, font: Theme.bodyFont, color: Theme.secondaryText,
                                    in: LayoutRect(x: x, y: y, width: width, height: 60), alignment: .center, on: cr) + 10
        }
        if let hint {
            text.draw(hint, font: Theme.smallFont, color: Theme.secondaryText.withAlpha(0.8),
                      in: LayoutRect(x: x, y: y, width: width, height: 20), alignment: .center, on: cr)
        }
    }
}
