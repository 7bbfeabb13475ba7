import PhotoIO
import XCTest
@testable import CropperUI

/// The rules of playing an animation, with the clock and the decoder's readiness given: which frame after which
/// ticks, waiting for a late frame, passes and the stop at the end, pausing and stepping.
final class AnimationPlaybackTests: XCTestCase {
    private let fourFrames = AnimationTimeline(delays: [100, 200, 300, 400], plays: 0)

    func testEachFrameShowsForItsDelayAndThePassWrapsRound() {
        var playback = AnimationPlayback(fourFrames, startedAt: 10)
        XCTAssertEqual(playback.nextFrameAt, 10.1)
        XCTAssertFalse(playback.advance(at: 10.099) { _ in true })
        XCTAssertEqual(playback.frame, 0)
        var frames: [Int] = []
        for time in [10.1, 10.3, 10.6, 11.0, 11.1] {
            XCTAssertTrue(playback.advance(at: time) { _ in true })
            frames.append(playback.frame)
        }
        XCTAssertEqual(frames, [1, 2, 3, 0, 1])
        XCTAssertEqual(playback.passes, 1)
        XCTAssertTrue(playback.isPlaying, "0 plays forever")
    }

    func testATickALittleLateKeepsTheBeatAndOneMuchLaterStartsTheDelayAgain() {
        var playback = AnimationPlayback(fourFrames, startedAt: 0)
        XCTAssertTrue(playback.advance(at: 0.116) { _ in true })
        XCTAssertEqual(playback.nextFrameAt!, 0.3, accuracy: 1e-9, "16 ms late: frame 1's 200 ms count from when it was due")
        XCTAssertTrue(playback.advance(at: 0.5) { _ in true })
        XCTAssertEqual(playback.nextFrameAt!, 0.8, accuracy: 1e-9, "200 ms late: frame 2's 300 ms count from now")
    }

    func testAFrameNotYetDecodedHoldsTheOneShownRatherThanBeingSkipped() {
        var playback = AnimationPlayback(fourFrames, startedAt: 0)
        XCTAssertFalse(playback.advance(at: 0.1) { $0 != 1 })
        XCTAssertFalse(playback.advance(at: 0.35) { $0 != 1 })
        XCTAssertEqual(playback.frame, 0)
        XCTAssertTrue(playback.advance(at: 0.4) { _ in true })
        XCTAssertEqual(playback.frame, 1, "the late frame is shown, not passed over")
        XCTAssertEqual(playback.nextFrameAt!, 0.6, accuracy: 1e-9)
    }

    func testAfterItsPassesItStopsOnTheLastFrameAndPlayStartsItAgain() {
        var playback = AnimationPlayback(AnimationTimeline(delays: [250, 250], plays: 2), startedAt: 0)
        for time in [0.25, 0.5, 0.75] { XCTAssertTrue(playback.advance(at: time) { _ in true }) }
        XCTAssertEqual(playback.frame, 1)
        XCTAssertTrue(playback.advance(at: 1) { _ in true })
        XCTAssertEqual(playback.frame, 1, "stops on the last frame")
        XCTAssertFalse(playback.isPlaying)
        XCTAssertTrue(playback.hasEnded)
        XCTAssertNil(playback.nextFrameAt)
        XCTAssertFalse(playback.advance(at: 9) { _ in true })
        playback.togglePlaying(at: 20)
        XCTAssertEqual(playback.frame, 0)
        XCTAssertEqual(playback.passes, 0)
        XCTAssertEqual(playback.nextFrameAt, 20.25)
    }

    func testPausingHoldsTheFrameAndPlayingOnGivesItItsWholeDelay() {
        var playback = AnimationPlayback(fourFrames, startedAt: 0)
        XCTAssertTrue(playback.advance(at: 0.1) { _ in true })
        playback.togglePlaying(at: 0.15)
        XCTAssertFalse(playback.isPlaying)
        XCTAssertFalse(playback.advance(at: 5) { _ in true })
        XCTAssertEqual(playback.frame, 1)
        playback.togglePlaying(at: 6)
        XCTAssertEqual(playback.nextFrameAt, 6.2)
    }

    func testSteppingPausesAndWrapsAtBothEnds() {
        var playback = AnimationPlayback(fourFrames, startedAt: 0)
        playback.step(by: -1)
        XCTAssertEqual(playback.frame, 3, "back from the first is the last")
        XCTAssertFalse(playback.isPlaying, "stepping pauses")
        playback.step(by: 1)
        XCTAssertEqual(playback.frame, 0, "on from the last is the first")
        playback.step(by: 6)
        XCTAssertEqual(playback.frame, 2)
    }

    func testDelaysOfTenMillisecondsOrLessPlayAsBrowsersPlayThem() {
        let playback = AnimationPlayback(AnimationTimeline(delays: [0, 10, 20, 70], plays: 0), startedAt: 0)
        XCTAssertEqual(playback.delays, [100, 100, 20, 70])
    }

    func testShortAnimationsAreDecodedWholeAndLongOnesAsFarAsTheBudgetGoesFromTheFrameShown() {
        let short = FrameWindow(frames: 4, frameBytes: 96 * 64 * 4)
        XCTAssertTrue(short.holdsAll)
        XCTAssertEqual(short.wanted(from: 2), [2, 3, 0, 1])
        let hd = FrameWindow(frames: 500, frameBytes: 1920 * 1080 * 4)
        XCTAssertEqual(hd.capacity, 8, "64 MiB of 1080p frames")
        XCTAssertEqual(hd.wanted(from: 497), [497, 498, 499, 0, 1, 2, 3, 4])
        XCTAssertEqual(FrameWindow(frames: 50, frameBytes: 100 << 20).capacity, FrameWindow.minimumFrames,
                       "however big, a few frames ahead")
    }
}
