import PhotoIO
import X11Platform

/// The application icon as the window's `_NET_WM_ICON`, so task bars and window switchers show it even
/// when they do not match the window to its desktop entry.
enum WindowIcon {
    /// The sizes put in the property; larger ones are left to the desktop entry's themed icon.
    static let sizes = [16, 24, 32, 48, 64, 128]

    static func set(on window: X11Window) {
        window.setIcon(propertyValue())
    }

    /// For each icon found: width, height, then width × height pixels as 0xAARRGGBB (straight alpha),
    /// row by row, one CARDINAL each. Empty when no icon file is found or none decodes.
    static func propertyValue() -> [UInt] {
        var cardinals: [UInt] = []
        for size in sizes {
            guard let path = AssetLocator.firstReadable(asset: "icons/cropper-\(size).png",
                                                        installed: "icons/hicolor/\(size)x\(size)/apps/cropper.png"),
                  let bitmap = try? PhotoSource.open(path: path).decodeFull()
            else { continue }
            cardinals.reserveCapacity(cardinals.count + 2 + bitmap.width * bitmap.height)
            cardinals.append(UInt(bitmap.width))
            cardinals.append(UInt(bitmap.height))
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    cardinals.append(UInt(bitmap.pixel(x: x, y: y)))
                }
            }
        }
        return cardinals
    }
}
