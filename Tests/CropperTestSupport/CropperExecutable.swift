import Foundation

/// The `cropper` executable every test runs, in a window or on the command line. Under `make test` that is the
/// release executable the package ships (CROPPER_RELEASE_BIN, built from the same tree just before the tests);
/// a bare `swift test` runs the debug one beside the test bundle.
public enum CropperExecutable {
    public static var path: String {
        if let release = ProcessInfo.processInfo.environment["CROPPER_RELEASE_BIN"], !release.isEmpty,
           FileManager.default.isExecutableFile(atPath: release) { return release }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("cropper").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return EditorWindowHarness.packageRoot.appendingPathComponent(".build/debug/cropper").path
    }
}

/// `CropperExecutable.path`, or an error that says to build it.
public func cropperBinary() throws -> String {
    let path = CropperExecutable.path
    guard FileManager.default.isExecutableFile(atPath: path) else { throw HarnessError.noExecutable(path) }
    return path
}
