import XCTest
@testable import EditorState

/// A HEIF's lossless grid: every edge keeps to whole chroma samples in coded pixels, whatever turn the file and the
/// user give the picture. 4031 × 3023 coded at 4:2:0: the last odd column and row are left out where a turn would
/// bring them to the left or top.
private let steps = ChromaSteps(step: PixelSize(width: 2, height: 2), codedSize: PixelSize(width: 4031, height: 3023),
                                codedTransform: .rotate90CW)

final class ChromaGridTests: XCTestCase {
    func testTheFilesTurnAndTheUsersComposeAndTheOddLineIsLeftOutOnlyAtTheStart() throws {
        // Coded → shown by the file's irot: 3023 × 4031, the odd coded bottom row now at the left.
        let shown = try XCTUnwrap(LosslessGrid(chroma: steps, user: .normal))
        XCTAssertEqual(shown.cell, PixelSize(width: 2, height: 2))
        XCTAssertEqual(shown.usable, px(1, 0, 3022, 4030))
        XCTAssertTrue(shown.snapsEveryEdge)
        // Turned back by the user: the coded frame again, the odd column and row at the right and bottom.
        XCTAssertEqual(LosslessGrid(chroma: steps, user: .rotate270CW)?.usable, px(0, 0, 4030, 3022))
    }

    func testEveryEdgeSnapsOutwardsWhenSaving() throws {
        let grid = try XCTUnwrap(LosslessGrid(chroma: steps, user: .rotate270CW))
        XCTAssertEqual(grid.snappedOutwards(px(3, 5, 100, 51)), px(2, 4, 102, 52))
        XCTAssertEqual(grid.snappedOutwards(px(4000, 3000, 31, 23)), px(4000, 3000, 30, 22), "kept inside the usable part")
    }

    func testShapingAndMovingKeepEveryEdgeOnTheGrid() throws {
        let grid = try XCTUnwrap(LosslessGrid(chroma: steps, user: .rotate270CW))
        XCTAssertEqual(grid.shaped(px(3, 5, 100, 51)), px(4, 6, 100, 50))
        XCTAssertEqual(grid.shaped(px(10, 10, 1, 1)), px(10, 10, 2, 2), "never narrower than a sample")
        XCTAssertEqual(grid.moved(px(3, 5, 101, 51)), px(4, 6, 102, 52))
        XCTAssertEqual(grid.moved(px(4020, 3020, 50, 50)), px(3980, 2972, 50, 50))
    }

    func testTheEditorOffersTheGridAndSavesTheSnappedRect() {
        var state = makeState(stored: PixelSize(width: 3023, height: 4031))
        state.apply(.setLosslessSupport(.chroma(steps)))
        state.apply(.setLossless(true))
        XCTAssertTrue(state.isLossless)
        state.apply(.setCrop(px(11, 21, 301, 201)))
        let saved = state.losslessRect
        XCTAssertNotNil(saved)
        for edge in [saved!.minX - 1, saved!.maxX - 1] { XCTAssertEqual(edge % 2, 0, "odd coded column lies left of x = 1") }
        XCTAssertEqual(saved!.minY % 2, 0)
        XCTAssertEqual(saved!.maxY % 2, 0)
    }
}
