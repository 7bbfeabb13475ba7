import CCairo
import Localization

/// What the status bar shows, as text already formatted.
struct StatusContent {
    var zoom: String?
    /// "1200 × 800 px" — the crop size, or the whole image when there is no crop.
    var cropSize: String?
    /// "at 300, 200" — nil when there is no crop.
    var cropPosition: String?
    var imageSize: String?
    var fileName: String
    /// Transient state on the right: "Loading…", "Saving…".
    var activity: String?
    /// "lossless", and the rect a lossless save will cut when that is not the box as drawn.
    var lossless: String?
    /// "straightened +2.3°" while the picture is turned.
    var straighten: String?
    /// The frame an animation shows, and whether it plays.
    var animation: AnimationStatus?
}

/// The bar along the bottom: zoom, crop size and position (click to type them), image size, file name.
struct StatusBar {
    let area: LayoutRect
    private(set) var zoomFrame = LayoutRect.zero
    /// The crop size and position: clicking here opens the numeric entry.
    private(set) var editableFrame: LayoutRect?
    private(set) var numericFieldFrames: [LayoutRect] = []
    /// Nil when the bar is too narrow for it: the file name keeps `nameRoom` first.
    private(set) var imageFrame: LayoutRect?
    private(set) var nameFrame = LayoutRect.zero
    /// An animation's play / pause and step buttons and its frame number.
    private(set) var animationControl: AnimationControl?
    private var content: StatusContent
    private let numeric: NumericEntry?

    /// Room the file name keeps before the image size and the box's position give way.
    static let nameRoom = 120.0

    init(area: LayoutRect, content: StatusContent, numeric: NumericEntry?, text: TextRenderer) {
        self.area = area
        self.content = content
        self.numeric = numeric
        let fieldsWidth = (0..<4).reduce(0.0) { sum, index in
            sum + text.size(of: NumericEntry.names[index], font: Theme.smallFont).width + 5 + 64 + 12
        }
        // The numbers take the whole bar when zoom and numbers would not fit side by side.
        let showsZoom = numeric == nil || area.x + 14 + 66 + fieldsWidth <= area.maxX - 14
        var x = area.x + 14
        zoomFrame = LayoutRect(x: x, y: area.y, width: showsZoom ? 56 : 0, height: area.height)
        x = showsZoom ? zoomFrame.maxX + 10 : x
        if numeric != nil {
            let start = x
            for index in 0..<4 {
                let label = text.size(of: NumericEntry.names[index], font: Theme.smallFont).width
                numericFieldFrames.append(LayoutRect(x: x + label + 5, y: area.y + 3, width: 64, height: area.height - 6))
                x += label + 5 + 64 + 12
            }
            editableFrame = LayoutRect(x: start - 6, y: area.y, width: x - start + 6, height: area.height)
            nameFrame = LayoutRect(x: area.maxX, y: area.y, width: 0, height: area.height)
            return
        }
        let nameWidth = min(Self.nameRoom, text.size(of: content.fileName, font: Theme.bodyFont).width)
        if let cropSize = content.cropSize {
            let sizeWidth = text.size(of: cropSize, font: Theme.bodyFont).width
            var positionWidth = content.cropPosition.map { text.size(of: $0, font: Theme.bodyFont).width + 12 } ?? 0
            if x - 6 + 12 + 18 + sizeWidth + positionWidth + 4 + 14 + nameWidth > area.maxX - 14 {
                self.content.cropPosition = nil
                positionWidth = 0
            }
            editableFrame = LayoutRect(x: x - 6, y: area.y + 3, width: 12 + 18 + sizeWidth + positionWidth + 4,
                                       height: area.height - 6)
            x = (editableFrame?.maxX ?? x) + 14
        }
        if let animation = content.animation {
            let control = AnimationControl(status: animation, x: x, area: area, room: area.maxX - 14 - nameWidth - 14 - x,
                                           text: text)
            animationControl = control
            x += control.width + 14
        }
        if content.imageSize != nil && x + 150 + 16 + nameWidth <= area.maxX - 14 {
            imageFrame = LayoutRect(x: x, y: area.y, width: 150, height: area.height)
            x += 150 + 16
        }
        nameFrame = LayoutRect(x: x, y: area.y, width: max(0, area.maxX - 14 - x), height: area.height)
    }

    /// The bar's parts that show, by name, for the state log's `controls`.
    var controls: [(id: String, rect: LayoutRect)] {
        var parts: [(String, LayoutRect)] = []
        if content.zoom != nil && zoomFrame.width > 0 { parts.append(("zoom", zoomFrame)) }
        if numeric != nil {
            parts += numericFieldFrames.enumerated().map { ("field:\(NumericEntry.names[$0.offset])", $0.element) }
        } else if let editableFrame {
            parts.append(("crop", editableFrame))
        }
        if numeric == nil, let animationControl { parts += animationControl.controls }
        if let imageFrame, content.imageSize != nil { parts.append(("imageSize", imageFrame)) }
        if nameFrame.width > 0 { parts.append(("fileName", nameFrame)) }
        return parts
    }

    func numericField(at px: Double, _ py: Double) -> Int? {
        numericFieldFrames.firstIndex { $0.insetBy(-4, 0).contains(px, py) }
    }

    func draw(editableHovered: Bool, animationHovered: AnimationControl.Button? = nil, text: TextRenderer,
              on cr: OpaquePointer) {
        Shapes.bottomBar(area, on: cr)

        if let zoom = content.zoom, zoomFrame.width > 0 {
            text.draw(zoom, font: Theme.bodyFont, color: Theme.text, in: zoomFrame, on: cr)
            drawDivider(at: zoomFrame.maxX, on: cr)
        }
        if let numeric {
            drawNumericEntry(numeric, text: text, on: cr)
        } else if let editable = editableFrame, let cropSize = content.cropSize {
            if editableHovered {
                Theme.hover.set(on: cr)
                Shapes.roundedRect(editable, radius: 4, on: cr)
                cairo_fill(cr)
            }
            Theme.secondaryText.set(on: cr)
            drawCropGlyph(x: editable.x + 8, y: area.midY - 6, on: cr)
            var x = editable.x + 26
            text.draw(cropSize, font: Theme.bodyFont, color: Theme.text,
                      in: LayoutRect(x: x, y: area.y, width: editable.maxX - x, height: area.height), on: cr)
            x += text.size(of: cropSize, font: Theme.bodyFont).width + 12
            if let position = content.cropPosition {
                text.draw(position, font: Theme.bodyFont, color: Theme.secondaryText,
                          in: LayoutRect(x: x, y: area.y, width: editable.maxX - x, height: area.height), on: cr)
            }
            if imageFrame != nil { drawDivider(at: editable.maxX + 7, on: cr) }
        }
        if numeric == nil, let animationControl { animationControl.draw(hovered: animationHovered, text: text, on: cr) }
        if numeric == nil, let imageSize = content.imageSize, let imageFrame {
            text.draw(imageSize, font: Theme.bodyFont, color: Theme.secondaryText, in: imageFrame, on: cr)
        }
        guard numeric == nil, nameFrame.width > 0 else { return }
        let right = [content.activity, content.straighten, content.lossless, content.fileName].compactMap { $0 }.joined(separator: "   ")
        text.draw(right, font: Theme.bodyFont, color: Theme.secondaryText, in: nameFrame, alignment: .right,
                  truncation: .middle, on: cr)
    }

    private func drawNumericEntry(_ entry: NumericEntry, text: TextRenderer, on cr: OpaquePointer) {
        for (index, frame) in numericFieldFrames.enumerated() {
            let label = NumericEntry.names[index]
            let labelWidth = text.size(of: label, font: Theme.smallFont).width
            text.draw(label, font: Theme.smallFont, color: Theme.secondaryText,
                      in: LayoutRect(x: frame.x - labelWidth - 5, y: area.y, width: labelWidth + 1, height: area.height), on: cr)
            entry.fields[index].draw(in: frame, focused: index == entry.focus, invalid: entry.error != nil && index == entry.focus,
                                     font: Theme.bodyFont, text: text, on: cr)
        }
        let hintX = (numericFieldFrames.last?.maxX ?? area.x) + 14
        let hint = entry.error ?? tr("Enter applies · Tab next · Esc cancels")
        text.draw(hint, font: Theme.smallFont, color: entry.error == nil ? Theme.secondaryText : Color(hex: 0xff8a80),
                  in: LayoutRect(x: hintX, y: area.y, width: max(0, area.maxX - 14 - hintX), height: area.height), on: cr)
    }

    private func drawDivider(at x: Double, on cr: OpaquePointer) {
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, x.rounded(), area.y + 8, 1, area.height - 16)
        cairo_fill(cr)
    }

    /// A tiny crop mark (two interlocking L shapes) before the crop numbers.
    private func drawCropGlyph(x: Double, y: Double, on cr: OpaquePointer) {
        cairo_set_line_width(cr, 1.4)
        cairo_move_to(cr, x + 3, y)
        cairo_line_to(cr, x + 3, y + 9)
        cairo_line_to(cr, x + 12, y + 9)
        cairo_move_to(cr, x, y + 3)
        cairo_line_to(cr, x + 9, y + 3)
        cairo_line_to(cr, x + 9, y + 12)
        cairo_stroke(cr)
    }
}
