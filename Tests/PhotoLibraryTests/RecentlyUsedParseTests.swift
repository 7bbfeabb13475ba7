import CropperTestSupport
import XCTest
@testable import PhotoLibrary

final class RecentlyUsedParseTests: XCTestCase {
    private func parse(_ text: String) -> [RecentEntry] { RecentlyUsed.parse(data: Array(text.utf8)) }

    func testGtkFileGivesItsLocalEntriesInOrder() {
        let entries = parse(XBELSamples.otherPrograms)
        XCTAssertEqual(entries, [
            RecentEntry(uri: "file:///home/ana/Pictures/beach%20day.jpg", path: XBELSamples.beachPath,
                        mimeType: "image/jpeg", added: "2024-05-01T10:00:00.000001Z",
                        modified: "2024-05-01T10:00:00.000001Z", visited: "2024-05-01T10:00:00.000001Z",
                        applications: ["Image Viewer"]),
            RecentEntry(uri: "file:///home/ana/Documents/R%26D%20notes.txt", path: XBELSamples.notesPath,
                        mimeType: "text/plain", added: "2024-05-03T08:00:00Z", modified: "2024-05-03T08:00:00Z",
                        visited: "2024-05-03T08:00:00Z", applications: ["gedit", "Image Viewer"]),
        ])
    }

    func testEntitiesAndPercentEscapesAreBothDecoded() {
        let entries = parse("""
            <xbel version="1.0"><bookmark href="file:///tmp/Tom&amp;Jerry%20%C3%A9t%C3%A9&#x2F;&#65;.jpg"/>\
            <bookmark href='file:///tmp/&quot;q&quot;&lt;&gt;&apos;.png'/></xbel>
            """)
        XCTAssertEqual(entries.map(\.path), ["/tmp/Tom&Jerry été/A.jpg", "/tmp/\"q\"<>'.png"])
    }

    /// An unknown entity is damage to GLib: the bookmark it is in is kept, without what came after it.
    func testUnknownReferencesEndTheReading() {
        let entries = parse("""
            <xbel version="1.0" xmlns:bookmark="b"><bookmark href="file:///tmp/a.jpg"><info><metadata owner="http://freedesktop.org">\
            <bookmark:applications><bookmark:application name="a&nbsp;b" exec="x" count="1"/>\
            </bookmark:applications></metadata></info></bookmark><bookmark href="file:///tmp/b.jpg"/></xbel>
            """)
        XCTAssertEqual(entries.map(\.path), ["/tmp/a.jpg"])
        XCTAssertEqual(entries.map(\.applications), [[]])
    }

    func testHashOrQueryInTheUriIsNotAPlainFile() {
        XCTAssertEqual(parse(#"<xbel version="1.0"><bookmark href="file:///tmp/a&#35;b.jpg"/></xbel>"#), [])
        XCTAssertEqual(parse(#"<xbel version="1.0"><bookmark href="file:///tmp/a?b.jpg"/></xbel>"#), [])
        XCTAssertEqual(parse(#"<xbel version="1.0"><bookmark href="file:///tmp/a%23b.jpg"/></xbel>"#).map(\.path), ["/tmp/a#b.jpg"])
    }

    func testNonFileAndRemoteUrisAreLeftOut() {
        let entries = parse("""
            <xbel version="1.0">
              <bookmark href="http://example.com/a.jpg"/>
              <bookmark href="sftp://host/b.jpg"/>
              <bookmark href="trash:///c.jpg"/>
              <bookmark href="file://otherhost/d.jpg"/>
              <bookmark href="recent:///e.jpg"/>
              <bookmark href="file://localhost/tmp/f.jpg"/>
              <bookmark added="2024-01-01T00:00:00Z"/>
              <bookmark href="file:///after/the/damage.jpg"/>
            </xbel>
            """)
        XCTAssertEqual(entries.map(\.path), ["/tmp/f.jpg"], "a bookmark without href is damage: GLib stops there")
    }

    func testCommentsCdataDoctypeAndSingleQuotesAreHandled() {
        let entries = parse("""
            <?xml version="1.0"?>
            <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" \
            "http://www.python.org/topics/xml/dtds/xbel-1.0.dtd">
            <!-- <bookmark href="file:///commented/out.jpg"/> -->
            <xbel version='1.0' xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info">
              <bookmark href='file:///trip/1.jpg'><title><![CDATA[ <bookmark href="file:///in/cdata.jpg"/> ]]></title></bookmark>
              <bookmark href="file:///top/2.png"><info><metadata owner="someone-else"></metadata></info></bookmark>
            </xbel>
            <!-- trailing comment -->
            """)
        XCTAssertEqual(entries.map(\.path), ["/trip/1.jpg", "/top/2.png"])
        XCTAssertEqual(entries.map(\.mimeType), [nil, nil], "only freedesktop metadata gives the MIME type")
    }

    /// Cut anywhere, the file yields exactly the bookmarks whose start tag is complete (with
    /// whatever of their metadata came before the cut).
    func testTruncatedFilesGiveTheBookmarksBeforeTheCut() {
        let bytes = Array(XBELSamples.otherPrograms.utf8)
        let full = RecentlyUsed.parse(data: bytes)
        let startTagEnds = bookmarkStartTagEnds(in: XBELSamples.otherPrograms, localOnly: true)
        XCTAssertEqual(startTagEnds.count, 2)
        var wrongCuts: [Int] = []
        for length in 0...bytes.count {
            let paths = RecentlyUsed.parse(data: Array(bytes[0..<length])).map(\.path)
            let expected = startTagEnds.filter { $0 <= length }.count
            if paths != full.prefix(expected).map(\.path) { wrongCuts.append(length) }
        }
        XCTAssertEqual(wrongCuts, [])
    }

    func testDamageInTheMiddleKeepsTheBookmarksBeforeIt() {
        let entries = parse("""
            <xbel version="1.0">
              <bookmark href="file:///a.jpg"></bookmark>
              <bookmark href="file:///b.jpg"><info></bookmark>
              <bookmark href="file:///c.jpg"/>
            </xbel>
            """)
        XCTAssertEqual(entries.map(\.path), ["/a.jpg", "/b.jpg"])
    }

    func testMalformedInputsGiveNothingAndDoNotTrap() {
        let inputs: [[UInt8]] = [
            [], [0], Array("<".utf8), Array("<<<<>>>>".utf8), Array("<xbel".utf8), Array("<xbel><bookmark href=".utf8),
            Array(#"<xbel><bookmark href="file:///a.jpg"#.utf8), Array("<xbel><bookmark href=file:///a.jpg/>".utf8),
            Array("<!-- never closed <xbel>".utf8), Array("<html><bookmark href=\"file:///x.jpg\"/></html>".utf8),
            Array("</xbel>".utf8), Array("<xbel/>".utf8), Array("<xbel></xbel><xbel>".utf8),
            Array("<xbel><bookmark href=\"file:///a<b.jpg\"/></xbel>".utf8), [0xFF, 0xFE, 0x3C, 0x00],
            Array(repeating: UInt8(ascii: "&"), count: 100),
        ]
        for input in inputs { XCTAssertEqual(RecentlyUsed.parse(data: input), [], "\(input.prefix(40))") }
    }

    func testDeepNestingIsCutOffNotRecursed() {
        let depth = 100_000
        let text = "<xbel version=\"1.0\"><bookmark href=\"file:///deep.jpg\">" + String(repeating: "<x>", count: depth)
        XCTAssertEqual(parse(text).map(\.path), ["/deep.jpg"])
    }

    func testRandomBytesNeverTrap() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("<>/=\"'&;#x!-?[]abmk: \n".utf8) + [0, 0xC3, 0xFF]
        let seed = Array(XBELSamples.otherPrograms.utf8)
        for round in 0..<2_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(generator.next() % 200)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            } else {
                bytes = seed
                for _ in 0..<8 {
                    let at = Int(generator.next() % UInt64(bytes.count))
                    bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                }
            }
            let entries = RecentlyUsed.parse(data: bytes)
            XCTAssertLessThanOrEqual(entries.count, 3)
        }
    }

    func testEntriesOfTheEnvironmentFile() throws {
        let tree = try ScratchTree()
        XCTAssertEqual(RecentlyUsed(environment: tree.environment).entries(), [], "missing file")
        try tree.write(XBELSamples.otherPrograms, to: "home/.local/share/recently-used.xbel")
        XCTAssertEqual(RecentlyUsed(environment: tree.environment).entries().map(\.path),
                       [XBELSamples.beachPath, XBELSamples.notesPath])
    }

    /// Offsets just past each `<bookmark ...>` start tag (of local files when asked).
    private func bookmarkStartTagEnds(in text: String, localOnly: Bool) -> [Int] {
        let bytes = Array(text.utf8)
        let opener = Array("<bookmark ".utf8)
        var ends: [Int] = []
        var index = 0
        while index + opener.count <= bytes.count {
            if Array(bytes[index..<index + opener.count]) == opener {
                let close = bytes[index...].firstIndex(of: UInt8(ascii: ">"))!
                let tag = String(decoding: bytes[index...close], as: UTF8.self)
                if !localOnly || tag.contains("href=\"file:") { ends.append(close + 1) }
                index = close
            }
            index += 1
        }
        return ends
    }
}
