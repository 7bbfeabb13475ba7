/// Which frames of an animation are kept decoded for the screen: all of them when they fit the budget (a short
/// GIF is decoded once and then only shown), otherwise as many as fit from the frame shown onwards, in the order
/// they play, so the next frames are ready before they are due and never all frames at full size.
struct FrameWindow: Equatable {
    /// What the decoded frames of one animation may take.
    static let budgetBytes = 64 << 20
    /// Fewer than this and the decoder could not stay ahead of the frame shown.
    static let minimumFrames = 3

    let frames: Int
    let capacity: Int

    init(frames: Int, frameBytes: Int, budgetBytes: Int = FrameWindow.budgetBytes) {
        self.frames = frames
        capacity = min(frames, max(Self.minimumFrames, budgetBytes / max(frameBytes, 1)))
    }

    var holdsAll: Bool { capacity == frames }

    /// The frames to have decoded while `shown` is on screen, the most urgent first.
    func wanted(from shown: Int) -> [Int] {
        (0..<capacity).map { (shown + $0) % frames }
    }
}
