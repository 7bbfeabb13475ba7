import XCTest
@testable import EditorState

final class RotateFlipTests: XCTestCase {
    func stateWithCrop(orientation: Orientation = .normal) -> EditorState {
        var state = makeState(orientation: orientation)
        state.apply(.setCrop(px(1000, 500, 2000, 1500)))
        return state
    }

    /// The crop in the stored bitmap's own pixels: the content it covers.
    func storedCrop(_ state: EditorState) -> PixelRect {
        state.displayOrientation.storedRect(fromDisplayed: state.crop!, storedSize: state.storedSize!)
    }

    func testRotateRightMapsTheBox() {
        var state = stateWithCrop()
        state.apply(.rotateRight)
        XCTAssertEqual(state.userTransform, .rotate90CW)
        XCTAssertEqual(state.imageSize, PixelSize(width: 4000, height: 6000))
        XCTAssertEqual(state.crop, px(2000, 1000, 1500, 2000))
    }

    func testRotateLeftFlipHorizontalFlipVertical() {
        var left = stateWithCrop()
        left.apply(.rotateLeft)
        XCTAssertEqual(left.crop, px(500, 3000, 1500, 2000))
        var horizontal = stateWithCrop()
        horizontal.apply(.flipHorizontal)
        XCTAssertEqual(horizontal.crop, px(3000, 500, 2000, 1500))
        XCTAssertEqual(horizontal.imageSize, largeImage)
        var vertical = stateWithCrop()
        vertical.apply(.flipVertical)
        XCTAssertEqual(vertical.crop, px(1000, 2000, 2000, 1500))
    }

    func testAnImagePointStaysInTheSamePlaceOfTheBox() {
        var state = stateWithCrop()
        // Stored pixel (1500, 1200) sits 500 right, 700 down inside the box.
        let stored = pt(1500, 1200)
        state.apply(.rotateRight)
        let shown = state.displayOrientation.displayedPoint(fromStored: stored, storedSize: state.storedSize!)
        assertPoint(shown, 2800, 1500)
        // A quarter turn right: 700 from the box's right edge, 500 down from its top.
        XCTAssertEqual(Double(state.crop!.maxX) - shown.x, 700)
        XCTAssertEqual(shown.y - Double(state.crop!.minY), 500)
        assertPoint(state.displayOrientation.storedPoint(fromDisplayed: shown, storedSize: state.storedSize!), 1500, 1200)
    }

    func testEverySequenceKeepsTheBoxOnTheSameContent() {
        for source in Orientation.allCases {
            var state = stateWithCrop(orientation: source)
            let content = storedCrop(state)
            for action in [EditorAction.rotateRight, .flipHorizontal, .rotateRight, .flipVertical, .rotateLeft, .rotateLeft] {
                state.apply(action)
                XCTAssertEqual(storedCrop(state), content, "\(source) after \(action)")
                XCTAssertEqual(state.exportRequest?.rectInUpright, px(1000, 500, 2000, 1500))
            }
        }
    }

    func testLockedRatioTurnsWithTheImage() {
        var state = stateWithCrop()
        state.apply(.setAspect(.fourThree))
        XCTAssertEqual(state.crop, px(1000, 500, 2000, 1500))
        state.apply(.rotateLeft)
        XCTAssertEqual(state.aspect, .custom(width: 3, height: 4))
        assertRatio(state.crop, 0.75)
        state.apply(.flipHorizontal)
        XCTAssertEqual(state.aspect, .custom(width: 3, height: 4), "a flip keeps the ratio")
        state.apply(.setAspect(.original))
        state.apply(.rotateRight)
        XCTAssertEqual(state.aspect, .original, "the original ratio turns with the image itself")
        assertRatio(state.crop, 1.5)
    }

    func testTheViewRefitsAfterARotation() {
        var state = stateWithCrop()
        state.apply(.zoom(factor: 3, at: pt(500, 500)))
        state.apply(.rotateRight)
        // 4000×6000 in 1232×704: fit = 704 / 6000.
        XCTAssertEqual(state.viewport.zoomScale, 704.0 / 6000.0, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, -(24 + (1232 - 4000 * 704.0 / 6000.0) / 2), -24)
    }

    func testSourceOrientationIsComposedWithTheUserTransform() {
        var state = makeState(orientation: .rotate90CW)
        XCTAssertEqual(state.imageSize, PixelSize(width: 4000, height: 6000))
        XCTAssertEqual(state.displayOrientation, .rotate90CW)
        state.apply(.rotateRight)
        XCTAssertEqual(state.displayOrientation, .rotate180)
        XCTAssertEqual(state.imageSize, PixelSize(width: 6000, height: 4000))
        state.apply(.flipHorizontal)
        XCTAssertEqual(state.displayOrientation, .mirrorVertical)
        XCTAssertEqual(state.userTransform, .transpose)
    }
}
