import EditorState
import Localization

/// The app state's Upright part: the last Upright asked for and whether it still runs (the dial strip lights its
/// button meanwhile), and how long the last estimate took off the event loop (the state log's `upright.ms`).
struct UprightProgress: Equatable {
    private(set) var status: UprightStatus?
    private(set) var milliseconds: Double?

    /// Upright in `mode` for the open photo as it is turned now: the estimate's job; nil without a photo.
    mutating func ask(_ mode: UprightMode, session: Session) -> Job? {
        guard let document = session.document else { return nil }
        status = UprightStatus(mode: mode, running: true)
        return .estimateUpright(document, UprightRequest(generation: document.generation, mode: mode,
                                                         orientation: session.editor.displayOrientation,
                                                         focal35mm: session.editor.focal35mm))
    }

    /// The answer: the straighten and perspective it found become one undo step; with no confident lines a notice
    /// says so and nothing changes. An answer for another photo, turn or mode than the last asked is stale.
    mutating func answered(_ answer: UprightAnswer, session: Session) -> PartAnswer {
        guard session.isCurrent(answer.generation), answer.orientation == session.editor.displayOrientation,
              status == UprightStatus(mode: answer.mode, running: true) else { return PartAnswer(name: "staleUpright") }
        status = UprightStatus(mode: answer.mode, running: false)
        milliseconds = answer.milliseconds
        guard let angles = answer.angles else {
            return PartAnswer(name: "uprightUnsure",
                              notice: answer.mode == .level ? tr("No long straight edges to level by; the angle is unchanged")
                                  : tr("Upright found no confident straight lines; the photo is unchanged"))
        }
        return PartAnswer(name: "upright", edits: [.setWarp(angles.straighten, angles.perspective)])
    }
}
