/// An animation's frames as played: each frame's delay and how often a pass repeats, read without decoding
/// a pixel (GIF's image data is skipped, WebP's and APNG's frame headers read).
public struct AnimationTimeline: Sendable, Equatable {
    /// Each frame's delay in milliseconds, as stored.
    public let delays: [Int]
    /// How many times it plays; 0 plays forever.
    public let plays: Int

    public init(delays: [Int], plays: Int) {
        self.delays = delays
        self.plays = plays
    }

    public var frames: Int { delays.count }
}

extension PhotoSource {
    /// The timeline of an animation of two frames or more; nil for a still (a GIF of one frame is a still).
    public func animationTimeline() throws -> AnimationTimeline? {
        guard AnimationCrop.isAnimated(self) else { return nil }
        let timeline: AnimationTimeline
        switch format {
        case .gif:
            let reader = try GIFReader(self)
            var delays: [Int] = []
            while let frame = try reader.next(pixels: false) { delays.append(Int(frame.control.DelayTime) * 10) }
            timeline = AnimationTimeline(delays: delays, plays: AnimationSummary.gifPlays(loopExtension: reader.loopCount))
        case .apng:
            guard let structure = try APNGStructure.parse(bytes) else { return nil }
            timeline = AnimationTimeline(delays: structure.frames.map(\.control.milliseconds), plays: structure.plays)
        default:
            guard let animation = container?.animation else { return nil }
            timeline = AnimationTimeline(delays: try WebPAnimation.frames(of: bytes).map(\.duration), plays: animation.plays)
        }
        return timeline.frames > 1 ? timeline : nil
    }
}
