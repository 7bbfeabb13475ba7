import CropperTestSupport
import Foundation
import Glibc
import PhotoIO
import Synchronization
import XCTest
@testable import PhotoLibrary

/// A folder's photos as the window steps through them: natural order, what is left out, and watching for changes.
final class FolderPhotosTests: XCTestCase {
    func testNaturalOrderIsAFileManagersOrder() {
        XCTAssertEqual(NaturalOrder.sorted(["p10.jpg", "P3.jpg", "p2.jpg", "p20.jpg", "p1.jpg"]),
                       ["p1.jpg", "p2.jpg", "P3.jpg", "p10.jpg", "p20.jpg"])
        XCTAssertEqual(NaturalOrder.sorted(["IMG_10.JPG", "IMG_2.jpg", "img_1.jpg", "IMG_0002.jpg"]),
                       ["img_1.jpg", "IMG_2.jpg", "IMG_0002.jpg", "IMG_10.JPG"], "leading zeros: equal numbers, GLib puts them after")
        XCTAssertEqual(NaturalOrder.sorted(["b.jpg", "A.jpg", "a.jpg", "a1.jpg", "a 2.jpg"]),
                       ["A.jpg", "a.jpg", "a1.jpg", "a 2.jpg", "b.jpg"], "GLib: a number before a space")
        let huge = "x" + String(repeating: "9", count: 40) + ".jpg"
        XCTAssertEqual(NaturalOrder.sorted([huge, "x10.jpg"]), ["x10.jpg", huge], "long digit runs do not overflow")
        XCTAssertTrue(NaturalOrder.areInIncreasingOrder("2020-01-02 9.jpg", "2020-01-02 10.jpg"))
        XCTAssertEqual(NaturalOrder.sorted(["p2-cropped.jpg", "p2.jpg", "p2 b.jpg"]), ["p2.jpg", "p2 b.jpg", "p2-cropped.jpg"],
                       "a name's end (its dot) comes before anything longer, as in a file manager")
    }

    func testTheListHoldsVisiblePhotoFilesOnly() throws {
        let tree = try ScratchTree()
        let folder = try tree.makeDirectory("shoot")
        for name in ["p10.jpg", "P3.JPG", "p2.png", "notes.txt", ".hidden.jpg", ".p1.jpg.Ab12Cd.tmp"] {
            _ = try tree.write([0xFF, 0xD8, 0xFF], to: "shoot/" + name)
        }
        try tree.makeDirectory("shoot/folder.jpg")
        symlink(folder + "/p10.jpg", folder + "/link.jpg")
        symlink(folder + "/missing.jpg", folder + "/dangling.jpg")
        XCTAssertEqual(try FolderPhotos.list(folder).get().map { PathNames.name(of: $0) },
                       ["link.jpg", "p2.png", "P3.JPG", "p10.jpg"])
        XCTAssertEqual(FolderPhotos.list(folder + "/nothing"), .failure(FolderError(code: ENOENT)))
    }

    func testTheWatcherReportsPhotosComingAndGoingButNotTemporaries() throws {
        let tree = try ScratchTree()
        let folder = try tree.makeDirectory("watched")
        let calls = Atomic<Int>(0)
        let watcher = try XCTUnwrap(FolderWatcher(folder: folder) { calls.add(1, ordering: .sequentiallyConsistent) })
        defer { watcher.stop() }

        _ = try tree.write([1], to: "watched/.p1.jpg.XYZ.tmp")
        _ = try tree.write([1], to: "watched/notes.txt")
        _ = try tree.write([0xFF, 0xD8], to: "watched/new.jpg")
        XCTAssertTrue(Poll.until(timeout: 5) { calls.load(ordering: .sequentiallyConsistent) >= 1 })
        usleep(200_000)
        XCTAssertEqual(calls.load(ordering: .sequentiallyConsistent), 1, "one call for the burst; the others do not count")

        unlink(folder + "/new.jpg")
        XCTAssertTrue(Poll.until(timeout: 5) { calls.load(ordering: .sequentiallyConsistent) >= 2 })
    }
}
