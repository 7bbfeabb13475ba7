import PhotoIO

/// Where an animation is in its playing, as a value: the frame shown, whether it plays, how many passes are done.
/// Every frame is shown (a late frame delays the ones after it rather than being skipped), each for its delay
/// counted from when its pixels went on screen; the rules need only the clock and whether a frame is decoded.
struct AnimationPlayback: Equatable {
    /// Browsers play a delay of 10 ms or less as 100 ms, and GIFs are made for browsers.
    static let fastestDelay = 10
    static let fastDelayPlayedAs = 100
    /// A frame due this long ago keeps the beat (its delay counts from when it was due); later, from now.
    static let beatTolerance = 0.05

    /// Each frame's delay in milliseconds, as played.
    let delays: [Int]
    /// How many passes it plays; 0: forever.
    let plays: Int
    private(set) var frame = 0
    private(set) var isPlaying = true
    /// When the frame went on screen, which its delay counts from.
    private(set) var shownAt: Double
    private(set) var passes = 0

    init(_ timeline: AnimationTimeline, startedAt now: Double) {
        delays = timeline.delays.map { $0 <= Self.fastestDelay ? Self.fastDelayPlayedAs : $0 }
        plays = timeline.plays
        shownAt = now
    }

    var frames: Int { delays.count }
    /// It played all its passes and stopped on its last frame.
    var hasEnded: Bool { plays != 0 && passes >= plays }

    /// When the next frame is due; nil while paused or ended.
    var nextFrameAt: Double? {
        isPlaying ? shownAt + Double(delays[frame]) / 1000 : nil
    }

    /// Moves to the next frame if it is due and decoded (`isReady`); at the end of the last pass it stops on the
    /// last frame. Returns whether anything changed.
    mutating func advance(at now: Double, isReady: (Int) -> Bool) -> Bool {
        guard let due = nextFrameAt, now >= due else { return false }
        var next = frame + 1
        if next == frames {
            if plays != 0 && passes + 1 >= plays {
                passes += 1
                isPlaying = false
                return true
            }
            next = 0
        }
        guard isReady(next) else { return false }
        if next == 0 { passes += 1 }
        frame = next
        shownAt = now - due <= Self.beatTolerance ? due : now
        return true
    }

    /// Play from here (from the start once it has ended), or pause.
    mutating func togglePlaying(at now: Double) {
        if isPlaying {
            isPlaying = false
            return
        }
        if hasEnded {
            frame = 0
            passes = 0
        }
        isPlaying = true
        shownAt = now
    }

    /// Steps a frame forward or back, wrapping round at either end; stepping pauses.
    mutating func step(by count: Int) {
        isPlaying = false
        // Played from a frame stepped to after the end, it plays its passes again.
        if hasEnded { passes = 0 }
        frame = ((frame + count) % frames + frames) % frames
    }
}
