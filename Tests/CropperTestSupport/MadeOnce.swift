import Foundation

/// Fixture photos that take an encoder seconds to make and come out the same every time (seeded noise, fixed
/// drawing): made once for every test process of this build tree, in .build/test-fixtures, under their name and
/// a hash of their recipe, so a changed recipe makes a new file. Parallel test processes may make one at the
/// same time: each writes its own file and renames it into place, so a reader never sees half a photo.
public enum MadeOnce {
    static let directory = EditorWindowHarness.packageRoot.appendingPathComponent(".build/test-fixtures").path

    /// The path of `name` made by ImageMagick's `convert ARGUMENTS OUTPUT`. Read it; copy it to change it.
    public static func convert(_ name: String, _ arguments: [String]) throws -> String {
        try file(name, recipe: ["convert"] + arguments) { output in
            let made = try Tools.run("/usr/bin/convert", arguments + [output])
            guard made.status == 0 else { throw HarnessError.toolFailed("convert \(name): \(made.stderr)") }
        }
    }

    /// The path of `name` as `make(path)` writes it, made now unless an earlier process made it already.
    public static func file(_ name: String, recipe: [String], make: (String) throws -> Void) throws -> String {
        let url = URL(fileURLWithPath: name)
        let stem = url.deletingPathExtension().lastPathComponent, suffix = url.pathExtension
        let path = "\(directory)/\(stem)-\(fingerprint(recipe)).\(suffix)"
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let partial = "\(directory)/.\(stem)-\(UUID().uuidString).\(suffix)"
        defer { unlink(partial) }
        try make(partial)
        guard rename(partial, path) == 0 else { throw HarnessError.toolFailed("cannot move \(partial) to \(path)") }
        return path
    }

    /// FNV-1a over the recipe's words: stable from run to run, unlike `Hasher`.
    static func fingerprint(_ recipe: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in recipe.joined(separator: "\u{0}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
