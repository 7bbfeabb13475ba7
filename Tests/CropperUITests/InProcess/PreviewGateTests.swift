@testable import CropperUI
import Foundation
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
}
