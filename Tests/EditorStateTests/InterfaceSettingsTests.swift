import XCTest
@testable import EditorState

/// Settings the window passes in: the HiDPI interface scale and the aspect lock new photos start with.
final class InterfaceSettingsTests: XCTestCase {
    /// The crop (1000, 1000, 3000, 2000) of the large image sits at (288, 200, 528, 352) in view pixels.
    func stateWithCrop(scale: Double) -> EditorState {
        var state = makeState()
        state.apply(.setInterfaceScale(scale))
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        return state
    }

    func testHandlesReachFurtherAtScaleTwo() {
        XCTAssertEqual(stateWithCrop(scale: 1).hitTest(pt(266, 376)), .outside, "22 px left of the frame at scale 1")
        XCTAssertEqual(stateWithCrop(scale: 2).hitTest(pt(266, 376)), .handle(.left), "inside the 28 px band at scale 2")
        XCTAssertEqual(stateWithCrop(scale: 2).hitTest(pt(259, 376)), .outside, "just past 28 px")
        XCTAssertEqual(stateWithCrop(scale: 2).hitTest(pt(313, 376)), .handle(.left), "25 px inside reaches the handle")
        XCTAssertEqual(stateWithCrop(scale: 1).hitTest(pt(313, 376)), .interior)
    }

    func testTheSmallestBoxAndTheClickSlopGrowWithTheScale() {
        XCTAssertEqual(stateWithCrop(scale: 1).minimumCropSize, PixelSize(width: 182, height: 182), "⌈32 / 0.176⌉")
        XCTAssertEqual(stateWithCrop(scale: 2).minimumCropSize, PixelSize(width: 364, height: 364), "⌈64 / 0.176⌉")

        // A 5 px wobble is a drag at scale 1 and still a click at scale 2.
        for (scale, movesTheBox) in [(1.0, true), (2.0, false)] {
            var state = stateWithCrop(scale: scale)
            state.apply(.pointerDown(pt(552, 376), now: 0))
            state.apply(.pointerDragged(pt(557, 376)))
            XCTAssertEqual(state.crop != px(1000, 1000, 3000, 2000), movesTheBox, "scale \(scale)")
        }
    }

    func testNonsenseScalesAreIgnored() {
        var state = makeState()
        state.apply(.setInterfaceScale(2))
        state.apply(.setInterfaceScale(0))
        state.apply(.setInterfaceScale(-1))
        state.apply(.setInterfaceScale(.nan))
        state.apply(.setInterfaceScale(.infinity))
        XCTAssertEqual(state.interfaceScale, 2)
    }

    func testANewPhotoStartsWithTheRememberedLockAndIsNotDirty() {
        var state = EditorState()
        state.apply(.resizeView(canvas))
        state.apply(.setAspectForNewPhotos(.fourThree))
        state.apply(.loadImage(storedSize: largeImage, orientation: .normal))
        XCTAssertEqual(state.aspect, .fourThree)
        XCTAssertNil(state.crop, "the lock only: no box until the user draws one")
        XCTAssertFalse(state.isDirty)
        XCTAssertFalse(state.canUndo)

        // The next box drawn keeps the ratio.
        drag(&state, from: pt(300, 200), to: pt(700, 600))
        let crop = try? XCTUnwrap(state.crop)
        XCTAssertEqual(Double(crop?.width ?? 0) / Double(crop?.height ?? 1), 4.0 / 3.0, accuracy: 0.01)
        XCTAssertTrue(state.isDirty)
    }

    func testLoadingWithoutARememberedLockIsFree() {
        let state = makeState()
        XCTAssertEqual(state.aspect, .free)
        XCTAssertEqual(state.savedEdit, .original)
    }
}
