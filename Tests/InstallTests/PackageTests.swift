import CropperTestSupport
import Foundation
import XCTest

/// The .deb that `make deb` builds, as a user gets it: installed with apt-get, run with no Swift toolchain in
/// reach, opened in a window, purged without a trace. `make test` builds the package and names it in
/// CROPPER_DEB; installing needs root, which CI has.
final class PackageTests: XCTestCase {
    /// The folders a package's files and dpkg's records of them live in.
    static let watched = ["/usr/bin", "/usr/share", "/usr/lib", "/etc", "/var/lib/dpkg/info"]
    /// No Swift toolchain on PATH or in the library path.
    static let withoutToolchain = ["PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": ""]

    func testThePackageInstallsRunsWithoutTheToolchainOpensAWindowAndPurgesClean() throws {
        guard let deb = ShippedBuild.package else {
            throw XCTSkip("make test builds the package and sets CROPPER_DEB")
        }
        guard getuid() == 0 else { throw XCTSkip("installing a package needs root") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: deb), "\(deb) was built")
        guard try Tool.run("dpkg-query", ["-W", "-f=${Status}", "cropper"]).output != "install ok installed" else {
            throw XCTSkip("a cropper package is installed already; this test would remove it")
        }
        let before = try files()
        try apt(["install", "-y", "--no-install-recommends", deb])
        var purged = false
        defer { if !purged { _ = try? apt(["purge", "-y", "cropper"]) } }

        let listed = Set(try Tool.run("dpkg", ["-L", "cropper"]).output.split(separator: "\n").map(String.init))
        for file in ["/usr/bin/cropper", "/usr/share/applications/cropper.desktop", "/usr/share/man/man1/cropper.1.gz",
                     "/usr/share/metainfo/io.github.cropper.Cropper.metainfo.xml", "/usr/share/cropper/sample.jpg",
                     "/usr/share/locale/zh_CN/LC_MESSAGES/cropper.mo", "/usr/share/icons/hicolor/scalable/apps/cropper.svg",
                     "/usr/share/bash-completion/completions/cropper", "/usr/share/zsh/vendor-completions/_cropper",
                     "/usr/share/fish/vendor_completions.d/cropper.fish", "/usr/share/doc/cropper/copyright"] {
            XCTAssertTrue(listed.contains(file), "the package holds \(file)")
        }

        // Nothing from the toolchain: the Swift runtime is linked in.
        let libraries = try Tool.run("ldd", ["/usr/bin/cropper"], environment: Self.withoutToolchain).output
        XCTAssertFalse(libraries.contains("swift"), libraries)
        XCTAssertFalse(libraries.contains("not found"), libraries)
        let version = try Tool.run("/usr/bin/cropper", ["--version"], environment: Self.withoutToolchain)
        let expected = try String(contentsOf: InstallPrefix.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        XCTAssertEqual(version.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       expected.trimmingCharacters(in: .whitespacesAndNewlines))
        let manual = try Tool.run("man", ["-P", "cat", "cropper"], environment: ["MANWIDTH": "100", "LC_ALL": "C.UTF-8"])
        XCTAssertTrue(manual.output.contains("cropper crop"), "man cropper shows the command line")

        // The window, with no photo named: the installed sample, found beside the executable's prefix.
        let harness = try EditorWindowHarness(photos: [], geometry: "800x600", copyPhoto: false,
                                              environment: Self.withoutToolchain, executable: "/usr/bin/cropper")
        let opened = try harness.waitFor("the sample photo") { $0.imageSize != nil && !$0.loading }
        XCTAssertEqual(opened.title, "sample.jpg — Cropper")
        harness.process.terminate()
        harness.process.waitUntilExit()

        try apt(["purge", "-y", "cropper"])
        purged = true
        XCTAssertEqual(try files().subtracting(before).sorted(), [], "apt-get purge leaves nothing behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/usr/share/cropper"))
    }

    private func apt(_ arguments: [String]) throws {
        let result = try Tool.run("apt-get", ["-o", "DPkg::Lock::Timeout=300", "-q"] + arguments,
                                  environment: ["DEBIAN_FRONTEND": "noninteractive"])
        XCTAssertEqual(result.status, 0, "apt-get \(arguments.joined(separator: " ")): \(result.errors)")
    }

    /// Every path under the watched folders.
    private func files() throws -> Set<String> {
        let listing = try Tool.run("find", Self.watched + ["-xdev"])
        return Set(listing.output.split(separator: "\n").map(String.init))
    }
}
