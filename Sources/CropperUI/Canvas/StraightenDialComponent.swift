import CCairo
import EditorState
import Localization
import PhotoIO
import X11Platform

/// The straighten dial under the canvas: a ruler with a tick each degree and a number each 5°, slid sideways by a
/// drag (the picture turns live; the whole drag is one undo step), back to 0° by a double-click.
struct StraightenDialComponent: Component, Equatable {
    /// Interface pixels the ruler moves for one degree.
    static let pixelsPerDegree = 10.0
    /// The ruler's widest extent, interface pixels (±30°).
    static let maximumRulerWidth = 600.0

    let kind = ComponentKind.dial
    /// Where a drag began and the angle then.
    private(set) var dragStart: (x: Double, angle: StraightenAngle)?
    private(set) var hovered = false
    private var doubleClick = DoubleClickDetector()

    static func == (a: StraightenDialComponent, b: StraightenDialComponent) -> Bool {
        a.dragStart?.x == b.dragStart?.x && a.dragStart?.angle == b.dragStart?.angle && a.hovered == b.hovered
    }

    /// The ruler's part of the strip; the angle's label sits to its left.
    static func ruler(in layout: WindowLayout) -> LayoutRect {
        let strip = layout.dial
        let width = min(maximumRulerWidth, max(120, strip.width - 360))
        return LayoutRect(x: (strip.midX - width / 2).rounded(), y: strip.y, width: width, height: strip.height)
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard context.layout.dial.contains(press.at.x, press.at.y) else { return .passed }
        guard press.isClick, context.editor.imageSize != nil else { return .took("dialPress") }
        if doubleClick.registerPress(button: press.button, time: press.time, x: press.at.x, y: press.at.y) {
            dragStart = nil
            return .took("dialReset", [.edit(.setStraighten(.zero))])
        }
        dragStart = (press.at.x, context.editor.straighten)
        return .took("dialPress")
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard let start = dragStart else { return .took("pointerMoved") }
        // The ruler follows the pointer: dragging it left brings larger angles under the centre mark.
        let degrees = start.angle.degrees - (point.x - start.x) / Self.pixelsPerDegree
        return .took("dialDragged", [.edit(.dragStraighten(StraightenAngle(degrees: degrees)))])
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard dragStart != nil else { return .took("buttonRelease") }
        dragStart = nil
        return .took("dialReleased", [.edit(.endStraightenDrag)])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        let over = point.map { context.layout.dial.contains($0.x, $0.y) } ?? false
        hovered = over && context.editor.imageSize != nil
        return over
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        context.editor.imageSize == nil ? .arrow : .move
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let strip = context.layout.dial, ruler = Self.ruler(in: context.layout)
        Shapes.bottomBar(strip, on: cr)
        let enabled = context.editor.imageSize != nil
        let angle = context.editor.straighten
        let label = tr("Straighten %s", angle.isZero ? "0°" : LocaleFormat.user.decimals(angle.description))
        context.text.draw(label, font: angle.isZero ? Theme.smallFont : Theme.boldFont,
                          color: enabled ? (angle.isZero ? Theme.secondaryText : Theme.text) : Theme.disabledText,
                          in: LayoutRect(x: ruler.x - 172, y: strip.y, width: 160, height: strip.height),
                          alignment: .right, on: cr)
        drawRuler(ruler, angle: angle, enabled: enabled, context: context, on: cr)
    }

    private func drawRuler(_ ruler: LayoutRect, angle: StraightenAngle, enabled: Bool, context: WindowContext,
                           on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, ruler.x, ruler.y, ruler.width, ruler.height)
        cairo_clip(cr)
        let tickColor = enabled ? (hovered || dragStart != nil ? Theme.text : Theme.secondaryText) : Theme.disabledText
        let baseline = ruler.maxY - 6
        for degree in -StraightenAngle.limitTenths / 10...StraightenAngle.limitTenths / 10 {
            let x = (ruler.midX + (Double(degree) - angle.degrees) * Self.pixelsPerDegree).rounded() + 0.5
            guard x > ruler.x - 20, x < ruler.maxX + 20 else { continue }
            let major = degree % 5 == 0
            // Fade towards the ends so the ruler reads as a dial turning under the mark.
            let fade = max(0.3, 1 - 0.7 * abs(x - ruler.midX) / (ruler.width / 2))
            tickColor.withAlpha(fade).set(on: cr)
            cairo_rectangle(cr, x - 0.5, baseline - (major ? 10 : 5), 1, major ? 10 : 5)
            cairo_fill(cr)
            if major {
                context.text.draw(degree > 0 ? "+\(degree)" : degree < 0 ? "−\(-degree)" : "0", font: Theme.smallFont,
                                  color: tickColor.withAlpha(fade),
                                  in: LayoutRect(x: x - 20, y: ruler.y + 1, width: 40, height: 16), alignment: .center, on: cr)
            }
        }
        cairo_restore(cr)
        // The fixed mark the ruler turns under.
        (enabled ? Theme.accentHover : Theme.disabledText).set(on: cr)
        cairo_rectangle(cr, ruler.midX - 1, ruler.y + 16, 2, ruler.height - 18)
        cairo_fill(cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let ruler = Self.ruler(in: context.layout).scaled(by: context.layout.scale)
        return [("straightenDial", .numbers([ruler.x, ruler.y, ruler.width, ruler.height])),
                ("dialDragging", .bool(dragStart != nil))]
    }
}
