import Foundation
import XCTest

/// Every relative link and image in README.md, CHANGELOG.md and docs/ names a file of the tree, and the front
/// page stays a front page.
final class LinkTests: XCTestCase {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("CHANGELOG.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The targets of `[text](target)` and `![alt](target)`, outside code blocks and code spans.
    static func links(in markdown: String) -> [String] {
        var targets: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]).split(separator: " ").first.map(String.init) ?? "")
                rest = after[after.index(after: close)...]
            }
        }
        return targets
    }

    func testEveryRelativeLinkAndImageExists() throws {
        XCTAssertGreaterThan(Self.pages.count, 5)
        var broken: [String] = []
        var checked = 0
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for target in Self.links(in: text) {
                if target.isEmpty || target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = page.deletingLastPathComponent().appendingPathComponent(path.removingPercentEncoding ?? path)
                checked += 1
                if !FileManager.default.fileExists(atPath: resolved.standardizedFileURL.path) {
                    broken.append("\(page.lastPathComponent): \(target)")
                }
            }
        }
        XCTAssertEqual(broken, [])
        XCTAssertGreaterThan(checked, 30, "the links were found")
    }

    func testTheCheckerFindsLinksAndImagesButNotCode() {
        let markdown = "See [a](a.md) and ![b](img/b.png \"title\").\n`[c](c.md)`\n```\n[d](d.md)\n```\n[e](e.md#part)"
        XCTAssertEqual(Self.links(in: markdown), ["a.md", "img/b.png", "e.md#part"])
    }

    func testTheReadmeIsAFrontPage() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let words = text.split { $0.isWhitespace }.count
        XCTAssertLessThanOrEqual(words, 1_200)
        XCTAssertTrue(text.contains("](docs/screenshot-"), "a screenshot")
        XCTAssertTrue(text.contains("apt install ./cropper_"), "how to install the package")
        XCTAssertTrue(text.contains("make install"))
    }
}
