/// Escaping and unescaping of XML attribute text.
enum XMLText {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Resolves the five predefined entities and `&#N;` / `&#xN;` references; an `&` that
    /// starts no valid reference is kept as it is. Invalid UTF-8 becomes U+FFFD.
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "&"),
               let semicolon = raw[index..<min(raw.endIndex, index + 12)].firstIndex(of: UInt8(ascii: ";")),
               let replacement = reference(raw[(index + 1)..<semicolon]) {
                output += replacement
                index = semicolon + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func reference(_ name: ArraySlice<UInt8>) -> [UInt8]? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let text where text.hasPrefix("#x") || text.hasPrefix("#X"):
            return scalarBytes(UInt32(text.dropFirst(2), radix: 16))
        case let text where text.hasPrefix("#"):
            return scalarBytes(UInt32(text.dropFirst(), radix: 10))
        default:
            return nil
        }
    }

    private static func scalarBytes(_ value: UInt32?) -> [UInt8]? {
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }

    /// Text made safe inside a double- or single-quoted attribute, as GLib's
    /// `g_markup_escape_text` writes it (so the bytes we add look like GTK's).
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "'": output += "&apos;"
            case "\"": output += "&quot;"
            case "\u{1}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}"..."\u{84}", "\u{86}"..."\u{9F}":
                output += "&#x" + String(scalar.value, radix: 16) + ";"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
