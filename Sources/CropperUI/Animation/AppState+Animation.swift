/// Playing the open photo's animation: routed to its `DocumentAnimation`, with the frames decoded ahead
/// (`AnimationFrameStore`) to look the playhead's pixels up in. Stepping pauses; every edit of the box applies to
/// every frame.
extension AppState {
    /// An animation just opened starts playing from its first frame, which the preview already shows.
    mutating func startAnimation(_ decoded: DecodedPreview) {
        guard let timeline = decoded.animation, let source = decoded.animationSource,
              let generation = session.document?.generation else { return }
        if session.document?.animation == nil {
            session.document?.animation = DocumentAnimation(playback: AnimationPlayback(timeline, startedAt: now))
        } else {
            // Decoded again for a new display: the frame shown is replaced by its new pixels when they come.
            session.document?.animation?.onScreenFrame = nil
        }
        run(.playAnimation(source, frames: timeline.frames, generation: generation, display: displayProfile))
        showPlayhead()
    }

    /// The open photo's frames decoded ahead, by index.
    private var decodedFrame: (Int) -> DisplayBitmap? {
        let frames = world.animationFrames, generation = session.document?.generation ?? -1
        return { frames.bitmap($0, generation: generation) }
    }

    var nextAnimationFrameAt: Double? { session.document?.animation?.nextFrameAt(decoded: decodedFrame) }

    /// The tick: the next frame when it is due and decoded.
    mutating func advanceAnimation() {
        guard let generation = session.document?.generation else { return }
        let decoded = decodedFrame
        if let job = session.document?.animation?.advance(at: now, generation: generation, decoded: decoded) { run(job) }
    }

    mutating func togglePlaying() {
        session.document?.animation?.playback.togglePlaying(at: now)
        showPlayhead()
    }

    mutating func stepFrame(by count: Int) {
        session.document?.animation?.playback.step(by: count)
        showPlayhead()
    }

    private mutating func showPlayhead() {
        guard let generation = session.document?.generation else { return }
        let decoded = decodedFrame
        if let job = session.document?.animation?.showPlayhead(generation: generation, decoded: decoded) { run(job) }
    }

    mutating func animationFrameDecoded(generation: Int) -> String {
        guard generation == session.document?.generation, session.document?.animation != nil else { return "staleFrame" }
        // The frame stepped to, or the one playing waits for.
        showPlayhead()
        advanceAnimation()
        return "animationFrame"
    }

    mutating func animationFrameFailed(generation: Int, index: Int, reason: String) -> String {
        guard generation == session.document?.generation,
              let answer = session.document?.animation?.frameFailed(index, reason: reason, at: now) else { return "staleFrame" }
        return take(answer)
    }
}
