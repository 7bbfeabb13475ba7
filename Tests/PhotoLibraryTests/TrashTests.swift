import CropperTestSupport
import Foundation
import Glibc
import PhotoIO
import XCTest
@testable import PhotoLibrary

/// The freedesktop trash: the home trash for files on its filesystem, the volume's `.Trash-$UID` for others.
final class TrashTests: XCTestCase {
    func testAFileOnTheHomeFilesystemGoesToTheHomeTrash() throws {
        let tree = try ScratchTree()
        let photo = try tree.write([1, 2, 3], to: "shots/a b%.jpg")
        let trash = Trash(environment: XDGEnvironment(home: tree.root, dataHome: tree.path("data")), now: { 0 })
        let moved = try trash.move(photo)
        XCTAssertEqual(moved.path, tree.path("data/Trash/files/a b%.jpg"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo))
        let info = try String(contentsOfFile: moved.infoPath, encoding: .utf8)
        let canonical = FileURI.canonical(photo)
        XCTAssertEqual(info, "[Trash Info]\nPath=\(canonical.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20"))\n"
            + "DeletionDate=\(Trash.deletionDate(0))\n")
        var folder = stat()
        stat(tree.path("data/Trash/files"), &folder)
        XCTAssertEqual(folder.st_mode & 0o777, 0o700)
    }

    func testNamesAreNumberedLikeAFileManagers() {
        XCTAssertEqual(Trash.candidateName("p.jpg", attempt: 1), "p.jpg")
        XCTAssertEqual(Trash.candidateName("p.jpg", attempt: 3), "p.3.jpg")
        XCTAssertEqual(Trash.candidateName(".hidden", attempt: 2), ".hidden.2")
    }

    func testAFileOnAnotherVolumeGoesToThatVolumesTrash() throws {
        let other = "/dev/shm"
        var home = stat(), shm = stat()
        guard stat(NSTemporaryDirectory(), &home) == 0, stat(other, &shm) == 0, home.st_dev != shm.st_dev,
              access(other, W_OK) == 0 else { throw XCTSkip("no second writable filesystem at \(other)") }
        let tree = try ScratchTree()
        let folder = other + "/cropper-trash-test-\(getpid())"
        mkdir(folder, 0o755)
        let volumeTrash = other + "/.Trash-\(getuid())"
        let hadTrash = FileManager.default.fileExists(atPath: volumeTrash)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            if !hadTrash { try? FileManager.default.removeItem(atPath: volumeTrash) }
        }
        _ = FileManager.default.createFile(atPath: folder + "/x.jpg", contents: Data([9]))
        let trash = Trash(environment: XDGEnvironment(home: tree.root, dataHome: tree.path("data")))
        let directory = try trash.directory(for: folder + "/x.jpg")
        XCTAssertEqual(directory, TrashDirectory(root: volumeTrash, topDirectory: other))
        let moved = try trash.keepCopy(of: folder + "/x.jpg")
        XCTAssertTrue(moved.path.hasPrefix(volumeTrash + "/files/x"))
        let info = try String(contentsOfFile: moved.infoPath, encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=cropper-trash-test-\(getpid())/x.jpg\n"), "relative to the volume's top: \(info)")
        trash.undo(moved)
        XCTAssertFalse(FileManager.default.fileExists(atPath: moved.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: moved.infoPath))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/x.jpg"))
    }
}
