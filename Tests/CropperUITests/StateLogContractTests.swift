import CropperTestSupport
import XCTest

/// The state log as tests rely on it: a counted line for every input event, a frame line once the frame is
/// on screen, the sync barrier, and the overlays above the canvas.
final class StateLogContractTests: XCTestCase {
    func testEveryInputEventIsALineAndCountsOnce() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let before = try harness.sync()
        // F12 is bound to nothing: it changes nothing, and is logged all the same, press and release.
        try harness.key("F12")
        let after = try harness.sync()
        let between = harness.entries().filter { !$0.isFrame && $0.seq > before.seq && $0.seq <= after.seq }
        XCTAssertEqual(between.map(\.event), ["key", "keyRelease", "sync"])
        XCTAssertEqual(between.map(\.seq), [before.seq + 1, before.seq + 2, before.seq + 3])
        XCTAssertNotEqual(before.syncToken, after.syncToken)

        let seqs = harness.entries().map(\.seq)
        XCTAssertEqual(seqs, seqs.sorted(), "seq never goes down")
        XCTAssertTrue(harness.entries().allSatisfy { $0.fields["seq"] is Int }, "every line has a seq")
    }

    func testABarrierIsFollowedByAFrameShowingIt() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        let barrier = try harness.sync()
        let frame = try harness.waitForFrame(after: barrier.seq)
        XCTAssertTrue(frame.isFrame)
        XCTAssertGreaterThanOrEqual(frame.seq, barrier.seq)
        let lines = harness.entries()
        let barrierIndex = try XCTUnwrap(lines.firstIndex { $0.syncToken == barrier.syncToken })
        XCTAssertTrue(lines[barrierIndex...].contains { $0.isFrame }, "the frame comes after the barrier's line")
    }

    func testOverlaysNameWhatIsAboveTheCanvas() throws {
        let harness = try EditorWindowHarness()
        XCTAssertEqual(try harness.waitUntilSettled().overlays, [])
        try harness.key("n")
        XCTAssertEqual(try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }.overlays, ["numericEntry"])
        try harness.key("Escape")
        try harness.waitFor("the numeric entry to close") { !$0.visible("numericEntry") }
        try harness.key("ctrl+o")
        XCTAssertEqual(try harness.waitFor("the Open dialog") { $0.visible("dialog") }.overlays, ["dialog"])
        try harness.key("Escape")
        XCTAssertEqual(try harness.settled().overlays, [])
    }
}
