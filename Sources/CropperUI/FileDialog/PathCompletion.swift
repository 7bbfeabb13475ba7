import Foundation
import PhotoLibrary

/// Tab completion for a typed file path: extends the text to the longest prefix shared by the
/// matching entries of its directory, and lists them when there is more than one.
enum PathCompletion {
    struct Result: Equatable {
        let text: String
        let candidates: [String]
    }

    static func complete(_ typed: String) -> Result {
        let expanded = expandTilde(typed)
        // What stays as typed (up to the last slash) and the partial name after it.
        let base = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
        let expandedSlash = expanded.lastIndex(of: "/")
        let directory = expandedSlash.map { String(expanded[...$0]) } ?? "./"
        let partial = expandedSlash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded

        let entries = ((try? Folder.names(in: directory).get()) ?? [])
            .filter { $0.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
        guard let first = entries.first else { return Result(text: typed, candidates: []) }
        let shared = entries.dropFirst().reduce(first) { String($0.commonPrefix(with: $1)) }
        var completed = base + shared
        if entries.count == 1 {
            if Folder.isFolder(directory + shared) { completed += "/" }
        }
        return Result(text: completed, candidates: entries.count > 1 ? entries : [])
    }

    static func expandTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
