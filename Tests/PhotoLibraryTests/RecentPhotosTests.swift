import Foundation
import PhotoIO
import XCTest
@testable import PhotoLibrary

final class RecentPhotosTests: XCTestCase {
    private let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    /// Writes a file with a given modification time; returns its path.
    @discardableResult
    private func file(_ tree: ScratchTree, _ relative: String, _ bytes: [UInt8], time: Int) throws -> String {
        let path = try tree.write(bytes, to: relative)
        try tree.setModified(path, seconds: time)
        return path
    }

    private func xbel(_ entries: [(path: String, mime: String)]) -> String {
        var text = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\" xmlns:mime=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
        for entry in entries {
            let href = entry.path.hasPrefix("/") ? FileURI.from(path: entry.path) : entry.path
            text += "  <bookmark href=\"\(href)\"><info><metadata owner=\"http://freedesktop.org\">"
                + "<mime:mime-type type=\"\(entry.mime)\"/></metadata></info></bookmark>\n"
        }
        return text + "</xbel>"
    }

    /// A Pictures tree with every kind of entry the scan must take or leave, plus a
    /// recently-used list with entries inside and outside it.
    private func makeLibrary(_ tree: ScratchTree) throws -> [String: String] {
        let pictures = "home/Pictures/"
        var paths: [String: String] = [:]
        paths["a"] = try file(tree, pictures + "a.jpg", jpeg, time: 1_000)
        paths["b"] = try file(tree, pictures + "d1/b.png", png, time: 2_000)
        paths["c"] = try file(tree, pictures + "d1/d2/d3/c.jpg", jpeg, time: 3_000)
        paths["upper"] = try file(tree, pictures + "UPPER.JPG", jpeg, time: 1_500)
        try file(tree, pictures + "d1/d2/d3/d4/too-deep.jpg", jpeg, time: 9_000)
        try file(tree, pictures + ".hidden/h.jpg", jpeg, time: 9_500)
        try file(tree, pictures + ".dot.jpg", jpeg, time: 9_600)
        try file(tree, pictures + "notes.txt", jpeg, time: 9_700)
        try file(tree, pictures + "fake.jpg", Array("just text".utf8), time: 9_800)
        try file(tree, pictures + "empty.png", [], time: 9_900)
        try tree.link(pictures + "d1/d2/loop", to: tree.home + "/Pictures")
        try tree.link(pictures + "link-to-a.jpg", to: tree.home + "/Pictures/a.jpg")
        try tree.link(pictures + "broken-link.jpg", to: tree.home + "/Pictures/nothing.jpg")

        paths["x"] = try file(tree, "elsewhere/x.jpg", jpeg, time: 2_500)
        paths["noext"] = try file(tree, "elsewhere/noext", jpeg, time: 2_600)
        try file(tree, "elsewhere/doc.pdf", jpeg, time: 9_990)
        try tree.write(xbel([
            (paths["a"]!, "image/jpeg"), (paths["x"]!, "image/jpeg"), (paths["noext"]!, "image/jpeg"),
            (tree.path("elsewhere/gone.jpg"), "image/jpeg"), (tree.path("elsewhere/doc.pdf"), "application/pdf"),
            ("http://example.com/remote.jpg", "image/jpeg"),
        ]), to: "home/.local/share/recently-used.xbel")
        return paths
    }

    func testNewestFirstFromBothSourcesWithEverythingElseLeftOut() throws {
        let tree = try ScratchTree()
        let paths = try makeLibrary(tree)
        let photos = RecentPhotos.load(environment: tree.environment)
        XCTAssertEqual(photos.map(\.path), ["c", "noext", "x", "b", "upper", "a"].map { paths[$0]! })
        XCTAssertEqual(photos.map(\.modified.seconds), [3_000, 2_600, 2_500, 2_000, 1_500, 1_000])
        XCTAssertEqual(photos.map(\.format), [.jpeg, .jpeg, .jpeg, .png, .jpeg, .jpeg])
        XCTAssertEqual(photos.map(\.origins), [.pictures, .recentlyUsed, .recentlyUsed, .pictures, .pictures,
                                               [.pictures, .recentlyUsed]])
        XCTAssertEqual(photos.first?.byteCount, jpeg.count)
    }

    func testTheCapKeepsTheNewest() throws {
        let tree = try ScratchTree()
        let paths = try makeLibrary(tree)
        let photos = RecentPhotos.load(environment: tree.environment, limit: 3)
        XCTAssertEqual(photos.map(\.path), [paths["c"]!, paths["noext"]!, paths["x"]!])
        XCTAssertEqual(RecentPhotos.limit, 200)
        XCTAssertEqual(RecentPhotos.folderDepth, 3)
    }

    func testTheDefaultCapIs200() throws {
        let tree = try ScratchTree()
        for index in 0..<205 { try file(tree, "home/Pictures/\(index).jpg", jpeg, time: 10_000 + index) }
        let photos = RecentPhotos.load(environment: tree.environment)
        XCTAssertEqual(photos.count, 200)
        XCTAssertEqual(photos.first?.path, tree.home + "/Pictures/204.jpg")
        XCTAssertEqual(photos.last?.path, tree.home + "/Pictures/5.jpg")
    }

    func testEqualTimesAreOrderedByPath() throws {
        let tree = try ScratchTree()
        for name in ["b.jpg", "a.jpg", "c.jpg"] { try file(tree, "home/Pictures/" + name, jpeg, time: 5_000) }
        XCTAssertEqual(RecentPhotos.load(environment: tree.environment).map(\.path),
                       ["a.jpg", "b.jpg", "c.jpg"].map { tree.home + "/Pictures/" + $0 })
    }

    func testDisabledPicturesFolderLeavesTheRecentList() throws {
        let tree = try ScratchTree()
        let paths = try makeLibrary(tree)
        let environment = XDGEnvironment(home: tree.home, userDirectories: ["PICTURES": tree.home])
        XCTAssertEqual(RecentPhotos.load(environment: environment).map(\.path), [paths["noext"]!, paths["x"]!, paths["a"]!])
    }

    func testPicturesFolderFromUserDirsAndNoRecentList() throws {
        let tree = try ScratchTree()
        let photo = try file(tree, "home/Bilder/p.jpg", jpeg, time: 1)
        try file(tree, "home/Pictures/not-this.jpg", jpeg, time: 2)
        let environment = XDGEnvironment(home: tree.home, userDirectories: ["PICTURES": tree.home + "/Bilder"])
        XCTAssertEqual(RecentPhotos.load(environment: environment).map(\.path), [photo])
    }

    func testScannerStopsAtItsBudgetAndSurvivesMissingFolders() throws {
        let tree = try ScratchTree()
        for index in 0..<10 { try file(tree, "pics/\(index).jpg", jpeg, time: index) }
        XCTAssertEqual(PicturesScanner(maxDepth: 3, entryBudget: 4).scan(tree.path("pics")).count, 4)
        XCTAssertEqual(PicturesScanner(maxDepth: 3, entryBudget: 100).scan(tree.path("nowhere")).count, 0)
        XCTAssertEqual(PicturesScanner(maxDepth: 3, entryBudget: 100).scan(tree.path("pics/1.jpg")).count, 0)
    }

    func testMagicBytesDecideTheFormat() {
        XCTAssertEqual(PhotoFormat(signature: jpeg), .jpeg)
        XCTAssertEqual(PhotoFormat(signature: png), .png)
        XCTAssertNil(PhotoFormat(signature: [0xFF, 0xD8]))
        XCTAssertNil(PhotoFormat(signature: Array(png.prefix(7))))
        XCTAssertEqual(PhotoFormat(signature: Array("GIF89a".utf8)), .gif)
        XCTAssertNil(PhotoFormat(signature: Array("BM6\u{0}\u{0}\u{0}".utf8)), "a BMP is not a photo Cropper reads")
    }
}
