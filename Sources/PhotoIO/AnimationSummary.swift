/// What `info` says about an animation: its frames, how long one pass takes and how often it plays.
public struct AnimationSummary: Sendable, Equatable {
    public let frames: Int
    /// One pass, in milliseconds (GIF's centiseconds times ten).
    public let durationMilliseconds: Int
    /// 0 loops forever; nil plays once (a GIF without a loop extension); n plays n more times (GIF) or n times (WebP).
    public let loopCount: Int?

    /// "12 frames, 1.20 s a pass, loops forever"
    public var description: String {
        let seconds = Double(durationMilliseconds) / 1000
        let pass = "\(frames) frames, \((seconds * 100).rounded() / 100) s a pass"
        switch loopCount {
        case nil: return pass + ", plays once"
        case 0?: return pass + ", loops forever"
        case let count?: return pass + ", loop count \(count)"
        }
    }
}
