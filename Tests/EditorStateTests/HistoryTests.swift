import XCTest
@testable import EditorState

final class HistoryTests: XCTestCase {
    func testUndoRedoSequence() {
        var state = makeState()
        XCTAssertFalse(state.canUndo)
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        state.apply(.setAspect(.square))
        state.apply(.rotateRight)
        XCTAssertEqual(state.crop, px(1000, 1500, 2000, 2000))
        state.apply(.undo)
        XCTAssertEqual(state.userTransform, .normal)
        XCTAssertEqual(state.crop, px(1500, 1000, 2000, 2000))
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
        XCTAssertEqual(state.aspect, .free)
        state.apply(.undo)
        XCTAssertNil(state.crop)
        XCTAssertFalse(state.canUndo)
        state.apply(.undo)
        XCTAssertNil(state.crop, "undo with nothing to undo does nothing")
        state.apply(.redo)
        state.apply(.redo)
        state.apply(.redo)
        XCTAssertEqual(state.crop, px(1000, 1500, 2000, 2000))
        XCTAssertEqual(state.userTransform, .rotate90CW)
        XCTAssertEqual(state.aspect, .square)
        XCTAssertFalse(state.canRedo)
    }

    func testANewEditAfterUndoDropsTheRedoStack() {
        var state = makeState()
        state.apply(.setCrop(px(0, 0, 100, 100)))
        state.apply(.setCrop(px(0, 0, 200, 200)))
        state.apply(.undo)
        XCTAssertTrue(state.canRedo)
        state.apply(.flipHorizontal)
        XCTAssertFalse(state.canRedo)
        XCTAssertEqual(state.crop, px(5900, 0, 100, 100))
    }

    func testADragIsOneStepWhateverTheMotionEvents() {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        drag(&state, from: pt(816, 376), to: pt(904, 376), steps: 25)
        XCTAssertEqual(state.history.undoStack.count, 2)
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
    }

    func testUndoOfARotationRefitsTheView() {
        var state = makeState()
        state.apply(.rotateLeft)
        XCTAssertEqual(state.imageSize, PixelSize(width: 4000, height: 6000))
        state.apply(.undo)
        XCTAssertEqual(state.imageSize, PixelSize(width: 6000, height: 4000))
        XCTAssertEqual(state.viewport.zoomScale, 0.176, accuracy: 1e-12)
        assertPoint(state.viewport.contentOffset, -112, -24)
    }

    func testDirtyAndMarkSaved() {
        var state = makeState()
        XCTAssertFalse(state.isDirty)
        state.apply(.setCrop(px(10, 10, 500, 500)))
        XCTAssertTrue(state.isDirty)
        state.apply(.markSaved)
        XCTAssertFalse(state.isDirty)
        state.apply(.undo)
        XCTAssertTrue(state.isDirty)
        state.apply(.redo)
        XCTAssertFalse(state.isDirty)
        state.apply(.zoom(factor: 2, at: pt(300, 300)))
        XCTAssertFalse(state.isDirty, "the viewport is not part of the edit")
    }

    func testRotatingFourTimesIsCleanAgain() {
        var state = makeState()
        state.apply(.setCrop(px(1, 2, 300, 400)))
        state.apply(.markSaved)
        for _ in 0..<4 { state.apply(.rotateRight) }
        XCTAssertEqual(state.crop, px(1, 2, 300, 400))
        XCTAssertFalse(state.isDirty)
        XCTAssertEqual(state.history.undoStack.count, 5)
    }

    func testResetGoesBackToTheOriginalAndIsUndoable() {
        var state = makeState(orientation: .rotate90CW)
        state.apply(.setAspect(.fourThree))
        state.apply(.flipVertical)
        state.apply(.reset)
        XCTAssertNil(state.crop)
        XCTAssertEqual(state.userTransform, .normal)
        XCTAssertEqual(state.aspect, .free)
        XCTAssertEqual(state.displayOrientation, .rotate90CW, "the EXIF orientation is not an edit")
        XCTAssertFalse(state.isDirty)
        state.apply(.undo)
        XCTAssertEqual(state.userTransform, .mirrorVertical)
        XCTAssertEqual(state.aspect, .fourThree)
        XCTAssertTrue(state.isDirty)
    }

    func testLoadingAPhotoForgetsTheHistory() {
        var state = makeState()
        state.apply(.setCrop(px(10, 10, 500, 500)))
        state.apply(.rotateRight)
        state.apply(.loadImage(storedSize: PixelSize(width: 800, height: 600), orientation: .rotate180))
        XCTAssertFalse(state.canUndo)
        XCTAssertFalse(state.isDirty)
        XCTAssertNil(state.crop)
        XCTAssertEqual(state.userTransform, .normal)
        XCTAssertEqual(state.imageSize, PixelSize(width: 800, height: 600))
    }

    func testHistoryDropsTheOldestPastItsLimit() {
        var history = History<Int>(limit: 3)
        for i in 1...5 { history.record(i) }
        XCTAssertEqual(history.undoStack, [3, 4, 5])
        XCTAssertEqual(history.undo(from: 6), 5)
        XCTAssertEqual(history.redoStack, [6])
        XCTAssertEqual(history.redo(from: 5), 6)
        XCTAssertEqual(history.undoStack, [3, 4, 5])
    }
}
