import CCairo
import Localization
import PhotoIO

/// "The box reaches into the damaged part": asked when a save would include rows the photo could not read.
struct DamagedSaveQuestion: Equatable {
    enum Choice: CaseIterable { case cancel, saveAnyway }

    let region: DamagedRegion

    var title: String { tr("The box reaches into the damaged part") }
    var message: String {
        tr("%1$s could not be read. Move the box %2$s, or save the pixels as they were decoded.",
           region.unreadableText.prefix(1).uppercased() + region.unreadableText.dropFirst(), region.moveAdvice)
    }

    /// Cancel is the safe default; saving damaged pixels must be chosen.
    private var question: QuestionPanel<Choice> {
        QuestionPanel(title: title, message: message, buttons: [
            .init(choice: .cancel, label: tr("Cancel"), isProminent: true),
            .init(choice: .saveAnyway, label: tr("Save anyway")),
        ], titleTruncation: .end)
    }

    func choice(at x: Double, _ y: Double, in window: LayoutRect) -> Choice? {
        question.choice(at: x, y, in: window)
    }

    func draw(in window: LayoutRect, hovered: Choice?, text: TextRenderer, on cr: OpaquePointer) {
        question.draw(in: window, hovered: hovered, text: text, on: cr)
    }
}
