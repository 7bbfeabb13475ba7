import XCTest
@testable import PhotoLibrary

/// GLib reads user-dirs.dirs (the file dialog's places test reads one through the real window); these are
/// Cropper's rules on top of what it read.
final class UserDirectoriesTests: XCTestCase {
    private let home = "/home/ana"

    func testPicturesFolderFromTheUserFolders() {
        let environment = XDGEnvironment(home: home, userDirectories: ["PICTURES": "/home/ana/Bilder/"])
        XCTAssertEqual(environment.picturesDirectory, "/home/ana/Bilder")
    }

    func testMissingPicturesFallsBackToPicturesInHome() {
        XCTAssertEqual(XDGEnvironment(home: home).picturesDirectory, "/home/ana/Pictures")
        XCTAssertEqual(XDGEnvironment(home: home, userDirectories: ["MUSIC": "/home/ana/Music"]).picturesDirectory,
                       "/home/ana/Pictures")
    }

    func testAFolderSetToHomeIsDisabled() {
        XCTAssertNil(XDGEnvironment(home: home, userDirectories: ["PICTURES": "/home/ana/"]).picturesDirectory)
        XCTAssertNil(UserDirectories.directory(named: "DESKTOP", fallback: "Desktop",
                                               in: XDGEnvironment(home: home, userDirectories: ["DESKTOP": home])))
    }

    func testOtherFoldersFollowTheListAndFallBack() {
        let environment = XDGEnvironment(home: home, userDirectories: ["DOWNLOAD": "/home/ana/Incoming"])
        XCTAssertEqual(UserDirectories.directory(named: "DOWNLOAD", fallback: "Downloads", in: environment), "/home/ana/Incoming")
        XCTAssertEqual(UserDirectories.directory(named: "DOCUMENTS", fallback: "Documents", in: environment), "/home/ana/Documents")
        XCTAssertNil(UserDirectories.directory(named: "TEMPLATES", fallback: nil, in: environment))
    }

    /// This process's folders come from GLib: the desktop folder always has a value (GLib's `~/Desktop` when
    /// the file names none), and every folder is absolute.
    func testThisProcessesFoldersComeFromGLib() {
        let folders = UserDirectories.ofThisProcess()
        XCTAssertNotNil(folders["DESKTOP"])
        XCTAssertTrue(folders.values.allSatisfy { $0.hasPrefix("/") }, "\(folders)")
        XCTAssertEqual(XDGEnvironment.current().userDirectories, folders)
    }
}

final class XDGEnvironmentTests: XCTestCase {
    func testDefaultsFollowHome() {
        let environment = XDGEnvironment(variables: ["HOME": "/home/ana/"])
        XCTAssertEqual(environment, XDGEnvironment(home: "/home/ana", configHome: "/home/ana/.config",
                                                   dataHome: "/home/ana/.local/share", cacheHome: "/home/ana/.cache"))
        XCTAssertEqual(environment.recentlyUsedFile, "/home/ana/.local/share/recently-used.xbel")
        XCTAssertEqual(environment.thumbnailsDirectory, "/home/ana/.cache/thumbnails")
    }

    func testVariablesOverrideAndRelativeOrEmptyOnesAreIgnored() {
        let environment = XDGEnvironment(variables: [
            "HOME": "/home/ana", "XDG_CONFIG_HOME": "relative/config", "XDG_DATA_HOME": "",
            "XDG_CACHE_HOME": "/var/cache/ana/",
        ])
        XCTAssertEqual(environment.configHome, "/home/ana/.config")
        XCTAssertEqual(environment.dataHome, "/home/ana/.local/share")
        XCTAssertEqual(environment.cacheHome, "/var/cache/ana")
    }

    func testMissingHomeUsesTheFallback() {
        XCTAssertEqual(XDGEnvironment(variables: [:], fallbackHome: "/home/pw").home, "/home/pw")
        XCTAssertEqual(XDGEnvironment(variables: ["HOME": "nothome"], fallbackHome: "/home/pw").home, "/home/pw")
        XCTAssertEqual(XDGEnvironment(variables: ["HOME": "/"]).cacheHome, "/.cache")
    }
}
