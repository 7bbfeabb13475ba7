import EditorState
import Foundation
import PhotoIO

/// Auto-level from the window: the estimate runs on the photo's preview off the event loop, and its answer
/// either turns the picture (one undo step) or says in a toast that there was nothing to level by.
extension WindowShell {
    func startAutoLevel() {
        guard let document = session.document,
              let photo = document.displaySources.lazy.compactMap({ $0.owner as? Bitmap }).first else { return }
        let generation = document.generation, orientation = session.editor.displayOrientation
        let pipe = services.wakePipe
        let thread = Thread {
            let start = MonotonicClock.now()
            let degrees = LevelEstimator.estimate(photo, shownAs: orientation)
            pipe.post(.levelEstimated(generation: generation, orientation: orientation, degrees: degrees,
                                      milliseconds: (MonotonicClock.now() - start) * 1000))
        }
        thread.name = "cropper.level"
        thread.start()
    }

    /// The estimate is for the picture as it was turned when asked; a different photo or turn since makes it stale.
    func finishAutoLevel(generation: Int, orientation: Orientation, degrees: Double?) -> String {
        guard generation == session.document?.generation, orientation == session.editor.displayOrientation else {
            return "staleLevel"
        }
        guard let degrees else {
            carryOut([.notice("No long straight edges to level by; the angle is unchanged")])
            return "autoLevelUnsure"
        }
        apply(.setStraighten(StraightenAngle(degrees: degrees)))
        return "autoLevel"
    }
}
