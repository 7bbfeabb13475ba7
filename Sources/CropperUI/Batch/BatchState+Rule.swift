import EditorState
import Localization
import PhotoIO

/// Copying a crop as a rule (Ctrl+Shift+C) and applying it to the grid's selection (Ctrl+Shift+V).
extension BatchState {
    /// Ctrl+Shift+C: the panel that asks how the box is carried over.
    func askForRule(in context: BatchContext) -> PartAnswer {
        guard let copied = Self.rule(.sameShapeSamePlace, in: context) else {
            return PartAnswer(notice: tr("Draw a box first: the crop rule is made from it"))
        }
        return PartAnswer(question: .cropRule(copied))
    }

    /// The panel's answer: the rule is kept for the grid.
    mutating func copyRule(_ kind: CropRule.Kind, in context: BatchContext) -> PartAnswer {
        guard let copied = Self.rule(kind, in: context) else { return PartAnswer() }
        copiedRule = copied
        return PartAnswer(notice: tr("Copied the crop rule (%s). In the grid, Ctrl+Shift+V applies it to the selected photos.",
                                     CopiedRule.label(kind)))
    }

    private static func rule(_ kind: CropRule.Kind, in context: BatchContext) -> CopiedRule? {
        guard let document = context.session.document,
              var copied = CopiedRule(editor: context.session.editor, fileName: PathNames.shown(document.name),
                                      exportSize: context.settings.exportSize,
                                      lossless: context.settings.lossless) else { return nil }
        copied.rule.kind = kind
        return copied
    }

    /// Ctrl+Shift+V in the grid: the rule placed on each selected photo, off the event loop.
    mutating func applyRule(to paths: [String]) -> PartAnswer {
        guard let copied = copiedRule else {
            return PartAnswer(notice: tr("No crop rule copied yet: open a photo, draw a box and press Ctrl+Shift+C"))
        }
        guard !paths.isEmpty else { return PartAnswer(notice: tr("Select the photos to apply the crop to first")) }
        guard !isSaving else { return PartAnswer(notice: tr("Wait until the photos being saved are written")) }
        return PartAnswer(jobs: [.applyRule(copied, paths: paths, application: startPlacing(on: paths))])
    }

    /// One photo's placing came back: its crop is kept with it (the open photo's goes to the editor as one undo
    /// step), or it is marked with why the rule does not fit. The last one says how it went.
    mutating func placed(_ placed: RulePlaced, in context: BatchContext) -> PartAnswer {
        guard placed.application == application else { return PartAnswer(name: "staleRule") }
        let path = placed.path
        placing.remove(path)
        var answer: PartAnswer
        switch placed.result {
        case var .success(crop):
            answer = PartAnswer(name: "rulePlaced")
            misfits[path] = nil
            if path == context.openPath, context.session.editor.imageSize != nil {
                answer.edits = [.adoptEdit(crop.edit)]
                pending[path] = nil
            } else {
                if let earlier = pending[path] {
                    crop.history = earlier.history
                    crop.history.record(earlier.edit)
                }
                pending[path] = crop
            }
        case let .failure(refusal):
            answer = PartAnswer(name: "ruleRefused")
            misfits[path] = refusal.reason
            refused += 1
        }
        if placing.isEmpty { answer.notice = placingNotice }
        return answer
    }

    private var placingNotice: String {
        guard refused > 0 else { return tr("The crop is on the selected photos: open one to adjust it, Ctrl+S saves them") }
        return trn("%d photo does not take the crop; it is marked with the reason",
                   "%d photos do not take the crop; they are marked with the reason", refused, refused)
    }
}
