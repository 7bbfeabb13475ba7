import CropperTestSupport
import Foundation
import XCTest
@testable import PhotoLibrary

final class FileURITests: XCTestCase {
    func testEscapingMatchesGLib() {
        let cases: [(String, String)] = [
            ("/home/jens/photos/me.png", "file:///home/jens/photos/me.png"),
            ("/a b/c", "file:///a%20b/c"),
            ("/semi;colon#hash?query%pct", "file:///semi%3Bcolon%23hash%3Fquery%25pct"),
            ("/keep-._~!$&'()*+,=:@", "file:///keep-._~!$&'()*+,=:@"),
            ("/[]\\^`{|}<>\"", "file:///%5B%5D%5C%5E%60%7B%7C%7D%3C%3E%22"),
            ("/Fotos/Ümlaut é.jpg", "file:///Fotos/%C3%9Cmlaut%20%C3%A9.jpg"),
            ("/tab\tnew\nline", "file:///tab%09new%0Aline"),
        ]
        for (path, uri) in cases {
            XCTAssertEqual(FileURI.from(path: path), uri, path)
            XCTAssertEqual(FileURI.path(from: uri), path, uri)
        }
    }

    func testPathsAreMadeCanonicalFirstAsGioDoes() {
        XCTAssertEqual(FileURI.from(path: "/home//ana/./Pictures/../Fotos/a.jpg"), "file:///home/ana/Fotos/a.jpg")
        XCTAssertEqual(FileURI.canonical("/../x/"), "/x")
        XCTAssertEqual(FileURI.canonical("/"), "/")
    }

    /// GLib itself (through `gio info`) gives the same URIs for awkward names.
    func testAgreesWithGio() throws {
        try Tools.require("gio")
        let tree = try ScratchTree()
        let names = ["a b", "semi;colon", "hash#q?", "plus+eq=amp&", "ap'(x)*", "at@c:l", "pct%25", "ü é", "[x]{y}|z", "~$!,"]
        for name in names {
            let path = try tree.write("x", to: "uri/" + name)
            let output = try Tools.run("gio", ["info", "-a", "standard::name", tree.root + "//uri/./" + name])
            let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("uri: ") }
            XCTAssertEqual(line.map { String($0.dropFirst(5)) }, FileURI.from(path: path), name)
        }
    }

    func testDecodingAcceptsLocalhostSingleSlashLowerCaseHexAndAnyCaseScheme() {
        XCTAssertEqual(FileURI.path(from: "file://localhost/tmp/a%c3%a9"), "/tmp/aé")
        XCTAssertNil(FileURI.path(from: "file:///tmp/a%2fb"), "GLib refuses an escaped slash: it would name another path")
        XCTAssertEqual(FileURI.path(from: "FILE:///tmp/x%c3%a9"), "/tmp/xé")
        XCTAssertEqual(FileURI.path(from: "file:/tmp/x"), "/tmp/x")
    }

    func testDecodingRejectsWhatIsNotALocalFile() {
        let rejected = [
            "http://example.com/a.jpg", "sftp://host/a.jpg", "trash:///a.jpg", "file://otherhost/a.jpg",
            "file:///a%2", "file:///a%G1", "file:///a%00b", "file:///a.jpg?x=1", "file:///a.jpg#frag",
            "file://", "file:relative/a.jpg", "", "file", "file:///%FF%FE.jpg",
        ]
        for uri in rejected { XCTAssertNil(FileURI.path(from: uri), uri) }
    }
}

final class MD5Tests: XCTestCase {
    func testRFC1321TestSuite() {
        let vectors: [(String, String)] = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
            ("12345678901234567890123456789012345678901234567890123456789012345678901234567890",
             "57edf4a22be3c955ac49da2e2107b67a"),
        ]
        for (message, digest) in vectors { XCTAssertEqual(MD5.hex(message), digest, message) }
    }

    func testThumbnailSpecificationExample() {
        XCTAssertEqual(MD5.hex("file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
    }

    /// Lengths around the 56- and 64-byte padding boundaries, against coreutils' md5sum.
    func testPaddingBoundariesAgreeWithMd5sum() throws {
        try Tools.require("md5sum")
        let tree = try ScratchTree()
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = try tree.write(bytes, to: "md5-\(length)")
            let expected = try Tools.run("md5sum", [path]).stdout.prefix(32)
            let digest = MD5.digest(bytes).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(digest, String(expected), "length \(length)")
        }
    }
}
