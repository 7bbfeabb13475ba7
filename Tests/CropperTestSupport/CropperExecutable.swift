import Foundation

/// The `cropper` executable every test runs, in a window or on the command line. Under `make test` that is the
/// release executable the package ships (CROPPER_RELEASE_BIN, built from the same tree while the first classes
/// run: see `ShippedBuild`); a bare `swift test` runs the debug one beside the test bundle.
public enum CropperExecutable {
    public static var path: String {
        ShippedBuild.waitUntilEnded()
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

/// Under `make test` the release executable and its package are still being built when the first classes start:
/// scripts/run-tests starts only the classes that used neither in the last run until the build has ended. A class
/// that reaches for either waits here for the build's end, a file the Makefile writes its exit status to
/// (CROPPER_SHIPPED_BUILD_STATUS), and leaves a mark (CROPPER_TEST_SHIPPED_MARK) so that run-tests holds it back
/// next time.
public enum ShippedBuild {
    private static let environment = ProcessInfo.processInfo.environment

    /// The package `make test` built (CROPPER_DEB), once the build has ended; nil outside `make test`.
    public static var package: String? {
        waitUntilEnded()
        guard let deb = environment["CROPPER_DEB"], !deb.isEmpty else { return nil }
        return deb
    }

    /// Returns at once outside `make test`, and after the first wait.
    public static func waitUntilEnded() {
        _ = ended
    }

    private static let ended: Void = {
        if let mark = environment["CROPPER_TEST_SHIPPED_MARK"], !mark.isEmpty {
            _ = FileManager.default.createFile(atPath: mark, contents: nil)
        }
        guard let status = environment["CROPPER_SHIPPED_BUILD_STATUS"], !status.isEmpty else { return }
        // The release build alone takes two to four minutes on a two-core machine.
        Poll.until(timeout: 600) { FileManager.default.fileExists(atPath: status) }
    }()
}
