/// Playing the open photo's animation: routed to its `DocumentAnimation`, with the frames decoded ahead
/// (`AnimationFrameStore`) to look the playhead's pixels up in. Stepping pauses; every edit of the box applies to
/// every frame. An animation starts with its first pixels (`Session.previewArrived`).
extension AppState {
    /// The open photo's frames decoded ahead, by index.
    var decodedFrame: (Int) -> DisplayBitmap? {
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
        let decoded = decodedFrame
        run(session.playhead(decoded: decoded))
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
