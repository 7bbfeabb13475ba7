/// What `info` says about an animation: its frames, how long one pass takes and how often it plays.
public struct AnimationSummary: Sendable, Equatable {
    public let frames: Int
    /// One pass, in milliseconds (GIF's centiseconds times ten).
    public let durationMilliseconds: Int
    /// How many times it plays; 0 plays forever.
    public let plays: Int

    public init(frames: Int, durationMilliseconds: Int, plays: Int) {
        self.frames = frames
        self.durationMilliseconds = durationMilliseconds
        self.plays = plays
    }

    /// GIF's NETSCAPE2.0 count says how often to repeat after the first pass (0: forever); without it, once.
    static func gifPlays(loopExtension count: Int?) -> Int {
        guard let count else { return 1 }
        return count == 0 ? 0 : count + 1
    }

    /// "12 frames, 1.2 s a pass, loops forever"
    public var description: String {
        let seconds = (Double(durationMilliseconds) / 10).rounded() / 100
        let pass = "\(frames) frame\(frames == 1 ? "" : "s"), \(seconds) s a pass"
        switch plays {
        case 0: return pass + ", loops forever"
        case 1: return pass + ", plays once"
        default: return pass + ", plays \(plays) times"
        }
    }
}
