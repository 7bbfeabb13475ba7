@testable import CropperUI
import PhotoIO
import XCTest

/// The frame stats' `since`: what the event loop did between two frames, counted once and started afresh.
final class LoopTraceTests: XCTestCase {
    private func fields(_ json: JSONValue) -> [String: String] {
        guard case let .object(pairs) = json else { return [:] }
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, $0.1.serialized) })
    }

    func testAFrameSaysWhatCameBeforeItAndTheNextStartsAfresh() {
        var trace = LoopTrace()
        trace.handledEvent()
        trace.handledEvent()
        for _ in 0..<3 { trace.handledMessage("thumbnailReady") }
        trace.handledMessage("folderListed")
        trace.carriedOut(.wantThumbnails([:]))
        trace.carriedOut(.listFolderPhotos("/photos"))
        trace.spent(0.002, in: .log)
        trace.spent(0.0005, in: .message)
        let drawn = DrawWork(textLayouts: 33, textCacheTurnovers: 0, thumbnailsConverted: 3, thumbnailsFitted: 2)
        let first = fields(trace.frameDone(render: 0.007, present: 0.0001, drawn: drawn))
        XCTAssertEqual(first["events"], "2")
        XCTAssertEqual(first["messages"], #"{"folderListed":1,"thumbnailReady":3}"#)
        XCTAssertEqual(first["jobs"], #"{"listFolderPhotos":1,"wantThumbnails":1}"#)
        XCTAssertEqual(first["logCpuMs"], "2")
        XCTAssertEqual(first["messageCpuMs"], "0.5")
        XCTAssertEqual(first["renderCpuMs"], "7")
        XCTAssertEqual(first["presentCpuMs"], "0.1")
        XCTAssertEqual(first["textLayouts"], "33")
        XCTAssertEqual(first["thumbnailsFitted"], "2")

        let second = fields(trace.frameDone(render: 0.001, present: 0, drawn: drawn))
        XCTAssertEqual(second["events"], "0")
        XCTAssertEqual(second["messages"], "{}")
        XCTAssertEqual(second["logCpuMs"], "0")
        XCTAssertEqual(second["textLayouts"], "0", "the drawing's counts are the frame's own share")
        XCTAssertEqual(second["thumbnailsConverted"], "0")
    }

    func testAJobIsNamedByItsCaseWithoutItsPayload() {
        XCTAssertEqual(Job.listPlaces.traceName, "listPlaces")
        XCTAssertEqual(Job.cancelBatch(3).traceName, "cancelBatch")
        XCTAssertEqual(Job.wantThumbnails(["/a.jpg": 100]).traceName, "wantThumbnails")
    }
}
