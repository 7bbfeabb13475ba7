import Foundation
import XCTest

/// `make uninstall` removes exactly what `make install` put there and nothing the user had.
final class UninstallTests: XCTestCase {
    func testUninstallLeavesAFreshPrefixAsIfNothingHadBeenInstalled() throws {
        let installation = try InstallPrefix()
        try installation.install()
        XCTAssertFalse(installation.tree().isEmpty)
        let result = try installation.uninstall()
        XCTAssertTrue(result.output.contains("Removed Cropper"), result.output)
        XCTAssertEqual(installation.tree(), [:], "every file and every directory install created is gone")

        let again = try installation.uninstall()
        XCTAssertTrue(again.output.contains("not installed"), again.output)
    }

    func testUninstallKeepsWhatWasThereBefore() throws {
        let installation = try InstallPrefix()
        let manager = FileManager.default
        try manager.createDirectory(atPath: installation.path("share/applications"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: installation.path("share/icons/hicolor/48x48/apps"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: installation.path("bin"), withIntermediateDirectories: true)
        XCTAssertTrue(manager.createFile(atPath: installation.path("bin/other-tool"), contents: Data("#!/bin/sh\n".utf8),
                                         attributes: [.posixPermissions: 0o755]))
        XCTAssertTrue(manager.createFile(atPath: installation.path("share/icons/hicolor/48x48/apps/other.png"),
                                         contents: Data([0x89, 0x50])))
        let before = installation.tree()

        try installation.install()
        XCTAssertFalse(try installation.manifest("dir").contains("share/applications"), "it existed, so it is not install's")
        try installation.uninstall()
        XCTAssertEqual(installation.tree(), before, "only the user's files and the directories that existed before remain")
    }

    func testReinstallOverAnInstallStillUninstallsCompletely() throws {
        let installation = try InstallPrefix()
        try installation.install()
        let first = Set(try installation.manifest("dir"))
        try installation.install()
        XCTAssertEqual(Set(try installation.manifest("dir")), first, "the second install keeps the first one's directories")
        try installation.uninstall()
        XCTAssertEqual(installation.tree(), [:])
    }

    func testDestdirStagesTheInstallWithoutRefreshingCaches() throws {
        let installation = try InstallPrefix(stagedAs: "/usr")
        try installation.install()
        XCTAssertEqual(installation.root, installation.sandbox + "/stage/usr")
        for file in InstallTests.expectedFiles.keys {
            XCTAssertTrue(FileManager.default.fileExists(atPath: installation.path(file)), "\(file) is staged")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: installation.path("share/applications/mimeinfo.cache")),
                       "caches belong to the system the package lands on")
        XCTAssertFalse(FileManager.default.fileExists(atPath: installation.path("share/icons/hicolor/icon-theme.cache")))
        XCTAssertFalse(try installation.manifest("file").contains { $0.hasPrefix("/") || $0.contains("stage") },
                       "the manifest is relative to PREFIX")
        try installation.uninstall()
        XCTAssertEqual(Set(installation.tree().keys), ["stage"], "only DESTDIR's parents of PREFIX, which install did not record, stay")
    }
}
