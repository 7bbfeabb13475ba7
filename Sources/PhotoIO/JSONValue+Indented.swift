extension JSONValue {
    /// For people to read: an object's members one a line, indented two spaces a level, `"key": value`;
    /// arrays on one line, `[a, b]`.
    public var indented: String {
        var out = ""
        writeIndented(to: &out, level: 0)
        return out
    }

    private func writeIndented(to out: inout String, level: Int) {
        switch self {
        case let .array(values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += ", " }
                value.writeIndented(to: &out, level: level)
            }
            out += "]"
        case let .object(members) where !members.isEmpty:
            let pad = String(repeating: "  ", count: level + 1)
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += ",\n" }
                out += pad
                JSONValue.writeString(key, to: &out)
                out += ": "
                value.writeIndented(to: &out, level: level + 1)
            }
            out += "\n" + String(repeating: "  ", count: level) + "}"
        default:
            write(to: &out)
        }
    }
}
