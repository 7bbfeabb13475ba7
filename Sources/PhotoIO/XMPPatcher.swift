import EditorState

/// Keeps an XMP packet consistent with the cropped picture: tiff:Orientation
/// becomes 1, the pixel dimensions become the output size, and with `stripGPS`
/// every exif:GPS… property goes. Edits are textual and touch nothing else.
enum XMPPatcher {
    static let tiffNamespace = "http://ns.adobe.com/tiff/1.0/"
    static let exifNamespace = "http://ns.adobe.com/exif/1.0/"

    static func patch(_ segment: JPEGSegment, outputSize: PixelSize, stripGPS: Bool) -> (JPEGSegment, [String]) {
        let signature = SegmentSignature.xmp
        var text = Array(segment.payload.dropFirst(signature.count))
        let tiff = prefix(for: tiffNamespace, in: text) ?? "tiff"
        let exif = prefix(for: exifNamespace, in: text) ?? "exif"

        setProperty("\(tiff):Orientation", to: "1", in: &text)
        setProperty("\(tiff):ImageWidth", to: String(outputSize.width), in: &text)
        setProperty("\(tiff):ImageLength", to: String(outputSize.height), in: &text)
        setProperty("\(exif):PixelXDimension", to: String(outputSize.width), in: &text)
        setProperty("\(exif):PixelYDimension", to: String(outputSize.height), in: &text)
        if stripGPS { removeProperties(startingWith: "\(exif):GPS", in: &text) }

        guard let rebuilt = JPEGSegment(marker: segment.marker, payload: signature + text) else {
            return (segment, ["XMP could not be updated (it would exceed a segment); kept unchanged"])
        }
        return (rebuilt, [])
    }

    /// The prefix the packet binds to `namespace` (`xmlns:PREFIX="namespace"`).
    static func prefix(for namespace: String, in text: [UInt8]) -> String? {
        for quote in ["\"", "'"] {
            let needle = Array("=\(quote)\(namespace)\(quote)".utf8)
            guard let at = text.firstIndex(of: needle) else { continue }
            var start = at
            while start > 0, isNameByte(text[start - 1]) { start -= 1 }
            let name = String(decoding: text[start..<at], as: UTF8.self)
            if name.hasPrefix("xmlns:") { return String(name.dropFirst(6)) }
        }
        return nil
    }

    /// Replaces the value of every `name="…"` attribute and `<name>…</name>` element.
    static func setProperty(_ name: String, to value: String, in text: inout [UInt8]) {
        let valueBytes = Array(value.utf8)
        var from = 0
        while let range = attributeValue(name, in: text, from: from) {
            text.replaceSubrange(range, with: valueBytes)
            from = range.lowerBound + valueBytes.count
        }
        from = 0
        while let range = elementValue(name, in: text, from: from) {
            text.replaceSubrange(range, with: valueBytes)
            from = range.lowerBound + valueBytes.count
        }
    }

    /// Removes every attribute and element whose qualified name starts with `namePrefix`.
    static func removeProperties(startingWith namePrefix: String, in text: inout [UInt8]) {
        let needle = Array(namePrefix.utf8)
        var from = 0
        while let at = text.firstIndex(of: needle, from: from) {
            from = at + 1
            guard at > 0 else { continue }
            var nameEnd = at + needle.count
            while nameEnd < text.count, isNameByte(text[nameEnd]) { nameEnd += 1 }
            let before = text[at - 1]
            if before == UInt8(ascii: "<") {
                let name = Array(text[at..<nameEnd])
                guard let end = elementEnd(name, in: text, openedAt: at - 1) else { continue }
                text.removeSubrange(at - 1..<end)
                from = at - 1
            } else if isSpace(before), nameEnd < text.count, text[nameEnd] == UInt8(ascii: "="),
                      let valueEnd = quotedValueEnd(in: text, at: nameEnd + 1) {
                text.removeSubrange(at - 1..<valueEnd + 1)
                from = at - 1
            }
        }
    }

    private static func attributeValue(_ name: String, in text: [UInt8], from: Int) -> Range<Int>? {
        let needle = Array("\(name)=".utf8)
        var search = from
        while let at = text.firstIndex(of: needle, from: search) {
            search = at + 1
            guard at > 0, isSpace(text[at - 1]) else { continue }
            let quoteAt = at + needle.count
            guard let end = quotedValueEnd(in: text, at: quoteAt) else { continue }
            return quoteAt + 1..<end
        }
        return nil
    }

    private static func elementValue(_ name: String, in text: [UInt8], from: Int) -> Range<Int>? {
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        guard let at = text.firstIndex(of: open, from: from),
              let end = text.firstIndex(of: close, from: at + open.count) else { return nil }
        let content = text[at + open.count..<end]
        guard !content.contains(UInt8(ascii: "<")) else { return nil }
        return at + open.count..<end
    }

    /// Index of the closing quote of a value whose opening quote is at `index`.
    private static func quotedValueEnd(in text: [UInt8], at index: Int) -> Int? {
        guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
            return nil
        }
        return text.firstIndex(of: [text[index]], from: index + 1)
    }

    /// End (exclusive) of the element named `name` that opens at `start` ('<').
    private static func elementEnd(_ name: [UInt8], in text: [UInt8], openedAt start: Int) -> Int? {
        guard let tagClose = text.firstIndex(of: [UInt8(ascii: ">")], from: start) else { return nil }
        if tagClose > 0, text[tagClose - 1] == UInt8(ascii: "/") { return tagClose + 1 }
        let close = Array("</".utf8) + name + [UInt8(ascii: ">")]
        guard let end = text.firstIndex(of: close, from: tagClose) else { return nil }
        return end + close.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}

extension Array where Element == UInt8 {
    /// First index of `needle` at or after `from`.
    func firstIndex(of needle: [UInt8], from: Int = 0) -> Int? {
        guard !needle.isEmpty, count >= needle.count, from >= 0 else { return nil }
        let first = needle[0]
        var i = from
        let last = count - needle.count
        while i <= last {
            if self[i] == first {
                var match = true
                for j in 1..<needle.count where self[i + j] != needle[j] {
                    match = false
                    break
                }
                if match { return i }
            }
            i += 1
        }
        return nil
    }
}
