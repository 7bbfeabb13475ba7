import Foundation

/// Reads a state log while the window appends to it: each read parses only the lines added since the last,
/// so polling stays cheap however long the log grows. A line still being written waits for its newline.
final class StateLogReader {
    let path: String
    private var offset: UInt64 = 0
    private var unfinished: [UInt8] = []
    private(set) var entries: [LogEntry] = []
    /// Keep only this many of the latest entries (a long soak's log outgrows memory); nil keeps them all.
    var retainedLimit: Int?

    init(path: String) {
        self.path = path
    }

    /// Every line of the log at `path`, parsed one at a time and not kept, with its 1-based line number.
    static func forEachEntry(in path: String, _ body: (Int, LogEntry) -> Void) {
        guard let file = fopen(path, "r") else { return }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        var number = 0
        while getline(&line, &capacity, file) > 0, let line {
            number += 1
            if let entry = LogEntry(line: String(cString: line)) { body(number, entry) }
        }
        free(line)
    }

    /// Every entry so far, the new ones parsed.
    func refresh() -> [LogEntry] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return entries }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return entries
        }
        offset += UInt64(data.count)
        unfinished += data
        guard let lastNewline = unfinished.lastIndex(of: 0x0A) else { return entries }
        for line in unfinished[..<lastNewline].split(separator: 0x0A) {
            if let entry = LogEntry(line: String(decoding: line, as: UTF8.self)) { entries.append(entry) }
        }
        unfinished.removeSubrange(...lastNewline)
        if let retainedLimit, entries.count > retainedLimit { entries.removeFirst(entries.count - retainedLimit) }
        return entries
    }
}
