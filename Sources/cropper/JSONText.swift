import CropperUI

/// A small JSON writer for `cropper info --json`: ordered keys, strings escaped.
struct JSONObject {
    private var members: [String] = []

    mutating func add(_ key: String, _ value: String?) {
        members.append("\(quote(key)): \(value.map(quote) ?? "null")")
    }

    mutating func add(_ key: String, _ value: Int?) {
        members.append("\(quote(key)): \(value.map(String.init) ?? "null")")
    }

    mutating func add(_ key: String, _ value: Bool) {
        members.append("\(quote(key)): \(value)")
    }

    mutating func add(_ key: String, _ value: JSONObject) {
        members.append("\(quote(key)): \(value.text(indent: 1))")
    }

    mutating func add(_ key: String, _ values: [String]) {
        members.append("\(quote(key)): [\(values.map(quote).joined(separator: ", "))]")
    }

    func text(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        guard !members.isEmpty else { return "{}" }
        return "{\n" + members.map { pad + $0 }.joined(separator: ",\n") + "\n\(close)}"
    }
}

func quote(_ text: String) -> String {
    JSONValue.string(text).serialized
}
