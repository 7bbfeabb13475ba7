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

    func testOpeningAPathSelectsItOrStartsANewList() throws {
        let list = try XCTUnwrap(DocumentList(paths: ["/a.jpg", "/b.jpg", "/c.png"]))
        XCTAssertEqual(list.opening("/c.png").index, 2)
        XCTAssertEqual(list.opening("/c.png").count, 3)
        XCTAssertEqual(list.opening("/elsewhere.jpg").paths, ["/elsewhere.jpg"])
    }

    func testPageKeysStepThroughTheList() {
        XCTAssertEqual(Bindings.command(level0: 0xff56, typed: 0xff56, modifiers: []), .nextPhoto, "Page Down (Next)")
        XCTAssertEqual(Bindings.command(level0: 0xff55, typed: 0xff55, modifiers: []), .previousPhoto, "Page Up (Prior)")
        XCTAssertEqual(Bindings.shortcutLabel(for: .nextPhoto), "Page Down")
        XCTAssertTrue(ShortcutSheet.rows(for: .file).contains { $0.title == Command.nextPhoto.title })
    }
}
