import CCairo

/// The icons of files and places (the file dialog, the picker).
extension Icons {
    static func rect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        Shapes.roundedRect(LayoutRect(x: x, y: y, width: w, height: h), radius: r, on: cr)
    }

    static func drawHome(_ cr: OpaquePointer) {
        cairo_move_to(cr, 2.5, 9.5)
        cairo_line_to(cr, 10, 3)
        cairo_line_to(cr, 17.5, 9.5)
        cairo_move_to(cr, 4.5, 8)
        cairo_line_to(cr, 4.5, 16.5)
        cairo_line_to(cr, 15.5, 16.5)
        cairo_line_to(cr, 15.5, 8)
        cairo_move_to(cr, 8.5, 16.5)
        cairo_line_to(cr, 8.5, 12)
        cairo_line_to(cr, 11.5, 12)
        cairo_line_to(cr, 11.5, 16.5)
        cairo_stroke(cr)
    }

    /// A framed landscape: hills and a sun.
    static func drawImage(_ cr: OpaquePointer) {
        rect(cr, 2.5, 4, 15, 12, 2)
        cairo_stroke(cr)
        cairo_move_to(cr, 3.5, 14.5)
        cairo_line_to(cr, 8, 9.5)
        cairo_line_to(cr, 11, 12.5)
        cairo_line_to(cr, 13, 10.5)
        cairo_line_to(cr, 16.5, 14.5)
        cairo_stroke(cr)
        cairo_arc(cr, 13, 7.5, 1.3, 0, 2 * .pi)
        cairo_fill(cr)
    }

    static func drawDesktop(_ cr: OpaquePointer) {
        rect(cr, 2.5, 3.5, 15, 10, 1.5)
        cairo_stroke(cr)
        cairo_move_to(cr, 10, 13.5)
        cairo_line_to(cr, 10, 16.5)
        cairo_move_to(cr, 6.5, 16.5)
        cairo_line_to(cr, 13.5, 16.5)
        cairo_stroke(cr)
    }

    /// A sheet with a folded corner; with `lines`, text on it.
    static func drawPage(_ cr: OpaquePointer, lines: Bool) {
        cairo_move_to(cr, 11.5, 2.5)
        cairo_line_to(cr, 4.5, 2.5)
        cairo_line_to(cr, 4.5, 17.5)
        cairo_line_to(cr, 15.5, 17.5)
        cairo_line_to(cr, 15.5, 6.5)
        cairo_close_path(cr)
        cairo_move_to(cr, 11.5, 2.5)
        cairo_line_to(cr, 11.5, 6.5)
        cairo_line_to(cr, 15.5, 6.5)
        cairo_stroke(cr)
        if lines {
            for y in [10.0, 12.5, 15.0] {
                cairo_move_to(cr, 7, y)
                cairo_line_to(cr, 13, y)
            }
            cairo_stroke(cr)
        }
    }

    static func drawBookmark(_ cr: OpaquePointer) {
        cairo_move_to(cr, 5.5, 2.5)
        cairo_line_to(cr, 14.5, 2.5)
        cairo_line_to(cr, 14.5, 17.5)
        cairo_line_to(cr, 10, 13.5)
        cairo_line_to(cr, 5.5, 17.5)
        cairo_close_path(cr)
        cairo_stroke(cr)
    }

    static func drawDrive(_ cr: OpaquePointer) {
        rect(cr, 2.5, 6, 15, 8, 2)
        cairo_stroke(cr)
        cairo_arc(cr, 14, 10, 1.1, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_move_to(cr, 5.5, 10)
        cairo_line_to(cr, 10, 10)
        cairo_stroke(cr)
    }

    /// A closed folder, its body lightly filled so folders stand out from files in the list.
    static func drawClosedFolder(_ cr: OpaquePointer) {
        cairo_move_to(cr, 2.5, 15.5)
        cairo_line_to(cr, 2.5, 4.5)
        cairo_line_to(cr, 7.5, 4.5)
        cairo_line_to(cr, 9.5, 6.5)
        cairo_line_to(cr, 17.5, 6.5)
        cairo_line_to(cr, 17.5, 15.5)
        cairo_close_path(cr)
        cairo_save(cr)
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
        cairo_pattern_get_rgba(cairo_get_source(cr), &red, &green, &blue, &alpha)
        cairo_set_source_rgba(cr, red, green, blue, alpha * 0.25)
        cairo_fill_preserve(cr)
        cairo_restore(cr)
        cairo_stroke(cr)
        cairo_move_to(cr, 2.5, 8.5)
        cairo_line_to(cr, 17.5, 8.5)
        cairo_stroke(cr)
    }

    static func drawUpArrow(_ cr: OpaquePointer) {
        cairo_move_to(cr, 10, 16.5)
        cairo_line_to(cr, 10, 4)
        cairo_move_to(cr, 5, 9)
        cairo_line_to(cr, 10, 4)
        cairo_line_to(cr, 15, 9)
        cairo_stroke(cr)
    }

    static func drawClock(_ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, 10, 10, 7.5, 0, 2 * .pi)
        cairo_stroke(cr)
        cairo_move_to(cr, 10, 5.5)
        cairo_line_to(cr, 10, 10)
        cairo_line_to(cr, 13, 12)
        cairo_stroke(cr)
    }

    static func drawClose(_ cr: OpaquePointer) {
        cairo_move_to(cr, 5, 5)
        cairo_line_to(cr, 15, 15)
        cairo_move_to(cr, 15, 5)
        cairo_line_to(cr, 5, 15)
        cairo_stroke(cr)
    }
}
