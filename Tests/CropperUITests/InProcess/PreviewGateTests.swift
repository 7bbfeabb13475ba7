@testable import CropperUI
import Foundation
@testable import PhotoIO
import XCTest
@testable import X11Platform

/// The full decode's message comes after the preview's, never without it: held until the preview is posted and
/// then posted with it in one go, posted at once when it comes later, dropped when the preview failed; and the rows
/// decoded meanwhile go with the preview too.
final class PreviewGateTests: XCTestCase {
    /// The messages of one drain, which the window takes in one go.
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

    func testAFullDecodeDoneFirstGoesWithThePreview() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate(replyTo: pipe)
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"))
        XCTAssertEqual(names(pipe), [], "held while the preview decodes")
        gate.open(posting: .loadFailed(generation: 1, reason: "preview"))
        XCTAssertEqual(names(pipe), ["preview", "full"])
    }

    func testAFullDecodeDoneLaterIsPostedWhenDone() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate(replyTo: pipe)
        gate.open(posting: nil)
        XCTAssertTrue(gate.isPosted)
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"))
        XCTAssertEqual(names(pipe), ["full"])
    }

    func testNothingFollowsAPreviewThatFailed() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate(replyTo: pipe)
        gate.post(.fullDecodeFailed(generation: 1, reason: "full"))
        gate.whenPosted { .fullDecodeFailed(generation: 1, reason: "companion") }
        gate.close()
        gate.post(.fullDecodeFailed(generation: 1, reason: "again"))
        gate.whenPosted { .fullDecodeFailed(generation: 1, reason: "late companion") }
        XCTAssertEqual(names(pipe), [])
        XCTAssertFalse(gate.isPosted)
    }

    func testACompanionGoesWithThePreviewOrAtOnceWhenItIsPosted() {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate(replyTo: pipe)
        gate.whenPosted { .fullDecodeFailed(generation: 1, reason: "rows") }
        gate.whenPosted { nil }
        gate.open(posting: .loadFailed(generation: 1, reason: "preview"))
        XCTAssertEqual(names(pipe), ["preview", "rows"])
        gate.whenPosted { .fullDecodeFailed(generation: 1, reason: "later") }
        XCTAssertEqual(names(pipe), ["later"])
    }

    /// The rows decoded while the preview decoded go with it, so that a view zoomed in at once is sharp where they
    /// are; then every 80 ms at most, and never all of them (the whole decode follows), unless all are in when the
    /// preview is posted (the whole decode's thread may not have come to posting it).
    func testTheRowsSoFarGoWithThePreview() throws {
        let pipe = WakePipe<BackgroundMessage>(), gate = PreviewGate(replyTo: pipe)
        let arrival = FullArrival(generation: 1, after: gate, replyTo: pipe)
        arrival.began(try Bitmap(width: 10, height: 200))
        arrival.rowsDone(64)
        XCTAssertEqual(names(pipe), [], "nothing before the preview")
        gate.open(posting: .loadFailed(generation: 1, reason: "preview"))
        XCTAssertEqual(names(pipe), ["preview", "rows 64"])
        arrival.rowsDone(128)
        XCTAssertEqual(names(pipe), [], "within 80 ms of the last")
        arrival.rowsDone(200)
        XCTAssertEqual(names(pipe), [])

        let done = PreviewGate(replyTo: pipe)
        let decoded = FullArrival(generation: 1, after: done, replyTo: pipe)
        decoded.began(try Bitmap(width: 10, height: 200))
        decoded.rowsDone(200)
        done.post(.fullDecodeFailed(generation: 1, reason: "full"))
        done.open(posting: .loadFailed(generation: 1, reason: "preview"))
        XCTAssertEqual(names(pipe), ["preview", "rows 200", "full"])
    }
}
