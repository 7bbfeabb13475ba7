import CX11

/// Large selection data sent the ICCCM's incremental way (INCR): the requestor's property first says how many
/// bytes come, and each time the requestor deletes the property the next piece is written, then an empty one.
/// One transfer per requestor window and property; several can run at once.
struct SelectionTransfer {
    let requestor: Window
    let property: Atom
    let type: Atom
    let data: [UInt8]
    private(set) var offset = 0
    private(set) var finished = false

    init(requestor: Window, property: Atom, type: Atom, data: [UInt8]) {
        self.requestor = requestor
        self.property = property
        self.type = type
        self.data = data
    }

    /// The largest piece one property write may carry on this connection (BIG-REQUESTS when the server has it),
    /// leaving room for the request's own header; at most 256 KiB, which keeps each write quick.
    static func chunkSize(_ display: OpaquePointer) -> Int {
        let extended = Int(XExtendedMaxRequestSize(display)), plain = Int(XMaxRequestSize(display))
        let requestBytes = (extended > 0 ? extended : plain) * 4
        return max(4096, min(256 << 10, requestBytes - 1024))
    }

    /// Writes the next piece (an empty one once everything is sent, which ends the transfer).
    mutating func sendNext(on display: OpaquePointer, chunk: Int) {
        let count = min(chunk, data.count - offset)
        _ = data.withUnsafeBufferPointer { bytes in
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, bytes.baseAddress! + offset,
                            Int32(count))
        }
        offset += count
        if count == 0 { finished = true }
    }
}
