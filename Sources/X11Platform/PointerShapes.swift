import CX11

/// What the pointer looks like: it tells what a press would do.
public enum PointerShape: Hashable, CaseIterable, Sendable {
    case arrow, hand, text, crosshair, move
    case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left
}

/// Cursors from the X cursor font, created once.
struct PointerShapes {
    private var cursors: [PointerShape: Cursor] = [:]

    init(display: OpaquePointer) {
        for shape in PointerShape.allCases {
            cursors[shape] = XCreateFontCursor(display, PointerShapes.glyph(for: shape))
        }
    }

    func cursor(for shape: PointerShape) -> Cursor { cursors[shape] ?? 0 }

    private static func glyph(for shape: PointerShape) -> UInt32 {
        switch shape {
        case .arrow: return UInt32(XC_left_ptr)
        case .hand: return UInt32(XC_hand2)
        case .text: return UInt32(XC_xterm)
        case .crosshair: return UInt32(XC_crosshair)
        case .move: return UInt32(XC_fleur)
        case .topLeft: return UInt32(XC_top_left_corner)
        case .top: return UInt32(XC_top_side)
        case .topRight: return UInt32(XC_top_right_corner)
        case .right: return UInt32(XC_right_side)
        case .bottomRight: return UInt32(XC_bottom_right_corner)
        case .bottom: return UInt32(XC_bottom_side)
        case .bottomLeft: return UInt32(XC_bottom_left_corner)
        case .left: return UInt32(XC_left_side)
        }
    }
}
