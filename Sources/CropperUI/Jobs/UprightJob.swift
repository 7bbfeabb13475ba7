import EditorState
import Foundation
import PhotoIO
import X11Platform

/// Upright from the window: the estimate runs on the photo's preview (the smallest decode; the detector looks at
/// 1024 pixels on the long side) off the event loop, and comes back as an `uprightEstimated` message for the
/// picture as it was turned when asked.
enum UprightJob {
    static func start(_ request: UprightRequest, on document: Document, replyTo pipe: WakePipe<BackgroundMessage>) {
        let photo = preview(of: document)
        let thread = Thread { pipe.post(.uprightEstimated(answer(request, from: photo))) }
        thread.name = "cropper.upright"
        thread.start()
    }

    /// The smallest decode of the photo that Upright reads.
    static func preview(of document: Document) -> Bitmap? {
        document.decodedSources.first?.decoded
    }

    /// The estimate itself, timed (on whichever thread runs it).
    static func answer(_ request: UprightRequest, from photo: Bitmap?) -> UprightAnswer {
        let start = MonotonicClock.now()
        let angles = photo.flatMap {
            UprightEstimator.estimate($0, shownAs: request.orientation, focal35mm: request.focal35mm, mode: request.mode)
        }
        return request.answered(angles, milliseconds: (MonotonicClock.now() - start) * 1000)
    }
}

/// What Upright is asked: one mode, for the photo of `generation` as turned by `orientation`.
struct UprightRequest: Sendable, Equatable {
    let generation: Int
    let mode: UprightMode
    let orientation: Orientation
    let focal35mm: Double

    func answered(_ angles: WarpAngles?, milliseconds: Double) -> UprightAnswer {
        UprightAnswer(generation: generation, mode: mode, orientation: orientation, angles: angles,
                      milliseconds: milliseconds)
    }
}

/// Upright's answer: the straighten and perspective angles, nil when the photo has no confident lines.
struct UprightAnswer: Sendable, Equatable {
    let generation: Int
    let mode: UprightMode
    let orientation: Orientation
    let angles: WarpAngles?
    let milliseconds: Double
}

/// The last Upright asked for, and whether it is still running (`UprightProgress.status`).
struct UprightStatus: Equatable, Sendable {
    var mode: UprightMode
    var running: Bool
}
