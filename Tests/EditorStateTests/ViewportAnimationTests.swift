import XCTest
@testable import EditorState

final class ViewportAnimationTests: XCTestCase {
    func testEaseOutCubic() {
        XCTAssertEqual(ViewportAnimation.easeOutCubic(0), 0)
        XCTAssertEqual(ViewportAnimation.easeOutCubic(0.5), 0.875)
        XCTAssertEqual(ViewportAnimation.easeOutCubic(1), 1)
        XCTAssertEqual(ViewportAnimation.easeOutCubic(2), 1)
    }

    func testEndsExactlyOnTheTarget() {
        let from = Viewport(viewSize: canvas, contentSize: Size(width: 6000, height: 4000))
        let to = from.zoomed(by: 3, about: pt(100, 700))
        let animation = ViewportAnimation(from: from, to: to, startTime: 2.5)
        XCTAssertEqual(animation.duration, 0.18)
        XCTAssertEqual(animation.viewport(at: 2.5), from)
        XCTAssertEqual(animation.viewport(at: 1.0), from)
        XCTAssertFalse(animation.isFinished(at: 2.6))
        XCTAssertTrue(animation.isFinished(at: 2.68))
        XCTAssertEqual(animation.viewport(at: 2.68), to)
        XCTAssertEqual(animation.viewport(at: 99), to)
    }
}
