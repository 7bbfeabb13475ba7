import Glibc
import Localization

/// Where the crops of many photos go: beside each photo as `NAME-cropped.EXT` (the one rule above), or into
/// `directory`, or under a name made from `pattern`, whose `{stem}` is the photo's name less its extension,
/// `{ext}` the extension the crop gets (the photo's own, or its format's) and `{n}` the photo's place in the list,
/// from 1. A name without an extension gets `{ext}`.
public struct OutputNaming: Sendable, Equatable {
    public var directory: String?
    public var pattern: String?

    public init(directory: String? = nil, pattern: String? = nil) {
        self.directory = directory
        self.pattern = pattern
    }

    /// Why `pattern` cannot name files, or nil: an unknown or unclosed `{…}`, or nothing left to name.
    public static func problem(with pattern: String) -> String? {
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                return tr("--name: a { without its }")
            }
            let word = rest[rest.index(after: open)..<close]
            guard ["stem", "ext", "n"].contains(word) else {
                return tr("--name: unknown placeholder {%s}; use {stem}, {ext} or {n}", String(word))
            }
            rest = rest[rest.index(after: close)...]
        }
        if pattern.hasSuffix("/") || PathNames.name(of: pattern).isEmpty { return tr("--name must end in a file name") }
        return nil
    }

    /// The output path of the `number`th photo, `source`, whose content is `format`.
    public func path(for source: String, format: PhotoFormat?, number: Int) -> String {
        let folder = directory ?? (source.contains("/") ? PathNames.folder(of: source) : nil)
        let name: String
        if let pattern {
            let (stem, ext) = OutputName.stemAndExtension(of: PathNames.name(of: source), format: format)
            let named = pattern.replacingPlaceholders(["stem": stem, "ext": ext, "n": String(number)])
            name = OutputName.withDefaultExtension(named, source: source, format: format)
        } else {
            name = PathNames.name(of: OutputName.cropped(source, format: format))
        }
        guard let folder, !name.hasPrefix("/") else { return name }
        return PathNames.path(name, in: folder)
    }

    /// The first two photos (their places in `outputs`) that would be written to the same file, or whose output
    /// is one of the photos; nil when every output is its own. Paths are compared with their folders resolved,
    /// so `a/../b/x.jpg` and `b/x.jpg` are one file.
    public static func firstClash(outputs: [String], inputs: [String]) -> (first: Int, second: Int, isInput: Bool)? {
        var seen: [String: Int] = [:]
        let inputKeys = Dictionary(inputs.enumerated().map { (identity($0.element), $0.offset) },
                                   uniquingKeysWith: { first, _ in first })
        for (index, output) in outputs.enumerated() {
            let key = identity(output)
            if let earlier = seen[key] { return (earlier, index, false) }
            if let input = inputKeys[key] { return (input, index, true) }
            seen[key] = index
        }
        return nil
    }

    /// The path with its folder resolved through links and `..`; as given when the folder does not exist.
    static func identity(_ path: String) -> String {
        let folder = PathNames.folder(of: path)
        guard let resolved = realpath(PathNames.cString(folder), nil) else { return path }
        defer { free(resolved) }
        let name = PathNames.name(of: path)
        return PathNames.path(name, in: PathNames.string(fromFileSystem: UnsafeBufferPointer(
            start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved))))
    }
}

private extension String {
    func replacingPlaceholders(_ values: [String: String]) -> String {
        var out = "", rest = Substring(self)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
              let value = values[String(rest[rest.index(after: open)..<close])] {
            out += rest[..<open] + value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
