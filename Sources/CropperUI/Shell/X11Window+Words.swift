import Localization
import X11Platform

extension X11Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name): return tr("cannot open X display \"%s\" (is DISPLAY set?)", name)
        case .unsupportedVisual(let depth): return tr("the X screen has depth %d; Cropper needs a 24- or 32-bit TrueColor visual", depth)
        }
    }
}

extension X11Window {
    /// The window at Cropper's sizes, its words in the user's language.
    static func opened(width: Int?, height: Int?, remembered: (width: Int, height: Int)?) throws -> X11Window {
        X11Window.connectionLostMessage = tr("lost the connection to the X display \"%s\"; closing the window", "%s")
        let window = try X11Window(width: width, height: height, remembered: remembered, sizing: WindowSizing(
            minimum: (Theme.minimumWindowWidth, Theme.minimumWindowHeight),
            largestDefault: (Theme.maximumDefaultWidth, Theme.maximumDefaultHeight)))
        if let text = window.unusableScaleOverride {
            Warnings.print(tr("CROPPER_SCALE=%s is not a positive number; using the display's Xft.dpi", text))
        }
        return window
    }
}
