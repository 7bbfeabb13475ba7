import CCairo
import Localization
import PhotoIO

/// The bar along the grid's bottom while its photos are saved: how far the save got, a progress bar and Cancel;
/// once it is over with failures, the photos that failed with their reasons, and Retry. It floats over the cells,
/// which scroll under it.
struct BatchBar {
    enum Button: Equatable {
        case cancel, retry
    }

    static let height = 56.0

    let batch: BatchSave
    let viewport: LayoutRect

    /// Up while saving, and afterwards while there are failures to retry.
    static func shows(_ batch: BatchSave?) -> Bool {
        guard let batch else { return false }
        return batch.running || !batch.failures.isEmpty
    }

    var frame: LayoutRect {
        LayoutRect(x: viewport.x + GridLayout.margin, y: viewport.maxY - Self.height - 10,
                   width: max(0, viewport.width - 2 * GridLayout.margin - GridLayout.scrollbarWidth - 8), height: Self.height)
    }

    var button: Button { batch.running ? .cancel : .retry }

    var buttonFrame: LayoutRect {
        let bar = frame
        return LayoutRect(x: bar.maxX - 12 - 112, y: bar.midY - 16, width: 112, height: 32)
    }

    func button(at x: Double, _ y: Double) -> Button? {
        buttonFrame.contains(x, y) ? button : nil
    }

    func contains(_ x: Double, _ y: Double) -> Bool { frame.contains(x, y) }

    var headline: String {
        if batch.running {
            return batch.cancelled ? tr("Stopping: %1$d of %2$d saved…", batch.saved, batch.total)
                : tr("Saving %1$d of %2$d photos…", batch.finished + 1 > batch.total ? batch.total : batch.finished + 1, batch.total)
        }
        return trn("%d photo could not be saved:", "%d photos could not be saved:", batch.failures.count, batch.failures.count)
    }

    /// The failures, name and reason, as many as the line holds.
    var failureList: String {
        batch.failures.map { PathNames.shown(PathNames.name(of: $0.path)) + " — " + $0.reason }.joined(separator: " · ")
    }

    func draw(hovered: Button?, text: TextRenderer, on cr: OpaquePointer) {
        let bar = frame
        Overlay.drawPanel(bar, on: cr)
        let inner = LayoutRect(x: bar.x + 14, y: bar.y + 8, width: buttonFrame.x - bar.x - 28, height: 18)
        text.draw(headline, font: Theme.boldFont, color: batch.running ? Theme.text : Theme.danger, in: inner,
                  truncation: .end, on: cr)
        let below = LayoutRect(x: inner.x, y: bar.maxY - 22, width: inner.width, height: 14)
        if batch.running {
            Theme.fieldBackground.set(on: cr)
            Shapes.roundedRect(below.insetBy(0, 3), radius: 4, on: cr)
            cairo_fill(cr)
            let done = below.insetBy(0, 3)
            Theme.accent.set(on: cr)
            Shapes.roundedRect(LayoutRect(x: done.x, y: done.y, width: max(8, done.width * batch.progress), height: done.height),
                               radius: 4, on: cr)
            cairo_fill(cr)
        } else {
            text.draw(failureList, font: Theme.smallFont, color: Theme.secondaryText, in: below, truncation: .end, on: cr)
        }
        Overlay.drawButton(button == .cancel ? tr("Cancel") : tr("Retry"), frame: buttonFrame, prominent: button == .retry,
                           hovered: hovered == button, text: text, on: cr)
    }
}
