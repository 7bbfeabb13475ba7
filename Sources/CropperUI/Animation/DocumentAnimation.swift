/// An animation as the open document has it: where playing is, and which decoded frame is on screen (the
/// playhead's once its pixels are in; until then the one before it stays).
struct DocumentAnimation {
    var playback: AnimationPlayback
    var onScreen: DisplayBitmap?
    var onScreenFrame: Int?

    var look: AnimationLook {
        AnimationLook(frame: playback.frame, onScreen: onScreenFrame, playing: playback.isPlaying)
    }
}

/// What of an animation shows on screen: the canvas's frame and the status bar's control.
struct AnimationLook: Equatable {
    let frame: Int
    let onScreen: Int?
    let playing: Bool
}
