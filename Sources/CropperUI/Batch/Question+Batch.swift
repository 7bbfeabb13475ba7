import EditorState
import Localization

extension Question {
    /// Ctrl+Shift+C's panel: how the box goes onto other photos, one choice per button (and key 1–5); Enter takes
    /// the default, the same shape at the same place.
    static func cropRule(_ copied: CopiedRule) -> Question {
        let kinds = CropRule.Kind.allCases
        let lines = kinds.enumerated().map { index, kind in "\(index + 1)  " + CopiedRule.choiceLine(kind, of: copied.rule) }
        let extras = copied.extrasLine
        let order: [CropRule.Kind] = [.pixels, .relative, .centred, .smart, .sameShapeSamePlace]
        return Question(kind: .cropRule, keys: .cropRuleQuestion,
                        title: tr("Copy the crop of %s as a rule", copied.fileName),
                        message: (lines + (extras.isEmpty ? [] : [extras])).joined(separator: "\n"),
                        answers: [Answer(answer: .cancel, label: tr("Cancel"), isLeading: true, effects: [.close(.cropRule)])]
                            + order.map { kind in
                                Answer(answer: .rule(kind), label: CopiedRule.label(kind), isProminent: kind == .sameShapeSamePlace,
                                       effects: [.close(.cropRule), .copyRule(kind)])
                            },
                        width: 640, titleTruncation: .middle)
    }

    /// Quitting or leaving the list while other photos hold unsaved crops.
    static func pendingCrops(count: Int, purpose: ClosePurpose) -> Question {
        Question(kind: .confirm, keys: .closeQuestion,
                 title: trn("Save the crop of %d photo?", "Save the crops of %d photos?", count, count), message: {
                     switch purpose {
                     case .quit: tr("Their crops are lost if you close without saving.")
                     case .open: tr("Their crops are lost if you open another folder without saving.")
                     }
                 }(), answers: [
                     Answer(answer: .discard, label: tr("Don’t Save"), isLeading: true,
                            effects: [.close(.confirm), .dropPending(then: purpose)]),
                     Answer(answer: .cancel, label: tr("Cancel"), effects: [.close(.confirm)]),
                     Answer(answer: .save, label: tr("Save All"), isProminent: true,
                            effects: [.close(.confirm), .saveAllPending(then: purpose)]),
                 ])
    }

    /// Quitting or leaving while the grid's photos are being written.
    static func quitWhileSaving(remaining: Int, purpose: ClosePurpose) -> Question {
        Question(kind: .confirm, keys: .closeQuestion,
                 title: trn("%d photo is still being saved", "%d photos are still being saved", remaining, remaining),
                 message: tr("Stopping finishes the photo being written and starts no more; the others keep their crops."),
                 answers: [
                     Answer(answer: .discard, label: tr("Stop and Leave"), isLeading: true,
                            effects: [.close(.confirm), .stopBatch(then: purpose)]),
                     Answer(answer: .cancel, label: tr("Keep Saving"), isProminent: true, effects: [.close(.confirm)]),
                 ])
    }
}
