@testable import CropperUI
import Foundation
@testable import PhotoIO
import XCTest
@testable import X11Platform

/// The full decode's message comes after the preview's, never without it: held until the preview is posted and
/// then posted at once by the thread that posted the preview, posted at once when it comes later, dropped when the
/// preview failed.
final class PreviewGateTests: XCTestCase {
    private func names(_ pipe: WakePipe<BackgroundMessage>) -> [String] {
        pipe.drain().map { message in
            switch message {
            case .fullDecodeFailed(_, let reason): reason
            case .loadFailed(_, let reason): reason
            case .fullRowsDecoded(_, let arriving): "rows \(arriving.rows)"
            default: "other"
            }
        }
    }

    func testAFullDecodeDoneFirstFollowsThePreviewAtOnce() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate()
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"), to: pipe)
        XCTAssertEqual(names(pipe), [], "held while the preview decodes")
        pipe.post(.loadFailed(generation: 1, reason: "preview"))
        gate.open(posted: true)
        XCTAssertEqual(names(pipe), ["preview", "full"])
    }

    func testAFullDecodeDoneLaterIsPostedWhenDone() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate()
        gate.open(posted: true)
        XCTAssertTrue(gate.isPosted)
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"), to: pipe)
        XCTAssertEqual(names(pipe), ["full"])
    }

    func testNothingFollowsAPreviewThatFailed() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate()
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"), to: pipe)
        gate.open(posted: false)
        gate.post(.fullDecodeFailed(generation: 1, reason: "again"), to: pipe)
        XCTAssertEqual(names(pipe), [])
        XCTAssertFalse(gate.isPosted)
    }

    func testActionsWaitForThePreviewAndRunOnceOrNever() {
        let gate = PreviewGate(), runs = Counter()
        gate.whenPosted { runs.add() }
        XCTAssertEqual(runs.value, 0)
        gate.open(posted: true)
        XCTAssertEqual(runs.value, 1)
        gate.whenPosted { runs.add() }
        XCTAssertEqual(runs.value, 2, "at once when the preview is posted")
        let failed = PreviewGate()
        failed.whenPosted { runs.add() }
        failed.open(posted: false)
        XCTAssertEqual(runs.value, 2)
    }

    /// The rows decoded while the preview decoded are posted with it, so that a view zoomed in at once is sharp
    /// where they are; then every 80 ms at most, and never all of them (the whole decode follows), unless all are in
    /// when the preview is posted (the whole decode's thread may not have come to posting it).
    func testTheRowsSoFarFollowThePreviewAtOnce() throws {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate()
        let arrival = FullArrival(generation: 1, after: gate, replyTo: pipe)
        arrival.began(try Bitmap(width: 10, height: 200))
        arrival.rowsDone(64)
        XCTAssertEqual(names(pipe), [], "nothing before the preview")
        pipe.post(.loadFailed(generation: 1, reason: "preview"))
        gate.open(posted: true)
        XCTAssertEqual(names(pipe), ["preview", "rows 64"])
        arrival.rowsDone(128)
        XCTAssertEqual(names(pipe), [], "within 80 ms of the last")
        arrival.rowsDone(200)
        XCTAssertEqual(names(pipe), [])

        let done = PreviewGate()
        let decoded = FullArrival(generation: 1, after: done, replyTo: pipe)
        decoded.began(try Bitmap(width: 10, height: 200))
        decoded.rowsDone(200)
        done.open(posted: true)
        XCTAssertEqual(names(pipe), ["rows 200"])
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
