import CCairo
import CPango
import PhotoIO

enum TextAlignment { case left, center, right }
/// `.end` is for the interface's own words, which must fit; `.middle` for names and paths, which may be long.
enum TextTruncation { case none, middle, end }

/// What the text of a frame lacked: glyphs no installed font has (shown as boxes), and interface labels that had
/// to be cut to fit (drawn with `.end`). The state log carries it, so tests see a translation that does not fit.
struct TextFit: Equatable {
    var unknownGlyphs = 0
    var cutLabels: [String] = []

    var json: JSONValue {
        .object([("unknownGlyphs", .integer(unknownGlyphs)), ("cut", .array(cutLabels.map(JSONValue.string)))])
    }
}

/// Text through Pango: one shared context, font descriptions made once, and shaped layouts
/// kept for strings drawn again (toolbar labels, status fields) so a frame does not re-shape them. The cache
/// keeps two generations: when the newer is full the older is let go, and a layout used since survives in the
/// newer, so what every frame draws is never shaped again (emptying it whole made the next frame re-shape the
/// toolbar and every name in the grid at once).
/// Text is laid out in interface pixels and drawn on a context scaled by `scale`; the Pango context knows
/// that scale, so glyphs are hinted and spaced for the device pixels they land on.
final class TextRenderer {
    private struct LayoutKey: Hashable {
        let text: String
        let font: FontSpec
        let maxWidth: Int
        let truncation: TextTruncation
    }

    private let context: OpaquePointer
    /// Since the last `takeFit()`: counted only while `checksFit` (the state log is on).
    private var fit = TextFit()
    var checksFit = false
    private var fonts: [FontSpec: OpaquePointer] = [:]
    /// Layouts used since the last turnover, and those from before it that have not been used again.
    private var layouts: [LayoutKey: OpaquePointer] = [:]
    private var olderLayouts: [LayoutKey: OpaquePointer] = [:]
    static let layoutsPerGeneration = 400
    /// Layouts shaped anew, and turnovers of the cache, so far (the frame stats' `DrawWork`).
    private(set) var layoutsMade = 0
    private(set) var cacheTurnovers = 0

    /// For layouts worked out where no renderer is at hand (a question's buttons, the dialog's footer): widths in
    /// interface pixels come out the same at every scale. Used on the event loop's thread only.
    nonisolated(unsafe) static let measuring = TextRenderer()

    init(scale: Double = 1) {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        if scale != 1 {
            var matrix = PangoMatrix(xx: scale, xy: 0, yx: 0, yy: scale, x0: 0, y0: 0)
            pango_context_set_matrix(context, &matrix)
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for layout in olderLayouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Size in pixels of the text on one line.
    func size(of text: String, font: FontSpec) -> (width: Double, height: Double) {
        let layout = self.layout(text, font: font, maxWidth: nil, truncation: .none)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws one line of text in `rect`, vertically centred, aligned and cut to fit.
    func draw(_ text: String, font: FontSpec, color: Color, in rect: LayoutRect,
              alignment: TextAlignment = .left, truncation: TextTruncation = .end, on cr: OpaquePointer) {
        guard !text.isEmpty, rect.width > 0 else { return }
        let layout = measured(text, font: font, fittingIn: Int(rect.width))
            ?? self.layout(text, font: font, maxWidth: Int(rect.width), truncation: truncation)
        if checksFit { check(layout, text, truncation: truncation) }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let x: Double
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.x + ((rect.width - Double(width)) / 2).rounded()
        case .right: x = rect.maxX - Double(width)
        }
        let y = rect.y + ((rect.height - Double(height)) / 2).rounded()
        color.set(on: cr)
        cairo_move_to(cr, x.rounded(), y)
        pango_cairo_show_layout(cr, layout)
    }

    /// The height of `text` wrapped to `width`, as `drawParagraph` draws it.
    func paragraphHeight(_ text: String, font: FontSpec, width: Double) -> Double {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32(width) * PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        var measured: (width: Int32, height: Int32) = (0, 0)
        pango_layout_get_pixel_size(layout, &measured.width, &measured.height)
        return Double(measured.height)
    }

    /// Draws text that may wrap onto several lines, top-aligned at `rect`; returns its height.
    @discardableResult
    func drawParagraph(_ text: String, font: FontSpec, color: Color, in rect: LayoutRect,
                       alignment: TextAlignment = .left, on cr: OpaquePointer) -> Double {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32(rect.width) * PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if checksFit { check(layout, text, truncation: .none) }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        color.set(on: cr)
        cairo_move_to(cr, rect.x.rounded(), rect.y.rounded())
        pango_cairo_show_layout(cr, layout)
        return Double(height)
    }

    /// How many characters of `text` no installed font can show.
    func unknownGlyphs(in text: String, font: FontSpec) -> Int {
        Int(pango_layout_get_unknown_glyphs_count(layout(text, font: font, maxWidth: nil, truncation: .none)))
    }

    /// The tally since the last call, which starts a new one.
    func takeFit() -> TextFit {
        defer { fit = TextFit() }
        return fit
    }

    private func check(_ layout: OpaquePointer, _ text: String, truncation: TextTruncation) {
        fit.unknownGlyphs += Int(pango_layout_get_unknown_glyphs_count(layout))
        if truncation == .end, pango_layout_is_ellipsized(layout) != 0, !fit.cutLabels.contains(text) {
            fit.cutLabels.append(text)
        }
    }

    /// Pixel offset of the caret before the character at `characterIndex` in a one-line text.
    func caretOffset(in text: String, font: FontSpec, characterIndex: Int) -> Double {
        let prefix = String(text.prefix(characterIndex))
        return size(of: prefix, font: font).width
    }

    private func layout(_ text: String, font: FontSpec, maxWidth: Int?, truncation: TextTruncation) -> OpaquePointer {
        let key = LayoutKey(text: text, font: font, maxWidth: truncation == .none ? -1 : (maxWidth ?? -1),
                            truncation: truncation)
        if let cached = cached(key) { return cached }
        layoutsMade += 1
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_single_paragraph_mode(layout, 1)
        if key.maxWidth > 0 {
            pango_layout_set_width(layout, Int32(key.maxWidth) * PANGO_SCALE)
            pango_layout_set_ellipsize(layout, truncation == .middle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
        }
        keep(layout, for: key)
        return layout
    }

    /// The one-line layout `size(of:)` shaped for `text`, when it is kept and fits `width` as it is: a label
    /// measured before it is drawn (the grid's counts) is not shaped a second time.
    private func measured(_ text: String, font: FontSpec, fittingIn width: Int) -> OpaquePointer? {
        guard let layout = cached(LayoutKey(text: text, font: font, maxWidth: -1, truncation: .none)) else { return nil }
        var measuredWidth: Int32 = 0
        pango_layout_get_pixel_size(layout, &measuredWidth, nil)
        return Int(measuredWidth) <= width ? layout : nil
    }

    private func cached(_ key: LayoutKey) -> OpaquePointer? {
        if let layout = layouts[key] { return layout }
        guard let layout = olderLayouts.removeValue(forKey: key) else { return nil }
        keep(layout, for: key)
        return layout
    }

    private func keep(_ layout: OpaquePointer, for key: LayoutKey) {
        if layouts.count >= Self.layoutsPerGeneration {
            for old in olderLayouts.values { g_object_unref(UnsafeMutableRawPointer(old)) }
            olderLayouts = layouts
            layouts = [:]
            cacheTurnovers += 1
        }
        layouts[key] = layout
    }

    private func fontDescription(_ font: FontSpec) -> OpaquePointer {
        if let existing = fonts[font] { return existing }
        let description = pango_font_description_from_string(font.pangoDescription)!
        fonts[font] = description
        return description
    }
}
