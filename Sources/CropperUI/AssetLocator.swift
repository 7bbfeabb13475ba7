import Foundation

/// Finds the files shipped with Cropper (the sample photo, the window icons) in a source checkout or where
/// `make install` put them.
enum AssetLocator {
    /// The sample photo, for `cropper` run without a file.
    static func samplePath() -> String? {
        firstReadable(asset: "sample.jpg", installed: "cropper/sample.jpg")
    }

    static func firstReadable(asset: String, installed: String) -> String? {
        candidates(asset: asset, installed: installed).first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Every `assets/ASSET` from the executable's folder up to the root, then `PREFIX/share/INSTALLED`
    /// for the prefix the executable lives in and for `$PREFIX`.
    static func candidates(asset: String, installed: String) -> [String] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first.map(SavePaths.absolute) ?? FileManager.default.currentDirectoryPath
        var paths: [String] = []
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while true {
            paths.append(directory.appendingPathComponent("assets/" + asset).path)
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        paths.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/" + installed).path)
        if let prefix = ProcessInfo.processInfo.environment["PREFIX"] {
            paths.append(prefix + "/share/" + installed)
        }
        return paths
    }
}
