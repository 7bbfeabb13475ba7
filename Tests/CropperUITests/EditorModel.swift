import CropperTestSupport
@testable import EditorState

/// The same `EditorState` the window runs, fed the actions the window should have made from the
/// test's input, so the tests can expect exact numbers.
struct EditorModel {
    var state = EditorState()
    let canvasOrigin: Point

    /// A model in the state the window reports after loading.
    init(loaded entry: LogEntry, storedSize: PixelSize, orientation: Orientation = .normal) {
        canvasOrigin = entry.canvasOrigin ?? .zero
        if let size = entry.canvasSize { state.apply(.resizeView(size)) }
        state.apply(.loadImage(storedSize: storedSize, orientation: orientation))
    }

    func canvas(_ window: (Double, Double)) -> Point {
        Point(x: window.0 - canvasOrigin.x, y: window.1 - canvasOrigin.y)
    }

    /// A left-button drag, then whatever animation it started run to its end.
    mutating func drag(from: (Double, Double), to: (Double, Double)) {
        state.apply(.pointerDown(canvas(from), now: 0))
        state.apply(.pointerDragged(canvas(to)))
        state.apply(.pointerUp(canvas(to), now: 0))
        settle()
    }

    mutating func click(_ at: (Double, Double)) {
        state.apply(.pointerDown(canvas(at), now: 0))
        state.apply(.pointerUp(canvas(at), now: 0))
        settle()
    }

    /// Two clicks: the first is an ordinary click, the second the double-click.
    mutating func doubleClick(_ at: (Double, Double)) {
        state.apply(.pointerDown(canvas(at), now: 0))
        state.apply(.pointerUp(canvas(at), now: 0))
        state.apply(.doubleClick(at: canvas(at), now: 0))
        settle()
    }

    mutating func apply(_ action: EditorAction) {
        state.apply(action)
        settle()
    }

    mutating func settle() {
        state.apply(.tick(now: 1_000_000))
    }

    /// A view point in window coordinates for an image point.
    func windowPoint(ofImage p: Point) -> (Double, Double) {
        let v = state.viewport.viewPoint(fromImage: p)
        return (v.x + canvasOrigin.x, v.y + canvasOrigin.y)
    }
}
