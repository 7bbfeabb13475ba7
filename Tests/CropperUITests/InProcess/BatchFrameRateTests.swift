import XCTest
@testable import CropperUI

/// While a batch saves, frames that only show its progress come at most every 100 ms; input is drawn at once, and
/// outside a batch nothing waits.
final class BatchFrameRateTests: XCTestCase {
    private func presented(at time: Double, seq: Int = 3) -> FrameState {
        var frames = FrameState()
        frames.seq = seq
        frames.presentedAt = time
        frames.presentedSeq = seq
        return frames
    }

    func testProgressAloneWaitsUntilATenthOfASecondAfterTheLastFrame() {
        var frames = presented(at: 10)
        XCTAssertTrue(frames.holds(now: 10.04, batchSaving: true))
        XCTAssertEqual(frames.heldUntil ?? 0, 10.1, accuracy: 1e-9)
        XCTAssertFalse(frames.holds(now: 10.1, batchSaving: true))
        XCTAssertNil(frames.heldUntil)
    }

    func testInputIsDrawnAtOnceDuringABatch() {
        var frames = presented(at: 10)
        frames.seq += 1
        XCTAssertFalse(frames.holds(now: 10.01, batchSaving: true))
        XCTAssertNil(frames.heldUntil)
    }

    func testNothingWaitsWithoutABatch() {
        var frames = presented(at: 10)
        XCTAssertFalse(frames.holds(now: 10.01, batchSaving: false))
    }
}
