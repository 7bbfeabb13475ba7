import CX11

/// A window property as `XGetWindowProperty` returns it, copied out of Xlib's buffer: its type, its item size (8,
/// 16 or 32) and its items — bytes for format 8, atoms and other 32-bit items (which Xlib hands over as C longs)
/// through `items32`.
struct WindowProperty {
    let type: Atom
    let format: Int32
    let bytes: [UInt8]
    /// Bytes left unread past `maxBytes`.
    let remaining: Int
    private let longs: [UInt]

    var items32: [UInt] { format == 32 ? longs : [] }

    /// Reads up to `maxBytes` of `property` on `window`, deleting it when `delete` (a selection's answer); nil when
    /// the window has no such property or Xlib fails.
    static func read(_ display: OpaquePointer, window: Window, property: Atom, maxBytes: Int,
                     delete: Bool = false, type wanted: Atom = Atom(AnyPropertyType)) -> WindowProperty? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, maxBytes / 4, delete ? 1 : 0, wanted, &type,
                                        &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data else { return nil }
        let n = Int(count)
        if format == 32 {
            let longs = data.withMemoryRebound(to: UInt.self, capacity: n) { Array(UnsafeBufferPointer(start: $0, count: n)) }
            return WindowProperty(type: type, format: format, bytes: [], remaining: Int(remaining), longs: longs)
        }
        let size = format == 16 ? 2 * n : n
        return WindowProperty(type: type, format: format, bytes: Array(UnsafeBufferPointer(start: data, count: size)),
                              remaining: Int(remaining), longs: [])
    }
}
