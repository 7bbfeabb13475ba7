import CX11
import CropperTestSupport
import Foundation

/// Seeded, so a soak run can be replayed from the seed it prints.

/// Random but valid input for the editor window: what a user could do with a mouse and keyboard,
/// sent through XTest. Quitting is left out (the soak ends the window itself); saving is rare.
struct RandomInput {
    var generator: SplitMix64
    let client: XTestClient
    /// Absolute paths of photos to open (typed into the file dialog's path bar).
    let photos: [String]
    private(set) var windowSize: (width: Int, height: Int)
    private(set) var counts: [String: Int] = [:]

    init(seed: UInt64, client: XTestClient, photos: [String], windowSize: (Int, Int)) {
        generator = SplitMix64(seed: seed)
        self.client = client
        self.photos = photos
        self.windowSize = windowSize
    }

    /// Keys with the modifiers they are pressed with: the editor's bindings, overlay answers, field editing.
    static let keys: [(Int32, [Int32])] = [
        (XK_r, []), (XK_r, [XK_Shift_L]), (XK_h, []), (XK_v, []), (XK_a, []), (XK_x, []), (XK_n, []),
        (XK_Escape, []), (XK_Escape, []), (XK_plus, [XK_Shift_L]), (XK_equal, []), (XK_minus, []), (XK_0, []),
        (XK_1, []), (XK_z, [XK_Control_L]), (XK_z, [XK_Control_L, XK_Shift_L]), (XK_y, [XK_Control_L]),
        (XK_Left, []), (XK_Right, []), (XK_Up, []), (XK_Down, []), (XK_Left, [XK_Shift_L]), (XK_Down, [XK_Shift_L]),
        (XK_Right, [XK_Alt_L]), (XK_Up, [XK_Alt_L, XK_Shift_L]), (XK_question, [XK_Shift_L]), (XK_F1, []),
        (XK_Tab, []), (XK_BackSpace, []), (XK_5, []), (XK_d, []), (XK_c, []), (XK_space, []),
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }

    mutating func point() -> (Int, Int) {
        (int(0...(windowSize.width - 1)), int(0...(windowSize.height - 1)))
    }

    /// One user action: a click, a drag, a wheel notch, a key, a resize, or opening a photo.
    mutating func step() {
        let roll = int(0...999)
        switch roll {
        case 0..<150: click()
        case 150..<180: doubleClick()
        case 180..<380: drag(button: 1)
        case 380..<430: drag(button: 2)
        case 430..<580: wheel()
        case 580..<940: key()
        case 940..<970: resize()
        case 970..<990: open()
        case 990..<996: count("save"); client.key(XK_s, holding: [XK_Control_L])
        default: typeNumbers()
        }
    }

    mutating func click() {
        count("click")
        let (x, y) = point()
        client.move(x, y)
        client.click(1)
    }

    mutating func doubleClick() {
        count("double-click")
        let (x, y) = point()
        client.move(x, y)
        client.click(1)
        client.click(1)
    }

    mutating func drag(button: UInt32) {
        count(button == 1 ? "drag" : "middle-drag")
        var (x, y) = point()
        client.move(x, y)
        client.button(button, down: true)
        for _ in 0..<int(2...10) {
            x = max(-20, min(windowSize.width + 20, x + int(-120...120)))
            y = max(-20, min(windowSize.height + 20, y + int(-120...120)))
            client.move(x, y)
        }
        client.button(button, down: false)
    }

    mutating func wheel() {
        count("wheel")
        let (x, y) = point()
        client.move(x, y)
        let button = UInt32([4, 5, 4, 5, 6, 7][int(0...5)])
        if chance(0.2) {
            client.key(XK_Shift_L)  // a lone Shift tap between notches, as when a user hesitates
        }
        client.click(button)
    }

    mutating func key() {
        count("key")
        let (keysym, modifiers) = Self.keys[int(0...(Self.keys.count - 1))]
        client.key(keysym, holding: modifiers)
    }

    mutating func resize() {
        count("resize")
        let size = (int(640...1280), int(480...800))
        resize(to: size)
    }

    mutating func resize(to size: (Int, Int)) {
        windowSize = size
        client.resize(width: size.0, height: size.1)
    }

    /// Ctrl+O, a photo's path, Enter.
    mutating func open() {
        count("open")
        client.key(XK_o, holding: [XK_Control_L])
        client.type(photos[int(0...(photos.count - 1))] + "\n")
    }

    /// Numbers as the numeric entry takes them (ignored when no field is open).
    mutating func typeNumbers() {
        count("numbers")
        client.key(XK_n)
        client.type("\(int(0...900))\t\(int(0...600))\t\(int(1...900))\t\(int(1...600))\n")
    }

    private mutating func count(_ kind: String) { counts[kind, default: 0] += 1 }
}
