import CCairo
import EditorState
import Localization
import PhotoIO
import X11Platform

/// Which angle the dial strip's ruler turns: the label clicked last (Straighten on its left, Vertical and
/// Horizontal perspective on its right).
enum DialMode: String, Sendable, CaseIterable {
    case straighten, vertical, horizontal

    /// The ruler's reach either way, degrees.
    var limit: Int { self == .straighten ? StraightenAngle.limitTenths / 10 : PerspectiveAngles.limitTenths / 10 }

    func tenths(of editor: EditorState) -> Int {
        switch self {
        case .straighten: editor.straighten.tenths
        case .vertical: editor.perspective.verticalTenths
        case .horizontal: editor.perspective.horizontalTenths
        }
    }

    /// The edit a drag of the ruler to `tenths` makes (the whole drag is one undo step).
    func drag(to tenths: Int, in editor: EditorState) -> EditorAction {
        switch self {
        case .straighten: .dragStraighten(StraightenAngle(tenths: tenths))
        case .vertical: .dragPerspective(editor.perspective.with(vertical: tenths))
        case .horizontal: .dragPerspective(editor.perspective.with(horizontal: tenths))
        }
    }

    /// The edit a double-click on the ruler makes: this angle back to 0.
    func reset(in editor: EditorState) -> EditorAction {
        switch self {
        case .straighten: .setStraighten(.zero)
        case .vertical: .setPerspective(editor.perspective.with(vertical: 0))
        case .horizontal: .setPerspective(editor.perspective.with(horizontal: 0))
        }
    }

    func label(_ tenths: Int) -> String {
        let angle = tenths == 0 ? "0°" : LocaleFormat.user.decimals(StraightenAngle(tenths: tenths).description)
        switch self {
        case .straighten: return tr("Straighten %s", angle)
        case .vertical: return tr("Vertical %s", angle)
        case .horizontal: return tr("Horizontal %s", angle)
        }
    }
}

/// The dial strip under the canvas: a ruler with a tick each degree and a number each 5°, slid sideways by a
/// drag (the picture turns or re-projects live; the whole drag is one undo step), back to 0° by a double-click;
/// the labels beside it choose whether it turns Straighten, Vertical or Horizontal. At its left, Upright's three
/// buttons (Level, Vertical, Full), when the window is wide enough for them (their keys work at any width).
struct StraightenDialComponent: Component, Equatable {
    /// Interface pixels the ruler moves for one degree.
    static let pixelsPerDegree = 10.0
    /// The ruler's widest extent, interface pixels (±30°).
    static let maximumRulerWidth = 600.0

    let kind = ComponentKind.dial
    /// Where a drag began and the angle then, in tenths.
    private(set) var dragStart: (x: Double, tenths: Int)?
    private(set) var mode = DialMode.straighten
    private(set) var hovered = false
    private var doubleClick = DoubleClickDetector()

    static func == (a: StraightenDialComponent, b: StraightenDialComponent) -> Bool {
        a.dragStart?.x == b.dragStart?.x && a.dragStart?.tenths == b.dragStart?.tenths && a.hovered == b.hovered
            && a.mode == b.mode
    }

    /// The width of each mode's label, and the gap beside it.
    private static let labelWidth = 160.0, labelGap = 12.0
    /// Upright's group: its title and three buttons, at the strip's left.
    private static let uprightTitleWidth = 70.0, uprightButtonWidth = 74.0, uprightGap = 4.0, uprightMargin = 10.0
    /// The strip is this wide at least before the Upright buttons show: the ruler keeps ±12° in view.
    static let uprightMinimumWidth = 980.0

    private static func showsUpright(_ layout: WindowLayout) -> Bool { layout.dial.width >= uprightMinimumWidth }

    /// Where the Upright group ends and the labels and ruler begin.
    private static func uprightEnd(_ layout: WindowLayout) -> Double {
        guard showsUpright(layout) else { return layout.dial.x }
        return layout.dial.x + uprightMargin + uprightTitleWidth + 3 * uprightButtonWidth + 2 * uprightGap + labelGap
    }

    /// The ruler's part of the strip: centred, with the labels around it, in what the Upright group leaves.
    static func ruler(in layout: WindowLayout) -> LayoutRect {
        let strip = layout.dial, start = uprightEnd(layout), room = strip.maxX - start
        let labels = 3 * (labelWidth + labelGap)
        let width = min(maximumRulerWidth, max(120, room - labels - 2 * labelGap - 8))
        let x = start + max(0, (room - labels - width) / 2) + labelWidth + labelGap
        return LayoutRect(x: x.rounded(), y: strip.y, width: width, height: strip.height)
    }

    /// Upright's button for `mode`; nil when the strip is too narrow for the group.
    static func uprightButton(_ mode: UprightMode, in layout: WindowLayout) -> LayoutRect? {
        guard showsUpright(layout), let index = UprightMode.allCases.firstIndex(of: mode) else { return nil }
        let strip = layout.dial
        let x = strip.x + uprightMargin + uprightTitleWidth + Double(index) * (uprightButtonWidth + uprightGap)
        return LayoutRect(x: x, y: strip.y + 5, width: uprightButtonWidth, height: strip.height - 10)
    }

    /// Each mode's label: Straighten left of the ruler, Vertical and Horizontal right of it.
    static func label(_ mode: DialMode, in layout: WindowLayout) -> LayoutRect {
        let ruler = ruler(in: layout), strip = layout.dial, width = labelWidth, gap = labelGap
        switch mode {
        case .straighten: return LayoutRect(x: ruler.x - gap - width, y: strip.y, width: width, height: strip.height)
        case .vertical: return LayoutRect(x: ruler.maxX + gap, y: strip.y, width: width, height: strip.height)
        case .horizontal: return LayoutRect(x: ruler.maxX + 2 * gap + width, y: strip.y, width: width, height: strip.height)
        }
    }

    /// A photo is open and may be turned: an animation is cut frame by frame, never resampled.
    static func isEnabled(in context: WindowContext) -> Bool {
        context.editor.imageSize != nil && context.session.document?.animation == nil
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard context.layout.dial.contains(press.at.x, press.at.y) else { return .passed }
        guard press.isClick, Self.isEnabled(in: context) else { return .took("dialPress") }
        if let mode = UprightMode.allCases.first(where: {
            Self.uprightButton($0, in: context.layout)?.contains(press.at.x, press.at.y) ?? false
        }) {
            dragStart = nil
            return .took("uprightButton", [.perform(.upright(mode))])
        }
        if let chosen = DialMode.allCases.first(where: { Self.label($0, in: context.layout).contains(press.at.x, press.at.y) }) {
            mode = chosen
            dragStart = nil
            return .took("dialMode")
        }
        if doubleClick.registerPress(button: press.button, time: press.time, x: press.at.x, y: press.at.y) {
            dragStart = nil
            return .took("dialReset", [.edit(mode.reset(in: context.editor))])
        }
        dragStart = (press.at.x, mode.tenths(of: context.editor))
        return .took("dialPress")
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard let start = dragStart else { return .took("pointerMoved") }
        // The ruler follows the pointer: dragging it left brings larger angles under the centre mark.
        let degrees = Double(start.tenths) / 10 - (point.x - start.x) / Self.pixelsPerDegree
        let tenths = min(max(Int((degrees * 10).rounded()), -mode.limit * 10), mode.limit * 10)
        return .took("dialDragged", [.edit(mode.drag(to: tenths, in: context.editor))])
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard dragStart != nil else { return .took("buttonRelease") }
        dragStart = nil
        return .took("dialReleased", [.edit(.endStraightenDrag)])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        let over = point.map { context.layout.dial.contains($0.x, $0.y) } ?? false
        hovered = over && Self.isEnabled(in: context)
        return over
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        Self.isEnabled(in: context) ? .move : .arrow
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let strip = context.layout.dial, ruler = Self.ruler(in: context.layout)
        Shapes.bottomBar(strip, on: cr)
        let enabled = Self.isEnabled(in: context)
        for shown in DialMode.allCases {
            let tenths = shown.tenths(of: context.editor), box = Self.label(shown, in: context.layout)
            if shown == mode && enabled {
                Theme.accentHover.withAlpha(0.18).set(on: cr)
                cairo_rectangle(cr, box.x, box.y + 4, box.width, box.height - 8)
                cairo_fill(cr)
            }
            context.text.draw(shown.label(tenths), font: tenths == 0 && shown != mode ? Theme.smallFont : Theme.boldFont,
                              color: enabled ? (tenths == 0 && shown != mode ? Theme.secondaryText : Theme.text) : Theme.disabledText,
                              in: box.insetBy(8, 0), alignment: shown == .straighten ? .right : .left, on: cr)
        }
        drawRuler(ruler, degrees: Double(mode.tenths(of: context.editor)) / 10, limit: mode.limit, enabled: enabled,
                  context: context, on: cr)
        drawUpright(enabled: enabled, context: context, on: cr)
    }

    /// "Upright" and its three buttons; the one running shows in the accent colour until its answer is in.
    private func drawUpright(enabled: Bool, context: WindowContext, on cr: OpaquePointer) {
        guard Self.uprightButton(.level, in: context.layout) != nil else { return }
        let strip = context.layout.dial
        context.text.draw(tr("Upright"), font: Theme.smallFont, color: enabled ? Theme.secondaryText : Theme.disabledText,
                          in: LayoutRect(x: strip.x + Self.uprightMargin, y: strip.y, width: Self.uprightTitleWidth - 6,
                                         height: strip.height),
                          alignment: .left, truncation: .end, on: cr)
        let status = context.upright.status
        for mode in UprightMode.allCases {
            guard let box = Self.uprightButton(mode, in: context.layout) else { continue }
            let running = status?.running == true && status?.mode == mode
            Shapes.roundedRect(box, radius: 4, on: cr)
            (running ? Theme.accentHover.withAlpha(0.35) : Theme.chrome).set(on: cr)
            cairo_fill_preserve(cr)
            (enabled ? Theme.secondaryText.withAlpha(0.5) : Theme.disabledText.withAlpha(0.5)).set(on: cr)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            context.text.draw(mode.buttonTitle, font: Theme.smallFont, color: enabled ? Theme.text : Theme.disabledText,
                              in: box.insetBy(4, 0), alignment: .center, truncation: .end, on: cr)
        }
    }

    private func drawRuler(_ ruler: LayoutRect, degrees angle: Double, limit: Int, enabled: Bool, context: WindowContext,
                           on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, ruler.x, ruler.y, ruler.width, ruler.height)
        cairo_clip(cr)
        let tickColor = enabled ? (hovered || dragStart != nil ? Theme.text : Theme.secondaryText) : Theme.disabledText
        let baseline = ruler.maxY - 6
        for degree in -limit...limit {
            let x = (ruler.midX + (Double(degree) - angle) * Self.pixelsPerDegree).rounded() + 0.5
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
        func rect(_ r: LayoutRect) -> JSONValue { .numbers([r.x, r.y, r.width, r.height]) }
        return [("straightenDial", rect(ruler)),
                ("dialDragging", .bool(dragStart != nil)),
                ("dialMode", .string(mode.rawValue)),
                ("verticalDial", rect(Self.label(.vertical, in: context.layout).scaled(by: context.layout.scale))),
                ("horizontalDial", rect(Self.label(.horizontal, in: context.layout).scaled(by: context.layout.scale))),
                ("uprightButtons", .object(UprightMode.allCases.map { mode in
                    (mode.rawValue, Self.uprightButton(mode, in: context.layout).map { rect($0.scaled(by: context.layout.scale)) }
                        ?? .null)
                }))]
    }
}

extension UprightMode {
    /// The word on the dial strip's button.
    var buttonTitle: String {
        switch self {
        case .level: tr("Level")
        case .vertical: tr("Vertical")
        case .full: tr("Full")
        }
    }
}
