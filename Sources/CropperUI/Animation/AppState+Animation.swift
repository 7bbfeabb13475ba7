import Localization

/// Playing an animation: the playhead moves on the event loop's ticks, the store decodes ahead of it, and a frame
/// goes on screen once its pixels are in. Stepping pauses; every edit of the box applies to every frame.
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

    /// When the next frame is due, if its pixels are in (the store's message wakes the loop when they come).
    var nextAnimationFrameAt: Double? {
        guard let document = session.document, let playback = document.animation?.playback,
              let due = playback.nextFrameAt else { return nil }
        let next = (playback.frame + 1) % playback.frames
        let stops = next == 0 && playback.plays != 0 && playback.passes + 1 >= playback.plays
        return stops || world.animationFrames.bitmap(next, generation: document.generation) != nil ? due : nil
    }

    /// The tick: the next frame when it is due and decoded.
    mutating func advanceAnimation() {
        guard let generation = session.document?.generation, var animation = session.document?.animation else { return }
        let frames = world.animationFrames
        guard animation.playback.advance(at: now, isReady: { frames.bitmap($0, generation: generation) != nil }) else {
            return
        }
        session.document?.animation = animation
        showPlayhead()
    }

    mutating func togglePlaying() {
        session.document?.animation?.playback.togglePlaying(at: now)
        showPlayhead()
    }

    mutating func stepFrame(by count: Int) {
        session.document?.animation?.playback.step(by: count)
        showPlayhead()
    }

    /// The playhead's frame goes on screen if it is decoded; the store decodes on from it.
    private mutating func showPlayhead() {
        guard let generation = session.document?.generation, var animation = session.document?.animation else { return }
        let frame = animation.playback.frame
        if animation.onScreenFrame != frame, let bitmap = world.animationFrames.bitmap(frame, generation: generation) {
            animation.onScreen = bitmap
            animation.onScreenFrame = frame
        }
        session.document?.animation = animation
        run(.showAnimationFrame(frame, generation: generation))
    }

    mutating func animationFrameDecoded(generation: Int) -> String {
        guard generation == session.document?.generation, session.document?.animation != nil else { return "staleFrame" }
        // The frame stepped to, or the one playing waits for.
        showPlayhead()
        advanceAnimation()
        return "animationFrame"
    }

    mutating func animationFrameFailed(generation: Int, index: Int, reason: String) -> String {
        guard generation == session.document?.generation, session.document?.animation != nil else { return "staleFrame" }
        if session.document?.animation?.playback.isPlaying == true { session.document?.animation?.playback.togglePlaying(at: now) }
        showBanner(tr("Frame %1$d of the animation cannot be read (%2$s): it stops there.", index + 1, reason))
        return "animationFrameFailed"
    }
}
