import CropperTestSupport
import Glibc
import PhotoIO
import XCTest
@testable import PhotoLibrary

/// A file whose name is not UTF-8 is listed, shown with U+FFFD and opened by its exact bytes.
final class FolderTests: XCTestCase {
    func testANameThatIsNotUTF8IsListedShownAndOpened() throws {
        let tree = try ScratchTree()
        let folder = try tree.makeDirectory("photos")
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let bytes = Array(folder.utf8) + [UInt8(ascii: "/")] + latin1
        let fd = open(bytes.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let start: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        XCTAssertEqual(write(fd, start, 4), 4)
        close(fd)
        defer { unlink(bytes.map { CChar(bitPattern: $0) } + [0]) }
        try tree.write("x", to: "photos/plain.txt")

        let entries = try Folder.entries(in: folder).get().sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.shownName), ["caf\u{FFFD}.jpg", "plain.txt"])
        let odd = entries[0]
        XCTAssertEqual(PathNames.fileSystemBytes(odd.name), latin1)
        XCTAssertEqual(odd.byteCount, 4)
        XCTAssertFalse(odd.isFolder)

        let path = PathNames.path(odd.name, in: folder)
        XCTAssertTrue(Folder.isFile(path))
        XCTAssertEqual(PhotoFormat(contentsOf: path), .jpeg)
        XCTAssertEqual(try FileReading.readAll(path: path), [0xFF, 0xD8, 0xFF, 0xE0])
        XCTAssertEqual(PathNames.shown(PathNames.name(of: path)), "caf\u{FFFD}.jpg")
    }

    func testFoldersLinksAndFailures() throws {
        let tree = try ScratchTree()
        let folder = try tree.makeDirectory("f")
        try tree.makeDirectory("f/sub")
        try tree.write([1, 2, 3], to: "f/a.png")
        try tree.link("f/to-sub", to: tree.path("f/sub"))
        try tree.link("f/dangling", to: tree.path("f/none"))

        let entries = Dictionary(uniqueKeysWithValues: try Folder.entries(in: folder).get().map { ($0.name, $0) })
        XCTAssertEqual(Set(entries.keys), ["sub", "a.png", "to-sub", "dangling"])
        XCTAssertEqual(entries["a.png"]?.byteCount, 3)
        XCTAssertEqual(entries["sub"]?.isFolder, true)
        XCTAssertNil(entries["sub"]?.byteCount)
        XCTAssertEqual(entries["to-sub"]?.isFolder, true)
        XCTAssertEqual(entries["to-sub"]?.isSymbolicLink, true)
        XCTAssertEqual(entries["dangling"]?.isSymbolicLink, true)
        XCTAssertNil(entries["dangling"]?.byteCount)

        XCTAssertTrue(Folder.isFolder(folder))
        XCTAssertTrue(Folder.isFolder(tree.path("f/to-sub")))
        XCTAssertFalse(Folder.isFolder(tree.path("f/a.png")))
        XCTAssertTrue(Folder.isFile(tree.path("f/a.png")))
        XCTAssertFalse(Folder.isFile(folder))
        XCTAssertFalse(Folder.isFile(tree.path("f/dangling")))
        XCTAssertEqual(Folder.names(in: tree.path("none")).failure, FolderError(code: ENOENT))
        XCTAssertEqual(Folder.names(in: tree.path("f/a.png")).failure, FolderError(code: ENOTDIR))
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
