import EditorState
import Foundation
import PhotoIO
import X11Platform

/// Auto-level from the window: the estimate runs on the photo's preview off the event loop and comes back as a
/// `levelEstimated` message, for the picture as it was turned when asked.
enum AutoLevelJob {
    static func start(on document: Document, shownAs orientation: Orientation, replyTo pipe: WakePipe<BackgroundMessage>) {
        guard let photo = document.decodedSources.first?.decoded else { return }
        let generation = document.generation
        let thread = Thread {
            let start = MonotonicClock.now()
            let degrees = LevelEstimator.estimate(photo, shownAs: orientation)
            pipe.post(.levelEstimated(generation: generation, orientation: orientation, degrees: degrees,
                                      milliseconds: (MonotonicClock.now() - start) * 1000))
        }
        thread.name = "cropper.level"
        thread.start()
    }
}
