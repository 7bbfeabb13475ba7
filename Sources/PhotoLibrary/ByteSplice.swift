/// Replacements and insertions at byte offsets of an original buffer, applied in one pass so
/// that every byte outside the edited ranges is copied through unchanged.
struct ByteSplice {
    private struct Edit {
        let range: Range<Int>
        let text: [UInt8]
        let order: Int
    }

    let original: [UInt8]
    private var edits: [Edit] = []

    init(_ original: [UInt8]) { self.original = original }

    mutating func replace(_ range: Range<Int>, with text: String) {
        edits.append(Edit(range: range, text: Array(text.utf8), order: edits.count))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset..<offset, with: text)
    }

    /// The edited bytes; nil when two edits overlap or one lies outside the buffer.
    func result() -> [UInt8]? {
        // At one offset, insertions go before a replacement that starts there.
        func key(_ edit: Edit) -> (Int, Int, Int) { (edit.range.lowerBound, edit.range.isEmpty ? 0 : 1, edit.order) }
        let sorted = edits.sorted { key($0) < key($1) }
        var output: [UInt8] = []
        output.reserveCapacity(original.count + sorted.reduce(0) { $0 + $1.text.count })
        var copied = 0
        for edit in sorted {
            guard edit.range.lowerBound >= copied, edit.range.upperBound <= original.count else { return nil }
            output += original[copied..<edit.range.lowerBound]
            output += edit.text
            copied = edit.range.upperBound
        }
        output += original[copied...]
        return output
    }

    /// Where text for a new last child of an element goes, and how to wrap it, following
    /// GTK's layout: children on their own lines, indented two spaces per level.
    /// - An element whose end tag starts its own line: insert at the start of that line.
    /// - An element whose end tag follows other text: insert before the end tag, on new lines.
    /// - A self-closing element: turn `/>` into `>`, the new lines, and an end tag.
    mutating func appendChild(_ lines: [String], to element: XBELDocument.Element, depth: Int) {
        let indent = String(repeating: " ", count: 2 * depth)
        let closingIndent = String(repeating: " ", count: max(0, 2 * depth - 2))
        let block = lines.map { indent + $0 + "\n" }.joined()
        let tag = element.tag
        guard let endTagStart = element.endTagStart else {
            replace((tag.range.upperBound - 2)..<tag.range.upperBound,
                    with: ">\n" + block + closingIndent + "</" + tag.name + ">")
            return
        }
        var lineStart = endTagStart
        while lineStart > 0, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(original[lineStart - 1]) { lineStart -= 1 }
        if lineStart > 0, original[lineStart - 1] == UInt8(ascii: "\n") {
            insert(block, at: lineStart)
        } else {
            insert("\n" + block + closingIndent, at: endTagStart)
        }
    }

    /// Sets an attribute of a start tag: its value replaced when present, else the attribute
    /// added at the end of the tag.
    mutating func setAttribute(_ name: String, to escapedValue: String, in tag: XMLScanner.StartTag) {
        if let attribute = tag.attribute(name) {
            replace(attribute.valueRange, with: escapedValue)
        } else {
            let end = tag.range.upperBound - (tag.isSelfClosing ? 2 : 1)
            insert(" \(name)=\"\(escapedValue)\"", at: end)
        }
    }
}
