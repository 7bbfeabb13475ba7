/// An animation as the open document has it: where playing is, and which decoded frame is on screen (the
/// playhead's once its pixels are in; until then the one before it stays).
struct DocumentAnimation: Equatable {
    var playback: AnimationPlayback
    var onScreen: DisplayBitmap?
    var onScreenFrame: Int?
}
