import CCairo

/// An sRGB colour with alpha, in 0…1.
struct Color: Equatable, Sendable {
    var red: Double, green: Double, blue: Double, alpha: Double

    init(hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xff) / 255
        green = Double((hex >> 8) & 0xff) / 255
        blue = Double(hex & 0xff) / 255
        self.alpha = alpha
    }

    func withAlpha(_ alpha: Double) -> Color {
        var copy = self
        copy.alpha = alpha
        return copy
    }

    func set(on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }

    /// As a Cairo RGB24 pixel, 0x00RRGGBB (alpha left out).
    var packed: UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }
}

/// Colours, sizes and fonts of the editor window, in one place.
enum Theme {
    static let canvas = Color(hex: 0x1e1f22)
    static let chrome = Color(hex: 0x2a2b2f)
    static let statusBar = Color(hex: 0x25262a)
    static let separator = Color(hex: 0x3a3b40)
    static let hover = Color(hex: 0x3a3c42)
    static let pressed = Color(hex: 0x4a4c54)
    static let text = Color(hex: 0xe8e8ea)
    static let secondaryText = Color(hex: 0xa3a6ad)
    static let disabledText = Color(hex: 0x5f626a)
    static let accent = Color(hex: 0x3d7eff)
    static let accentHover = Color(hex: 0x5a92ff)
    static let danger = Color(hex: 0xc8453e)
    static let panel = Color(hex: 0x2f3136)
    static let panelBorder = Color(hex: 0x46484f)
    static let fieldBackground = Color(hex: 0x1b1c1f)
    static let keyCap = Color(hex: 0x3b3d44)

    static let cropFrame = Color(hex: 0xffffff, alpha: 0.95)
    static let handleFill = Color(hex: 0xffffff)
    static let handleShadow = Color(hex: 0x000000, alpha: 0.55)
    static let gridLine = Color(hex: 0xffffff, alpha: 0.45)

    static let toolbarHeight = 48
    static let statusBarHeight = 30
    static let dialHeight = 36
    static let buttonSize = 36.0
    static let iconSize = 20.0
    static let cornerRadius = 6.0

    static let minimumWindowWidth = 720
    static let minimumWindowHeight = 440
    static let maximumDefaultWidth = 1600
    static let maximumDefaultHeight = 1000

    static let fontFamily = "DejaVu Sans"
    static let bodyFont = FontSpec(size: 9.5)
    static let smallFont = FontSpec(size: 8.5)
    static let boldFont = FontSpec(size: 9.5, bold: true)
    static let titleFont = FontSpec(size: 12, bold: true)
    static let messageFont = FontSpec(size: 11)
}

struct FontSpec: Hashable, Sendable {
    var size: Double
    var bold = false
    var family = Theme.fontFamily

    var pangoDescription: String {
        "\(family)\(bold ? " Bold" : "") \(size)"
    }
}
