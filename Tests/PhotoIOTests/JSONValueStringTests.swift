import Foundation
import PhotoIO
import XCTest

/// Strings in the JSON Cropper writes (the state log, `info --json`): plain ones whole, the rest escaped, and both
/// read back by Foundation's parser as they were.
final class JSONValueStringTests: XCTestCase {
    func testPlainAndEscapedStringsAreWrittenExactly() {
        XCTAssertEqual(JSONValue.string("/home/ann/Pictures/Café 北京-cropped.jpg").serialized,
                       "\"/home/ann/Pictures/Café 北京-cropped.jpg\"")
        XCTAssertEqual(JSONValue.string("say \"hi\"\\now\n\t\r\u{1}").serialized,
                       "\"say \\\"hi\\\"\\\\now\\n\\t\\r\\u0001\"")
        XCTAssertEqual(JSONValue.string("").serialized, "\"\"")
    }

    func testFoundationReadsBackWhatWasWritten() throws {
        for text in ["plain", "Café 北京 🙂", "quote \" and \\ back", "line\nbreak\u{1f}", "\u{7f}é"] {
            let line = JSONValue.array([.string(text)]).serialized
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String]
            XCTAssertEqual(parsed, [text], line)
        }
    }
}
