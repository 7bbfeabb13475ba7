import CCairo
import Localization

/// What the status bar says of a playing animation.
struct AnimationStatus: Equatable {
    let frame: Int
    let frames: Int
    let playing: Bool

    /// "Frame 3 of 12"
    var label: String { tr("Frame %1$d of %2$d", frame + 1, frames) }
}

/// The status bar's animation control: a step back, play or pause, a step on, and "Frame n of N".
struct AnimationControl {
    enum Button: String, CaseIterable {
        case previous, playPause, next

        var command: Command {
            switch self {
            case .previous: .stepFrame(-1)
            case .playPause: .playPause
            case .next: .stepFrame(1)
            }
        }
    }

    static let buttonWidth = 24.0
    static let labelGap = 6.0

    let status: AnimationStatus
    let buttons: [(button: Button, frame: LayoutRect)]
    /// Nil when the bar has no room for the words.
    let labelFrame: LayoutRect?

    /// Laid out from `x` in `area`, the words only if they fit within `room`.
    init(status: AnimationStatus, x: Double, area: LayoutRect, room: Double, text: TextRenderer) {
        self.status = status
        buttons = Button.allCases.enumerated().map { index, button in
            (button, LayoutRect(x: x + Double(index) * Self.buttonWidth, y: area.y + 3, width: Self.buttonWidth,
                                height: area.height - 6))
        }
        let labelX = x + 3 * Self.buttonWidth + Self.labelGap
        let labelWidth = text.size(of: Self.widestLabel(status), font: Theme.bodyFont).width
        labelFrame = labelX + labelWidth <= x + room ? LayoutRect(x: labelX, y: area.y, width: labelWidth, height: area.height)
            : nil
    }

    /// The label's width is that of the widest frame number, so the bar does not move as the frames go by.
    private static func widestLabel(_ status: AnimationStatus) -> String {
        AnimationStatus(frame: status.frames - 1, frames: status.frames, playing: false).label
    }

    var width: Double { (labelFrame?.maxX ?? buttons.last?.frame.maxX ?? 0) - (buttons.first?.frame.x ?? 0) }

    func button(at x: Double, _ y: Double) -> Button? {
        buttons.first { $0.frame.contains(x, y) }?.button
    }

    var controls: [(id: String, rect: LayoutRect)] {
        buttons.map { ("animation:\($0.button.rawValue)", $0.frame) } + (labelFrame.map { [("animation:frame", $0)] } ?? [])
    }

    func draw(hovered: Button?, text: TextRenderer, on cr: OpaquePointer) {
        for (button, frame) in buttons {
            if button == hovered {
                Theme.hover.set(on: cr)
                Shapes.roundedRect(frame, radius: 4, on: cr)
                cairo_fill(cr)
            }
            Theme.text.set(on: cr)
            let cx = frame.midX, cy = frame.midY
            switch button {
            case .previous:
                cairo_rectangle(cr, cx - 5, cy - 5, 2, 10)
                triangle(pointingRight: false, x: cx - 2, y: cy, on: cr)
            case .next:
                cairo_rectangle(cr, cx + 3, cy - 5, 2, 10)
                triangle(pointingRight: true, x: cx + 2, y: cy, on: cr)
            case .playPause where status.playing:
                cairo_rectangle(cr, cx - 4, cy - 5, 3, 10)
                cairo_rectangle(cr, cx + 1, cy - 5, 3, 10)
            case .playPause:
                triangle(pointingRight: true, x: cx + 4, y: cy, on: cr)
            }
            cairo_fill(cr)
        }
        if let labelFrame {
            text.draw(status.label, font: Theme.bodyFont, color: Theme.secondaryText, in: labelFrame, on: cr)
        }
    }

    /// A triangle 8 wide and 10 high with its point at (x, y).
    private func triangle(pointingRight: Bool, x: Double, y: Double, on cr: OpaquePointer) {
        let back = pointingRight ? x - 8 : x + 8
        cairo_move_to(cr, x, y)
        cairo_line_to(cr, back, y - 5)
        cairo_line_to(cr, back, y + 5)
        cairo_close_path(cr)
    }
}
