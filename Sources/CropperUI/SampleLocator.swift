import Foundation

/// Finds the sample photo shipped with Cropper, for `cropper` run without a file.
enum SampleLocator {
    static func samplePath() -> String? {
        candidates().first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Every `assets/sample.jpg` from the executable's folder up to the root, then `$PREFIX/share/cropper/sample.jpg`.
    static func candidates() -> [String] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first.map(SavePaths.absolute) ?? FileManager.default.currentDirectoryPath
        var paths: [String] = []
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while true {
            paths.append(directory.appendingPathComponent("assets/sample.jpg").path)
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        paths.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/cropper/sample.jpg").path)
        if let prefix = ProcessInfo.processInfo.environment["PREFIX"] {
            paths.append(prefix + "/share/cropper/sample.jpg")
        }
        return paths
    }
}
