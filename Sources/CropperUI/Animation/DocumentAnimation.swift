import Localization

/// An animation as the open document has it: where playing is, and which decoded frame is on screen (the
/// playhead's once its pixels are in; until then the one before it stays).
struct DocumentAnimation: Equatable {
    var playback: AnimationPlayback
    var onScreen: DisplayBitmap?
    var onScreenFrame: Int?
}

/// Playing: the playhead moves on the event loop's ticks, and a frame goes on screen once its pixels are in.
/// `decoded` looks a frame's pixels up in the frames decoded ahead; each rule answers the job that moves the
/// decoding along with the playhead.
extension DocumentAnimation {
    /// The playhead's frame goes on screen if it is decoded; the store decodes on from it.
    mutating func showPlayhead(generation: Int, decoded: (Int) -> DisplayBitmap?) -> Job {
        let frame = playback.frame
        if onScreenFrame != frame, let bitmap = decoded(frame) {
            onScreen = bitmap
            onScreenFrame = frame
        }
        return .showAnimationFrame(frame, generation: generation)
    }

    /// The tick: the next frame when it is due and decoded; nil when the playhead stays.
    mutating func advance(at now: Double, generation: Int, decoded: (Int) -> DisplayBitmap?) -> Job? {
        guard playback.advance(at: now, isReady: { decoded($0) != nil }) else { return nil }
        return showPlayhead(generation: generation, decoded: decoded)
    }

    /// When the next frame is due, if its pixels are in (the store's message wakes the loop when they come).
    func nextFrameAt(decoded: (Int) -> DisplayBitmap?) -> Double? {
        guard let due = playback.nextFrameAt else { return nil }
        let next = (playback.frame + 1) % playback.frames
        let stops = next == 0 && playback.plays != 0 && playback.passes + 1 >= playback.plays
        return stops || decoded(next) != nil ? due : nil
    }

    /// A frame cannot be read: playing stops there, and the banner says which.
    mutating func frameFailed(_ index: Int, reason: String, at now: Double) -> PartAnswer {
        if playback.isPlaying { playback.togglePlaying(at: now) }
        return PartAnswer(name: "animationFrameFailed",
                          banner: .show(tr("Frame %1$d of the animation cannot be read (%2$s): it stops there.", index + 1, reason)))
    }
}
