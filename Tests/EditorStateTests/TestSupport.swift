import XCTest
@testable import EditorState

/// The realistic case most tests use: a 6000×4000 photo in a 1280×752 canvas with the default 24 px inset.
/// Available area 1232×704, fit = min(1232/6000, 704/4000) = 0.176, image shown at (112, 24)–(1168, 728).
let largeImage = PixelSize(width: 6000, height: 4000)
let canvas = Size(width: 1280, height: 752)

func makeState(stored: PixelSize = largeImage, orientation: Orientation = .normal,
               view: Size = canvas, recenters: Bool = false) -> EditorState {
    var state = EditorState()
    state.apply(.resizeView(view))
    state.apply(.loadImage(storedSize: stored, orientation: orientation))
    state.apply(.setRecentersAfterDrag(recenters))
    return state
}

/// A press at `from`, motion in `steps` equal steps, and a release at `to`.
func drag(_ state: inout EditorState, from: Point, to: Point, steps: Int = 4, now: Double = 0) {
    state.apply(.pointerDown(from, now: now))
    for i in 1...steps {
        let t = Double(i) / Double(steps)
        state.apply(.pointerDragged(Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)))
    }
    state.apply(.pointerUp(to, now: now))
}

func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
func px(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

func assertPoint(_ p: Point?, _ x: Double, _ y: Double, accuracy: Double = 1e-9,
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let p else { return XCTFail("no point", file: file, line: line) }
    XCTAssertEqual(p.x, x, accuracy: accuracy, "x", file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: accuracy, "y", file: file, line: line)
}

func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, accuracy: Double = 1e-9,
                file: StaticString = #filePath, line: UInt = #line) {
    guard let r else { return XCTFail("no rect", file: file, line: line) }
    XCTAssertEqual(r.x, x, accuracy: accuracy, "x", file: file, line: line)
    XCTAssertEqual(r.y, y, accuracy: accuracy, "y", file: file, line: line)
    XCTAssertEqual(r.width, w, accuracy: accuracy, "width", file: file, line: line)
    XCTAssertEqual(r.height, h, accuracy: accuracy, "height", file: file, line: line)
}

/// |w − h·ratio| ≤ 1: whole-pixel rounding may not drift a locked box by more than a pixel.
func assertRatio(_ r: PixelRect?, _ ratio: Double, file: StaticString = #filePath, line: UInt = #line) {
    guard let r else { return XCTFail("no crop", file: file, line: line) }
    XCTAssertLessThanOrEqual(abs(Double(r.width) - Double(r.height) * ratio), 1, "\(r)", file: file, line: line)
}
