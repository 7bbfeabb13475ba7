import XCTest
@testable import PhotoLibrary

final class GTKBookmarksTests: XCTestCase {
    func testLinesWithAndWithoutLabelsAreDecoded() {
        let text = """
            file:///home/ana/Pictures/Holidays%202024 Holidays
            file:///home/ana/Projects
            file:///srv/photos/Caf%C3%A9 Café  archive\r
            sftp://server/home/ana Server
            not a uri
            file://otherhost/share Remote

            """
        XCTAssertEqual(GTKBookmarks.parse(text), [
            GTKBookmark(path: "/home/ana/Pictures/Holidays 2024", label: "Holidays"),
            GTKBookmark(path: "/home/ana/Projects", label: nil),
            GTKBookmark(path: "/srv/photos/Café", label: "Café  archive"),
        ])
    }

    func testTitleFallsBackToTheFolderName() {
        XCTAssertEqual(GTKBookmark(path: "/home/ana/Projects", label: nil).title, "Projects")
        XCTAssertEqual(GTKBookmark(path: "/", label: nil).title, "/")
        XCTAssertEqual(GTKBookmark(path: "/data", label: "Data disk").title, "Data disk")
    }

    func testDamagedEscapesAreSkippedNotTrapped() {
        XCTAssertEqual(GTKBookmarks.parse("file:///a%2 A\nfile:///b%00c B\nfile:///ok%20dir\n"),
                       [GTKBookmark(path: "/ok dir", label: nil)])
    }

    func testTheFileIsReadFromTheConfigFolder() throws {
        let tree = try ScratchTree()
        try tree.write(Array("file://\(tree.home)/Photos Photos\n".utf8), to: "home/.config/gtk-3.0/bookmarks")
        XCTAssertEqual(GTKBookmarks.load(environment: tree.environment), [GTKBookmark(path: tree.home + "/Photos", label: "Photos")])
        XCTAssertEqual(GTKBookmarks.load(environment: XDGEnvironment(home: tree.path("nowhere"))), [])
    }
}
