import EditorState
import Localization

extension AppState {
    /// Upright's answer: the straighten and perspective it found become one undo step; with no confident lines
    /// a notice says so and nothing changes. An answer for another photo, turn or mode than the last asked is
    /// stale.
    mutating func uprightEstimated(_ answer: UprightAnswer) -> String {
        guard session.isCurrent(answer.generation), answer.orientation == session.editor.displayOrientation,
              session.upright == UprightStatus(mode: answer.mode, running: true) else { return "staleUpright" }
        session.upright = UprightStatus(mode: answer.mode, running: false)
        diagnostics.uprightMilliseconds = answer.milliseconds
        guard let angles = answer.angles else {
            showNotice(answer.mode == .level ? tr("No long straight edges to level by; the angle is unchanged")
                                             : tr("Upright found no confident straight lines; the photo is unchanged"))
            return "uprightUnsure"
        }
        apply(.setWarp(angles.straighten, angles.perspective))
        return "upright"
    }
}
