import Localization
import PhotoIO

/// What a modal question asks and what each answer does: its words, its buttons, the keys that answer it (a
/// binding scope) and the effects of each answer. The one `QuestionComponent` shows and answers any of them.
struct Question: Equatable, Sendable {
    struct Answer: Equatable, Sendable {
        /// Which answer of the binding table gives it by key (Enter, S, D, Esc, …).
        let answer: QuestionAnswer
        let label: String
        /// Drawn in the accent colour: the answer Enter gives.
        var isProminent = false
        /// At the panel's left edge, apart from the others.
        var isLeading = false
        let effects: [Effect]
    }

    let kind: ComponentKind
    let keys: BindingScope
    let title: String
    let message: String
    let answers: [Answer]
    var width = 480.0
    var titleTruncation = TextTruncation.middle

    /// The answer a key gives; a key bound to an answer the question does not offer cancels it.
    func answer(for given: QuestionAnswer) -> Answer? {
        answers.first { $0.answer == given } ?? answers.first { $0.answer == .cancel }
    }

    var panel: QuestionPanel<QuestionAnswer> {
        QuestionPanel(title: title, message: message, buttons: answers.map {
            .init(choice: $0.answer, label: $0.label, isProminent: $0.isProminent, isLeading: $0.isLeading)
        }, width: width, titleTruncation: titleTruncation)
    }
}

extension Question {
    /// "Save the changes to …?": asked when closing or opening another photo with unsaved edits.
    static func closing(for purpose: ClosePurpose, fileName: String) -> Question {
        Question(kind: .confirm, keys: .closeQuestion, title: tr("Save the changes to %s?", fileName), message: {
            switch purpose {
            case .quit: tr("Your crop, rotation and flips are lost if you close without saving.")
            case .open: tr("Your crop, rotation and flips are lost if you open another photo without saving.")
            }
        }(), answers: [
            Answer(answer: .discard, label: tr("Don’t Save"), isLeading: true, effects: [.close(.confirm), .proceed(purpose)]),
            Answer(answer: .cancel, label: tr("Cancel"), effects: [.close(.confirm)]),
            Answer(answer: .save, label: tr("Save"), isProminent: true, effects: [.close(.confirm), .saveThen(purpose)]),
        ])
    }

    /// "The box reaches into the damaged part": after a save was refused because the box takes rows the photo
    /// could not read. Cancel is the safe default (Esc, Enter); saving the decoded pixels must be chosen (A).
    static func damagedSave(_ region: DamagedRegion, retry: SaveRetry) -> Question {
        Question(kind: .damagedSave, keys: .damagedSaveQuestion, title: tr("The box reaches into the damaged part"),
                 message: tr("%1$s could not be read. Move the box %2$s, or save the pixels as they were decoded.",
                             region.unreadableText.prefix(1).uppercased() + region.unreadableText.dropFirst(),
                             region.moveAdvice),
                 answers: [
                     Answer(answer: .cancel, label: tr("Cancel"), isProminent: true, effects: [.close(.damagedSave)]),
                     Answer(answer: .save, label: tr("Save anyway"), effects: [.close(.damagedSave), .saveAnyway(retry)]),
                 ], titleTruncation: .end)
    }

    /// "Replace “name”?": asked in the Save As dialog before a crop is written over an existing file. Replace
    /// closes the question and goes on with `saving` (the dialog's own effects for the save); Cancel goes back to
    /// the dialog.
    static func replaceFile(_ path: String, saving: [Effect]) -> Question {
        let name = PathNames.shown(PathNames.name(of: path))
        let folder = PathNames.shown(PathNames.name(of: PathNames.folder(of: path)))
        return Question(kind: .replaceFile, keys: .replaceQuestion, title: tr("Replace “%s”?", name),
                        message: tr("A file of this name already exists in “%s”. Replacing it overwrites what it holds.", folder),
                        answers: [
                            Answer(answer: .cancel, label: tr("Cancel"), effects: [.close(.replaceFile)]),
                            Answer(answer: .replace, label: tr("Replace"), isProminent: true,
                                   effects: [.close(.replaceFile)] + saving),
                        ], width: 460)
    }

    /// Asked before the first save over a photo: says what will happen (the photo replaced by the crop, the
    /// original to the Trash, where a file manager restores it). Replace goes on and is not asked again.
    /// `exportSize`: "1080 × 1080", when the crop is scaled on saving.
    static func replaceOriginal(fileName: String, exportSize: String?) -> Question {
        let message = exportSize.map {
            tr("The photo becomes the crop at %s, its metadata kept. The original goes to the Trash, where your file manager "
               + "can restore it. Cropper asks only this once.", $0)
        } ?? tr("The photo becomes the crop, its metadata kept. The original goes to the Trash, where your file manager "
                + "can restore it. Cropper asks only this once.")
        return Question(kind: .replaceOriginal, keys: .replaceOriginalQuestion,
                        title: tr("Replace %s with the crop?", fileName), message: message, answers: [
                            Answer(answer: .cancel, label: tr("Cancel"), effects: [.close(.replaceOriginal)]),
                            Answer(answer: .replace, label: tr("Replace"), isProminent: true,
                                   effects: [.close(.replaceOriginal), .replaceOriginal(confirmed: true)]),
                        ], width: 520)
    }
}
