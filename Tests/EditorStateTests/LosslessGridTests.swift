import XCTest
@testable import EditorState

/// A 1001 × 667 JPEG: neither side a multiple of 16, so the partial last blocks (9 columns, 11 rows) show which
/// turns have to leave them out.
private let odd = PixelSize(width: 1001, height: 667)
private let s420 = JPEGBlocks(iMCU: PixelSize(width: 16, height: 16), offsetStep: PixelSize(width: 16, height: 16))
private let s422 = JPEGBlocks(iMCU: PixelSize(width: 16, height: 8), offsetStep: PixelSize(width: 16, height: 8))

private func losslessState(_ stored: PixelSize = odd, orientation: Orientation = .normal,
                           blocks: JPEGBlocks = s420, on: Bool = true) -> EditorState {
    var state = makeState(stored: stored, orientation: orientation)
    state.apply(.setLosslessSupport(.blocks(blocks)))
    state.apply(.setLossless(on))
    return state
}

final class LosslessGridTests: XCTestCase {
    /// The rules table: in the picture as shown, the left and top edges are the grid-bound ones for every
    /// orientation; the grid starts after a partial block row or column that the turn brings to the left or top.
    func testTheGridForEachOfTheEightOrientations() {
        let expected: [Orientation: PixelRect] = [
            .normal: px(0, 0, 1001, 667),
            .mirrorHorizontal: px(9, 0, 992, 667),
            .rotate180: px(9, 11, 992, 656),
            .mirrorVertical: px(0, 11, 1001, 656),
            .transpose: px(0, 0, 667, 1001),
            .rotate90CW: px(11, 0, 656, 1001),
            .transverse: px(11, 9, 656, 992),
            .rotate270CW: px(0, 9, 667, 992),
        ]
        for (orientation, usable) in expected {
            let grid = LosslessGrid(storedSize: odd, blocks: s420, transform: orientation)
            XCTAssertEqual(grid?.usable, usable, "\(orientation)")
            XCTAssertEqual(grid?.cell, PixelSize(width: 16, height: 16), "\(orientation)")
        }
    }

    /// 8 EXIF orientations × 8 user turns and flips: only the combined orientation matters.
    func testSourceAndUserTransformsComposeIntoTheDisplayedOrientation() {
        let turns: [EditorAction] = [.rotateRight, .flipHorizontal, .rotateLeft, .flipVertical, .rotateRight]
        for source in Orientation.allCases {
            var state = losslessState(orientation: source)
            for turn in turns {
                state.apply(turn)
                let direct = LosslessGrid(storedSize: odd, blocks: s420, transform: state.displayOrientation)
                XCTAssertEqual(state.losslessGrid, direct, "\(source) then \(state.userTransform)")
                XCTAssertNotNil(direct)
            }
        }
    }

    func testAQuarterTurnOf422UsesTheCoarserOfTheTurnedBlockAndTurboJPEGsOffsetStep() {
        XCTAssertEqual(LosslessGrid(storedSize: odd, blocks: s422, transform: .normal)?.cell, PixelSize(width: 16, height: 8))
        let turned = LosslessGrid(storedSize: odd, blocks: s422, transform: .rotate90CW)
        XCTAssertEqual(turned?.cell, PixelSize(width: 16, height: 16))
        XCTAssertEqual(turned?.usable, px(3, 0, 664, 1001), "667 rows = 83 blocks of 8 + 3")
    }

    func testSavingSnapsLeftAndTopOutwardsAndKeepsRightAndBottom() {
        let normal = LosslessGrid(storedSize: odd, blocks: s420, transform: .normal)!
        XCTAssertEqual(normal.snappedOutwards(px(13, 21, 100, 50)), px(0, 16, 113, 55))
        let turned = LosslessGrid(storedSize: odd, blocks: s420, transform: .rotate180)!
        XCTAssertEqual(turned.snappedOutwards(px(30, 40, 100, 100)), px(25, 27, 105, 113))
        XCTAssertEqual(turned.snappedOutwards(px(0, 0, 20, 20)), px(9, 11, 11, 9), "kept out of the partial blocks")
        XCTAssertNil(turned.snappedOutwards(px(0, 0, 5, 5)))
    }

    func testShapingSnapsLeftAndTopToTheNearestLineAndLeavesRightAndBottomFree() {
        let grid = LosslessGrid(storedSize: odd, blocks: s420, transform: .normal)!
        XCTAssertEqual(grid.shaped(px(13, 21, 100, 50)), px(16, 16, 97, 55))
        XCTAssertEqual(grid.shaped(px(100, 100, 3, 3)), px(96, 96, 7, 7), "never onto the opposite edge")
        XCTAssertEqual(grid.shaped(px(990, 0, 40, 10)), px(992, 0, 9, 10), "the right edge stops at the picture")
    }

    func testMovingKeepsTheSizeAndStaysInside() {
        let grid = LosslessGrid(storedSize: odd, blocks: s420, transform: .normal)!
        XCTAssertEqual(grid.moved(px(950, 600, 100, 100)), px(896, 560, 100, 100))
        XCTAssertEqual(grid.moved(px(23, 25, 50, 60)), px(16, 32, 50, 60))
        XCTAssertEqual(grid.moved(px(17, 17, 50, 60), towards: (1, -1)), px(32, 16, 50, 60))
        let turned = LosslessGrid(storedSize: odd, blocks: s420, transform: .rotate180)!
        XCTAssertEqual(turned.moved(px(0, 0, 100, 100)), px(9, 11, 100, 100))
    }

    func testDrawingWithTheMouseOnARotatedPhotoPutsLeftAndTopOnTheGrid() {
        var state = losslessState(orientation: .rotate90CW)
        let grid = state.losslessGrid!
        XCTAssertEqual(grid.usable, px(11, 0, 656, 1001))
        let frame = state.viewport.contentFrame, zoom = state.viewport.zoomScale
        drag(&state, from: pt(frame.x + 103.3 * zoom, frame.y + 205.6 * zoom),
             to: pt(frame.x + 507.2 * zoom, frame.y + 800.1 * zoom))
        let crop = state.crop!
        XCTAssertEqual((crop.x - 11) % 16, 0)
        XCTAssertEqual(crop.y % 16, 0)
        XCTAssertEqual(crop, px(107, 208, 400, 592))
        XCTAssertEqual(state.losslessRect, crop, "nothing more to snap on saving")
        XCTAssertEqual(state.exportRequest?.rectInUpright, crop)
    }

    func testNudgesStepToTheNextLineAndTypedNumbersToTheNearest() {
        var state = losslessState()
        state.apply(.setCrop(px(13, 21, 100, 50)))
        XCTAssertEqual(state.crop, px(16, 16, 100, 50))
        state.apply(.nudge(dx: 1, dy: 0))
        XCTAssertEqual(state.crop, px(32, 16, 100, 50))
        state.apply(.nudge(dx: -10, dy: 0))
        XCTAssertEqual(state.crop, px(16, 16, 100, 50))
        state.apply(.nudge(dx: 0, dy: 10))
        XCTAssertEqual(state.crop, px(16, 32, 100, 50))
        state.apply(.resizeCrop(dw: 1, dh: 0))
        XCTAssertEqual(state.crop, px(16, 32, 101, 50), "the right edge is free")
        state.apply(.undo)
        XCTAssertEqual(state.crop, px(16, 32, 100, 50))
    }

    func testABoxFromBeforeTheModeIsKeptAndTheSavedRectIsItsSnappedOutwardsCopy() {
        var state = losslessState(on: false)
        state.apply(.setCrop(px(13, 21, 100, 50)))
        XCTAssertNil(state.losslessRect)
        XCTAssertEqual(state.exportRequest?.rectInUpright, px(13, 21, 100, 50))
        state.apply(.setLossless(true))
        XCTAssertEqual(state.crop, px(13, 21, 100, 50))
        XCTAssertEqual(state.losslessRect, px(0, 16, 113, 55))
        XCTAssertEqual(state.exportRequest?.rectInUpright, px(0, 16, 113, 55))
        state.apply(.flipHorizontal)
        XCTAssertEqual(state.crop, px(888, 21, 100, 50))
        XCTAssertEqual(state.losslessRect, px(873, 16, 115, 55), "the grid now starts 9 px in")
    }

    func testNoCropSavesTheWholeBlocks() {
        var state = losslessState(orientation: .rotate180)
        XCTAssertEqual(state.losslessRect, px(9, 11, 992, 656))
        state.apply(.setLossless(false))
        XCTAssertNil(state.losslessRect)
        XCTAssertEqual(state.exportRequest?.rectInUpright, px(0, 0, 1001, 667))
    }

    func testUnavailableReasons() {
        XCTAssertEqual(EditorState().losslessAvailability, .unavailable(reason: "open a photo first"))
        var png = makeState(stored: odd)
        png.apply(.setLosslessSupport(.unsupported(reason: "the photo is PNG, not JPEG")))
        png.apply(.setLossless(true))
        XCTAssertEqual(png.losslessAvailability, .unavailable(reason: "the photo is PNG, not JPEG"))
        XCTAssertFalse(png.isLossless)
        XCTAssertNil(png.losslessGrid)

        var tiny = losslessState(PixelSize(width: 10, height: 40))
        XCTAssertTrue(tiny.isLossless, "unturned, the partial block stays at the right")
        tiny.apply(.flipHorizontal)
        XCTAssertEqual(tiny.losslessAvailability,
                       .unavailable(reason: "this turn leaves no whole JPEG block to keep"))
        XCTAssertFalse(tiny.isLossless)
        XCTAssertEqual(tiny.exportRequest?.rectInUpright, px(0, 0, 10, 40))

        var reloaded = losslessState()
        reloaded.apply(.loadImage(storedSize: odd, orientation: .normal))
        XCTAssertFalse(reloaded.isLossless, "a new photo's blocks are not known until they are set")
        XCTAssertTrue(reloaded.losslessWanted)
    }

    func testLinesFadeInBetweenSixAndTwelveScreenPixelsPerCell() {
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: 2.8), 0)
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: 6), 0)
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: 9), 0.5)
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: 12), 1)
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: 64), 1)
        XCTAssertEqual(LosslessGrid.lineOpacity(cellOnScreen: .nan), 0)
        // A 24 MP photo at fit zoom: 16 px blocks are 2.8 screen pixels.
        let state = losslessState(largeImage)
        XCTAssertEqual(state.viewport.zoomScale * 16, 2.816, accuracy: 1e-9)
    }
}
