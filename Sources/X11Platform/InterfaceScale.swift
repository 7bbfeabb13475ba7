import CX11
import Foundation

/// How many device pixels one interface pixel takes (HiDPI): `CROPPER_SCALE` when set, else the X resource
/// `Xft.dpi` over 96 — the setting desktops already use to make text bigger. Rounded to quarter steps, 1…3.
public enum InterfaceScale {
    static let range = 1.0...3.0
    static let baseDPI = 96.0

    /// A scale from any positive number: quarter steps, clamped to `range`.
    public static func snapped(_ value: Double) -> Double {
        guard value.isFinite else { return 1 }
        return min(range.upperBound, max(range.lowerBound, (value * 4).rounded() / 4))
    }

    public static func fromDPI(_ dpi: Double) -> Double {
        snapped(dpi / baseDPI)
    }

    /// `CROPPER_SCALE`: a positive number ("2", "1.5"); nil for anything else.
    public static func parseOverride(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else { return nil }
        return snapped(value)
    }

    /// The scale for this display, and `CROPPER_SCALE`'s text when it could not be used.
    static func resolve(environment: [String: String], display: OpaquePointer) -> (scale: Double, unusableOverride: String?) {
        var unusable: String?
        if let text = environment["CROPPER_SCALE"], !text.isEmpty {
            if let scale = parseOverride(text) { return (scale, nil) }
            unusable = text
        }
        return (xftDPI(display: display).map(fromDPI) ?? 1, unusable)
    }

    /// `Xft.dpi` from the resource database the desktop loaded into the server (xrdb), if any.
    static func xftDPI(display: OpaquePointer) -> Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr else { return nil }
        let text = String(cString: address).trimmingCharacters(in: .whitespaces)
        guard let dpi = Double(text), dpi.isFinite, dpi > 0 else { return nil }
        return dpi
    }
}
