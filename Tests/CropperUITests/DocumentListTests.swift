import CropperTestSupport
@testable import CropperUI
import XCTest

/// The list of photos given together, without a display.
final class DocumentListTests: XCTestCase {
    func testAListKeepsEachPathOnceInOrder() throws {
        let list = try XCTUnwrap(DocumentList(paths: ["/a.jpg", "/b.jpg", "/a.jpg", "/c.png"]))
        XCTAssertEqual(list.paths, ["/a.jpg", "/b.jpg", "/c.png"])
        XCTAssertEqual(list.current, "/a.jpg")
        XCTAssertEqual(list.position, "1 / 3")
        XCTAssertNil(DocumentList(paths: []))
        XCTAssertNil(DocumentList("/only.jpg").position, "one photo: nothing to count")
        XCTAssertEqual(DocumentList(paths: ["/a.jpg", "/b.jpg"], index: 9)?.current, "/b.jpg", "index clamped")
    }

    func testSteppingStopsAtBothEnds() throws {
        let list = try XCTUnwrap(DocumentList(paths: ["/a.jpg", "/b.jpg", "/c.png"]))
        let second = try XCTUnwrap(list.stepped(by: 1))
        XCTAssertEqual(second.current, "/b.jpg")
        XCTAssertEqual(second.position, "2 / 3")
        XCTAssertEqual(second.stepped(by: 1)?.current, "/c.png")
        XCTAssertNil(second.stepped(by: 2))
        XCTAssertNil(list.stepped(by: -1))
        XCTAssertTrue(second.hasNext && second.hasPrevious)
        XCTAssertFalse(list.hasPrevious)
    }

    func testOpeningAPathSelectsItOrStartsItsFoldersList() throws {
        let list = try XCTUnwrap(DocumentList(paths: ["/a.jpg", "/b.jpg", "/c.png"]))
        XCTAssertNil(list.folder, "photos given together are their own list")
        XCTAssertEqual(list.opening("/c.png").index, 2)
        XCTAssertEqual(list.opening("/c.png").count, 3)
        let elsewhere = list.opening("/x/elsewhere.jpg")
        XCTAssertEqual(elsewhere.paths, ["/x/elsewhere.jpg"])
        XCTAssertEqual(elsewhere.folder, "/x", "a photo on its own brings its folder")
        XCTAssertEqual(DocumentList.opening(["/x/one.jpg"])?.folder, "/x")
        XCTAssertNil(DocumentList.opening(["/x/one.jpg", "/y/two.jpg"])?.folder)
    }

    func testAFolderOpensAtItsFirstPhoto() throws {
        let scratch = try ScratchDirectory()
        for name in ["b10.jpg", "b9.jpg", "notes.txt", ".hidden.jpg"] {
            try FileManager.default.copyItem(atPath: EditorWindowHarness.samplePhoto, toPath: scratch.file(name))
        }
        let list = try XCTUnwrap(DocumentList.opening([scratch.path]))
        XCTAssertEqual(list.paths, [scratch.file("b9.jpg"), scratch.file("b10.jpg")])
        XCTAssertEqual(list.current, scratch.file("b9.jpg"))
        XCTAssertEqual(list.folder, scratch.path)
        let empty = try ScratchDirectory()
        XCTAssertNil(DocumentList.opening([empty.path]), "nothing to open: the picker comes up instead")
    }

    func testAFolderListFollowsItsFolderAndKeepsAGoneCurrentPhotoUntilLeft() throws {
        let opened = DocumentList.inFolder(of: "/f/p3.jpg")
        let listed = opened.following(["/f/p1.jpg", "/f/p3.jpg", "/f/p10.jpg"])
        XCTAssertEqual(listed.index, 1)
        XCTAssertEqual(listed.position, "2 / 3")
        XCTAssertEqual(listed.end(true)?.current, "/f/p10.jpg")
        XCTAssertEqual(listed.end(false)?.current, "/f/p1.jpg")
        XCTAssertNil(listed.end(false)?.end(false), "Home on the first photo: nothing to do")

        let gone = listed.following(["/f/p1.jpg", "/f/p2.jpg", "/f/p10.jpg"])
        XCTAssertTrue(gone.currentIsGone)
        XCTAssertEqual(gone.paths, ["/f/p1.jpg", "/f/p2.jpg", "/f/p3.jpg", "/f/p10.jpg"], "kept where its name sorts")
        XCTAssertEqual(gone.current, "/f/p3.jpg")
        let next = try XCTUnwrap(gone.stepped(by: 1))
        XCTAssertEqual(next.current, "/f/p10.jpg")
        XCTAssertEqual(next.paths, ["/f/p1.jpg", "/f/p2.jpg", "/f/p10.jpg"], "dropped once left")
        XCTAssertEqual(gone.stepped(by: -1)?.current, "/f/p2.jpg")
        XCTAssertFalse(gone.following(["/f/p3.jpg"]).currentIsGone, "back again")
    }

    func testPageKeysStepThroughTheList() {
        XCTAssertEqual(Bindings.command(level0: 0xff56, typed: 0xff56, modifiers: [], facts: .photoOpen), .nextPhoto, "Page Down (Next)")
        XCTAssertEqual(Bindings.command(level0: 0xff55, typed: 0xff55, modifiers: [], facts: .photoOpen), .previousPhoto, "Page Up (Prior)")
        XCTAssertEqual(Bindings.shortcutLabel(for: .nextPhoto), "PgDn")
        XCTAssertTrue(ShortcutSheet.rows(for: .file).contains { $0.title == "Next / last photo" && $0.keys == ["PgDn", "End"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .file).contains { $0.title == "Previous / first photo" })
        XCTAssertEqual(Bindings.command(level0: 0xff50, typed: 0xff50, modifiers: [], facts: .photoOpen), .firstPhoto, "Home")
        XCTAssertEqual(Bindings.command(level0: 0xff57, typed: 0xff57, modifiers: [], facts: .photoOpen), .lastPhoto, "End")
        XCTAssertEqual(Bindings.shortcutLabel(for: .lastPhoto), "End")
    }
}
