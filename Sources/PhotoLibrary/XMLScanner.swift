/// A small XML tokenizer over raw bytes, enough for bookmark files: it yields start and end
/// tags with their attributes and the byte range of everything, and skips text, comments,
/// processing instructions, CDATA and DOCTYPE. Every index is bounds-checked; on the first
/// malformed construct it stops, sets `isMalformed`, and returns nil from then on.
struct XMLScanner {
    struct Attribute {
        let name: String
        /// The value with entity and character references resolved.
        let value: String
        /// The raw bytes between the quotes.
        let valueRange: Range<Int>
    }

    struct StartTag {
        let name: String
        let attributes: [Attribute]
        let isSelfClosing: Bool
        /// From `<` to `>` inclusive.
        let range: Range<Int>

        var localName: Substring { name.split(separator: ":").last ?? Substring(name) }

        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
        func value(_ name: String) -> String? { attribute(name)?.value }
    }

    enum Token {
        case start(StartTag)
        case end(name: String, range: Range<Int>)
    }

    let bytes: [UInt8]
    private(set) var position = 0
    private(set) var isMalformed = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        while !isMalformed {
            guard let open = firstIndex(of: UInt8(ascii: "<"), from: position) else {
                position = bytes.count
                return nil
            }
            position = open
            if hasPrefix("<!--", at: open) {
                guard skip(past: "-->", from: open + 4) else { return fail() }
            } else if hasPrefix("<![CDATA[", at: open) {
                guard skip(past: "]]>", from: open + 9) else { return fail() }
            } else if hasPrefix("<!", at: open) {
                guard skipDeclaration(from: open + 2) else { return fail() }
            } else if hasPrefix("<?", at: open) {
                guard skip(past: "?>", from: open + 2) else { return fail() }
            } else if hasPrefix("</", at: open) {
                return endTag(from: open)
            } else {
                return startTag(from: open)
            }
        }
        return nil
    }

    private mutating func fail() -> Token? {
        isMalformed = true
        return nil
    }

    private mutating func endTag(from open: Int) -> Token? {
        var index = open + 2
        let name = readName(&index)
        skipSpace(&index)
        guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return fail() }
        position = index + 1
        return .end(name: name, range: open..<position)
    }

    private mutating func startTag(from open: Int) -> Token? {
        var index = open + 1
        let name = readName(&index)
        guard !name.isEmpty else { return fail() }
        var attributes: [Attribute] = []
        while true {
            skipSpace(&index)
            guard index < bytes.count else { return fail() }
            if bytes[index] == UInt8(ascii: ">") {
                position = index + 1
                return .start(StartTag(name: name, attributes: attributes, isSelfClosing: false, range: open..<position))
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return fail() }
                position = index + 2
                return .start(StartTag(name: name, attributes: attributes, isSelfClosing: true, range: open..<position))
            }
            guard let attribute = readAttribute(&index) else { return fail() }
            attributes.append(attribute)
        }
    }

    private func readAttribute(_ index: inout Int) -> Attribute? {
        let name = readName(&index)
        guard !name.isEmpty else { return nil }
        skipSpace(&index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace(&index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = bytes[index]
        let start = index + 1
        guard let close = firstIndex(of: quote, from: start) else { return nil }
        let raw = bytes[start..<close]
        if raw.contains(UInt8(ascii: "<")) { return nil }
        index = close + 1
        return Attribute(name: name, value: XMLText.unescaped(raw), valueRange: start..<close)
    }

    private func readName(_ index: inout Int) -> String {
        let start = index
        while index < bytes.count, !XMLScanner.endsName(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count, XMLText.isSpace(bytes[index]) { index += 1 }
    }

    private mutating func skip(past terminator: String, from start: Int) -> Bool {
        let pattern = Array(terminator.utf8)
        var index = start
        while let candidate = firstIndex(of: pattern[0], from: index) {
            if hasPrefix(pattern, at: candidate) {
                position = candidate + pattern.count
                return true
            }
            index = candidate + 1
        }
        return false
    }

    /// `<!DOCTYPE ...>` and other declarations: up to the `>` outside quotes and brackets.
    private mutating func skipDeclaration(from start: Int) -> Bool {
        var depth = 0
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">") && depth == 0 {
                position = index + 1
                return true
            }
            index += 1
        }
        return false
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var index = max(0, start)
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func hasPrefix(_ text: String, at index: Int) -> Bool { hasPrefix(Array(text.utf8), at: index) }

    private func hasPrefix(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }
}
