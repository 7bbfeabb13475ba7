import CropperTestSupport
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI

/// An event that changed nothing still gets its line, with the last line's snapshot repeated whole: every line
/// keeps the same shape for the tests reading the log.
final class StateLogRepeatTests: XCTestCase {
    private func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testAnUnchangedEventRepeatsTheLastSnapshotUnderItsOwnName() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("state.jsonl")
        let log = try XCTUnwrap(StateLog(path: path))
        log.record(event: "batchSaved", seq: 4, snapshot: .object([("batch", .object([("done", .integer(3))]))]))
        XCTAssertTrue(log.recordUnchanged(event: "folderChangeHeld", seq: 4))
        let written = try lines(path)
        XCTAssertEqual(written.map { $0["event"] as? String }, ["batchSaved", "folderChangeHeld"])
        XCTAssertEqual(written[1]["seq"] as? Int, 4)
        XCTAssertEqual((written[1]["batch"] as? [String: Any])?["done"] as? Int, 3)
        XCTAssertEqual(Set(written[0].keys), Set(written[1].keys))
    }

    func testALineWithExtraFieldsIsNotRepeated() throws {
        let scratch = try ScratchDirectory()
        let log = try XCTUnwrap(StateLog(path: scratch.file("state.jsonl")))
        XCTAssertFalse(log.recordUnchanged(event: "folderChangeHeld", seq: 0), "nothing to repeat yet")
        log.record(event: "sync", seq: 1, snapshot: .object([("syncToken", .integer(7))]), repeatable: false)
        XCTAssertFalse(log.recordUnchanged(event: "folderChangeHeld", seq: 1))
    }
}
