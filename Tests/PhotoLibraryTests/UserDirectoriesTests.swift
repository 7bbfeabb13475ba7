import XCTest
@testable import PhotoLibrary

final class UserDirectoriesTests: XCTestCase {
    func testHomeRelativeQuotedPathIsExpanded() {
        let parsed = UserDirectories.parse("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n", home: "/home/ana")
        XCTAssertEqual(parsed, ["PICTURES": "/home/ana/Bilder"])
    }

    func testTheFileXdgUserDirsWritesIsReadWhole() {
        let text = """
            # This file is written by xdg-user-dirs-update
            # If you want to change or add directories, just edit the line you're
            # interested in. All local changes will be retained on the next run.
            # Format is XDG_xxx_DIR="$HOME/yyy", where yyy is a shell-escaped
            # homedir-relative path, or XDG_xxx_DIR="/yyy", where /yyy is an
            # absolute path. No other format is supported.
            #
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_DOWNLOAD_DIR="$HOME/Downloads"
            XDG_PUBLICSHARE_DIR="$HOME/Public"
            XDG_PICTURES_DIR="$HOME/Pictures"
            XDG_VIDEOS_DIR="$HOME/Videos"

            """
        XCTAssertEqual(UserDirectories.parse(text, home: "/home/ana"), [
            "DESKTOP": "/home/ana/Desktop", "DOWNLOAD": "/home/ana/Downloads", "PUBLICSHARE": "/home/ana/Public",
            "PICTURES": "/home/ana/Pictures", "VIDEOS": "/home/ana/Videos",
        ])
    }

    func testAbsolutePathWithShellEscapesAndSpaces() {
        let parsed = UserDirectories.parse(#"XDG_PICTURES_DIR="/data/My \"Best\" \$Photos\\2024""#, home: "/home/ana")
        XCTAssertEqual(parsed["PICTURES"], #"/data/My "Best" $Photos\2024"#)
    }

    func testBracedHomeTrailingSlashesBlanksAndLastAssignmentWins() {
        let text = """
              XDG_PICTURES_DIR="/first"
            XDG_PICTURES_DIR = "${HOME}/Fotos///"\r
            XDG_MUSIC_DIR=$HOME/Music
            """
        let parsed = UserDirectories.parse(text, home: "/home/ana")
        XCTAssertEqual(parsed["PICTURES"], "/home/ana/Fotos")
        XCTAssertEqual(parsed["MUSIC"], "/home/ana/Music")
    }

    func testMalformedLinesAreSkipped() {
        let text = """
            XDG_PICTURES_DIR="Pictures"
            XDG_VIDEOS_DIR="$HOME/Videos
            XDG_MUSIC_DIR="$HOMEMusic"
            XDG_lower_DIR="/x"
            XDG_DIR="/y"
            PICTURES_DIR="/z"
            XDG_DOCUMENTS_DIR
            XDG_TEMPLATES_DIR=""
            """
        XCTAssertEqual(UserDirectories.parse(text, home: "/home/ana"), [:])
    }

    func testPicturesDirectoryFromTheConfigFile() throws {
        let tree = try ScratchTree()
        try tree.write("XDG_PICTURES_DIR=\"$HOME/Photos\"\n", to: "home/.config/user-dirs.dirs")
        XCTAssertEqual(tree.environment.picturesDirectory, tree.home + "/Photos")
    }

    func testMissingFileFallsBackToPicturesInHome() throws {
        let tree = try ScratchTree()
        XCTAssertEqual(tree.environment.picturesDirectory, tree.home + "/Pictures")
    }

    func testFileWithoutAPicturesLineFallsBackToPicturesInHome() throws {
        let tree = try ScratchTree()
        try tree.write("XDG_MUSIC_DIR=\"$HOME/Music\"\n", to: "home/.config/user-dirs.dirs")
        XCTAssertEqual(tree.environment.picturesDirectory, tree.home + "/Pictures")
    }

    func testPicturesPointingAtHomeMeansDisabled() throws {
        let tree = try ScratchTree()
        try tree.write("XDG_PICTURES_DIR=\"$HOME/\"\n", to: "home/.config/user-dirs.dirs")
        XCTAssertNil(tree.environment.picturesDirectory)
    }

    func testConfigFileIsFoundUnderXdgConfigHome() throws {
        let tree = try ScratchTree()
        try tree.write("XDG_PICTURES_DIR=\"/elsewhere/pics\"\n", to: "config/user-dirs.dirs")
        let environment = XDGEnvironment(home: tree.home, configHome: tree.path("config"))
        XCTAssertEqual(environment.picturesDirectory, "/elsewhere/pics")
    }
}

final class XDGEnvironmentTests: XCTestCase {
    func testDefaultsFollowHome() {
        let environment = XDGEnvironment(variables: ["HOME": "/home/ana/"])
        XCTAssertEqual(environment, XDGEnvironment(home: "/home/ana", configHome: "/home/ana/.config",
                                                   dataHome: "/home/ana/.local/share", cacheHome: "/home/ana/.cache"))
        XCTAssertEqual(environment.recentlyUsedFile, "/home/ana/.local/share/recently-used.xbel")
        XCTAssertEqual(environment.thumbnailsDirectory, "/home/ana/.cache/thumbnails")
        XCTAssertEqual(environment.userDirsFile, "/home/ana/.config/user-dirs.dirs")
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
