import EditorState
import Localization
import PhotoIO

/// The batch's crop rule: Ctrl+Shift+C copies it from the open photo, Ctrl+Shift+V places it on the grid's selection
/// off the event loop, and each photo it does not fit is marked with the reason. The crops it places are kept by
/// `BatchState`, which routes each photo's result here (`settle`) and keeps the crop itself.
struct RulePlacement: Equatable {
    /// Ctrl+Shift+C's crop rule, for the grid's Ctrl+Shift+V.
    var copied: CopiedRule?
    /// Photos the rule did not fit, with the reason.
    var misfits: [String: String] = [:]
    /// Bumped for every Ctrl+Shift+V, so results of an earlier one are ignored.
    var application = 0
    /// Photos the rule is still being placed on, and how many of those placed so far did not take it.
    var placing: Set<String> = []
    var refused = 0

    /// Ctrl+Shift+C: the panel that asks how the box is carried over.
    func askForRule(in context: BatchContext) -> PartAnswer {
        guard let copied = Self.rule(.sameShapeSamePlace, in: context) else {
            return PartAnswer(notice: tr("Draw a box first: the crop rule is made from it"))
        }
        return PartAnswer(question: .cropRule(copied))
    }

    /// The panel's answer: the rule is kept for the grid.
    mutating func copyRule(_ kind: CropRule.Kind, in context: BatchContext) -> PartAnswer {
        guard let rule = Self.rule(kind, in: context) else { return PartAnswer() }
        copied = rule
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
    mutating func apply(to paths: [String], whileSaving saving: Bool) -> PartAnswer {
        guard let copied else {
            return PartAnswer(notice: tr("No crop rule copied yet: open a photo, draw a box and press Ctrl+Shift+C"))
        }
        guard !paths.isEmpty else { return PartAnswer(notice: tr("Select the photos to apply the crop to first")) }
        guard !saving else { return PartAnswer(notice: tr("Wait until the photos being saved are written")) }
        return PartAnswer(jobs: [.applyRule(copied, paths: paths, application: startPlacing(on: paths))])
    }

    /// A new Ctrl+Shift+V on `paths`: its number, what an earlier one left on them cleared.
    mutating func startPlacing(on paths: [String]) -> Int {
        application += 1
        for path in paths { misfits[path] = nil }
        placing = Set(paths)
        refused = 0
        return application
    }

    /// One photo's placing came back, fitted or not (`misfit`: why not); once the last one is back, what the
    /// notice says of them all.
    mutating func settle(_ path: String, misfit: String?) -> String? {
        placing.remove(path)
        misfits[path] = misfit
        if misfit != nil { refused += 1 }
        guard placing.isEmpty else { return nil }
        guard refused > 0 else { return tr("The crop is on the selected photos: open one to adjust it, Ctrl+S saves them") }
        return trn("%d photo does not take the crop; it is marked with the reason",
                   "%d photos do not take the crop; they are marked with the reason", refused, refused)
    }
}
