import PhotoIO

/// What leaving the open photo (quitting, or opening another) does first: the rule behind the close question.
/// The question goes on top of whatever is up, so it is always the one seen and answered.
enum Leaving: Equatable {
    /// Inside the same list while the grid is up or photos hold crops of their own: the open photo's edit stays
    /// with it, pending, and leaving goes on.
    case keepEditAndGo
    /// Photos hold unsaved crops, a batch is being written, or the open photo has unsaved edits.
    case ask(Question)
    case go

    static func decide(_ purpose: ClosePurpose, batch: BatchState, in context: BatchContext) -> Leaving {
        if case let .open(list) = purpose, batch.keepsEdits(goingTo: list, in: context) { return .keepEditAndGo }
        if let question = batch.question(for: purpose, in: context) { return .ask(question) }
        guard context.session.editor.isDirty, let document = context.session.document else { return .go }
        return .ask(.closing(for: purpose, fileName: PathNames.shown(document.name)))
    }
}
