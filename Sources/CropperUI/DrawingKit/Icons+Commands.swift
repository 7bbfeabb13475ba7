import CCairo
import Foundation

/// The commands' icons (toolbar, ⋯ menu, picker actions).
extension Icons {
    static func drawOpenFolder(_ cr: OpaquePointer) {
        cairo_move_to(cr, 2.5, 15.5)
        cairo_line_to(cr, 2.5, 4.5)
        cairo_line_to(cr, 7.5, 4.5)
        cairo_line_to(cr, 9.5, 6.5)
        cairo_line_to(cr, 16.5, 6.5)
        cairo_line_to(cr, 16.5, 8.5)
        cairo_stroke(cr)
        cairo_move_to(cr, 2.5, 15.5)
        cairo_line_to(cr, 5, 9)
        cairo_line_to(cr, 18.5, 9)
        cairo_line_to(cr, 16, 15.5)
        cairo_close_path(cr)
        cairo_stroke(cr)
    }

    static func drawPhotos(_ cr: OpaquePointer) {
        cairo_move_to(cr, 5, 3.5)
        cairo_line_to(cr, 17.5, 3.5)
        cairo_line_to(cr, 17.5, 13)
        cairo_stroke(cr)
        rect(cr, 2.5, 6.5, 12, 10, 1.5)
        cairo_stroke(cr)
        cairo_move_to(cr, 3.5, 15)
        cairo_line_to(cr, 7, 11)
        cairo_line_to(cr, 9.5, 13.5)
        cairo_line_to(cr, 11, 12)
        cairo_line_to(cr, 14, 15)
        cairo_stroke(cr)
        cairo_arc(cr, 11, 9.5, 1.2, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// A photo (small rectangle) with a quarter-turn arrow over it.
    static func drawRotate(_ cr: OpaquePointer, clockwise: Bool) {
        if clockwise {
            cairo_translate(cr, 20, 0)
            cairo_scale(cr, -1, 1)
        }
        rect(cr, 8.5, 9.5, 9, 8, 1)
        cairo_stroke(cr)
        // Arrow from the top right sweeping anticlockwise down to the left.
        cairo_new_path(cr)
        cairo_arc_negative(cr, 12, 10, 8, -.pi / 2 + 0.1, -.pi + 0.05)
        cairo_stroke(cr)
        cairo_move_to(cr, 1.2, 7.2)
        cairo_line_to(cr, 4.1, 10.6)
        cairo_line_to(cr, 7.2, 7.4)
        cairo_stroke(cr)
    }

    /// A spirit level with its bubble centred, over a tilted line that it levels.
    static func drawLevel(_ cr: OpaquePointer) {
        Shapes.roundedRect(LayoutRect(x: 2, y: 7, width: 16, height: 7), radius: 2, on: cr)
        cairo_stroke(cr)
        cairo_arc(cr, 10, 10.5, 1.6, 0, 2 * .pi)
        cairo_fill(cr)
        for x in [7.0, 13.0] {
            cairo_move_to(cr, x, 8.5)
            cairo_line_to(cr, x, 12.5)
        }
        cairo_move_to(cr, 3, 18)
        cairo_line_to(cr, 17, 16)
        cairo_stroke(cr)
    }

    static func drawFlip(_ cr: OpaquePointer) {
        let dashes: [Double] = [1.6, 2.2]
        cairo_set_dash(cr, dashes, 2, 0)
        cairo_move_to(cr, 10, 2)
        cairo_line_to(cr, 10, 18)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_move_to(cr, 7.5, 5)
        cairo_line_to(cr, 7.5, 15)
        cairo_line_to(cr, 2, 15)
        cairo_close_path(cr)
        cairo_stroke(cr)
        cairo_move_to(cr, 12.5, 5)
        cairo_line_to(cr, 12.5, 15)
        cairo_line_to(cr, 18, 15)
        cairo_close_path(cr)
        cairo_fill_preserve(cr)
        cairo_stroke(cr)
    }

    static func drawAspect(_ cr: OpaquePointer) {
        rect(cr, 2.5, 5, 15, 10, 1.5)
        cairo_stroke(cr)
        cairo_move_to(cr, 5.5, 10.5)
        cairo_line_to(cr, 5.5, 8)
        cairo_line_to(cr, 8, 8)
        cairo_move_to(cr, 14.5, 9.5)
        cairo_line_to(cr, 14.5, 12)
        cairo_line_to(cr, 12, 12)
        cairo_stroke(cr)
    }

    /// A square of 3 × 3 blocks: the JPEG grid lossless crops follow.
    static func drawBlocks(_ cr: OpaquePointer) {
        rect(cr, 3.5, 3.5, 13, 13, 1.5)
        for step in [1.0, 2.0] {
            let at = 3.5 + 13 * step / 3
            cairo_move_to(cr, at, 3.5)
            cairo_line_to(cr, at, 16.5)
            cairo_move_to(cr, 3.5, at)
            cairo_line_to(cr, 16.5, at)
        }
        cairo_stroke(cr)
    }

    static func drawUndo(_ cr: OpaquePointer) {
        cairo_move_to(cr, 4, 8)
        cairo_line_to(cr, 12, 8)
        cairo_arc(cr, 12, 12, 4, -.pi / 2, .pi / 2)
        cairo_line_to(cr, 7, 16)
        cairo_stroke(cr)
        cairo_move_to(cr, 7.5, 4.5)
        cairo_line_to(cr, 4, 8)
        cairo_line_to(cr, 7.5, 11.5)
        cairo_stroke(cr)
    }

    static func drawReset(_ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, 10, 10.5, 6.5, -.pi * 0.75, .pi * 1.05)
        cairo_stroke(cr)
        let tipX = 10 + 6.5 * cos(-.pi * 0.75), tipY = 10.5 + 6.5 * sin(-.pi * 0.75)
        cairo_move_to(cr, tipX - 0.8, tipY - 4)
        cairo_line_to(cr, tipX, tipY)
        cairo_line_to(cr, tipX + 4, tipY + 0.6)
        cairo_stroke(cr)
        cairo_arc(cr, 10, 10.5, 1.6, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// Four outward corners around a small frame: the picture fills the window.
    static func drawFit(_ cr: OpaquePointer) {
        let corners: [(Double, Double, Double, Double)] = [(2.5, 2.5, 1, 1), (17.5, 2.5, -1, 1), (17.5, 17.5, -1, -1), (2.5, 17.5, 1, -1)]
        for (x, y, sx, sy) in corners {
            cairo_move_to(cr, x, y + 4.5 * sy)
            cairo_line_to(cr, x, y)
            cairo_line_to(cr, x + 4.5 * sx, y)
        }
        cairo_stroke(cr)
        rect(cr, 6.5, 7, 7, 6, 1)
        cairo_stroke(cr)
    }

    /// "1:1" built from strokes and dots.
    static func drawActualSize(_ cr: OpaquePointer) {
        for x in [5.5, 14.5] {
            cairo_move_to(cr, x - 2.2, 6.2)
            cairo_line_to(cr, x, 4)
            cairo_line_to(cr, x, 16)
        }
        cairo_stroke(cr)
        cairo_arc(cr, 10, 8, 1.1, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_arc(cr, 10, 13, 1.1, 0, 2 * .pi)
        cairo_fill(cr)
    }

    static func drawSave(_ cr: OpaquePointer) {
        cairo_move_to(cr, 10, 2.5)
        cairo_line_to(cr, 10, 12)
        cairo_move_to(cr, 6, 8.2)
        cairo_line_to(cr, 10, 12.2)
        cairo_line_to(cr, 14, 8.2)
        cairo_move_to(cr, 3, 12.5)
        cairo_line_to(cr, 3, 16.5)
        cairo_line_to(cr, 17, 16.5)
        cairo_line_to(cr, 17, 12.5)
        cairo_stroke(cr)
    }

    /// Two sheets, one over the other: a copy.
    static func drawCopy(_ cr: OpaquePointer) {
        rect(cr, 7, 6.5, 10, 11, 1.8)
        cairo_stroke(cr)
        cairo_move_to(cr, 4.5, 13.5)
        cairo_line_to(cr, 3.5, 13.5)
        cairo_line_to(cr, 3.5, 2.5)
        cairo_line_to(cr, 12.5, 2.5)
        cairo_line_to(cr, 12.5, 3.5)
        cairo_stroke(cr)
    }

    /// Three dots in a row: more commands than the toolbar has room for.
    static func drawMore(_ cr: OpaquePointer) {
        for x in [4.5, 10.0, 15.5] {
            cairo_new_sub_path(cr)
            cairo_arc(cr, x, 10, 1.7, 0, 2 * .pi)
        }
        cairo_fill(cr)
    }

    static func drawKeyboard(_ cr: OpaquePointer) {
        rect(cr, 1.5, 5, 17, 11, 2)
        cairo_stroke(cr)
        for row in 0..<2 {
            for column in 0..<5 {
                cairo_rectangle(cr, 4 + Double(column) * 2.6, 7.6 + Double(row) * 2.6, 1.4, 1.4)
            }
        }
        cairo_fill(cr)
        cairo_move_to(cr, 6.5, 13.3)
        cairo_line_to(cr, 13.5, 13.3)
        cairo_stroke(cr)
    }
}
