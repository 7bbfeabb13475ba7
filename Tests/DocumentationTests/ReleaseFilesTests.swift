import CropperTestSupport
import Foundation
import XCTest

/// The version's one home and the files made from the executable's own description: completions and manual.
final class ReleaseFilesTests: XCTestCase {
    static var executable: String { CropperExecutable.path }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: LinkTests.root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Runs a program, its status and output (standard output, then error); nil when it is not installed.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String)? {
        let path = program.hasPrefix("/") ? program : ["/usr/bin/", "/bin/"].map { $0 + program }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path, FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let result = try Tools.run(path, arguments, environment: environment)
        return (result.status, result.stdout + result.stderr)
    }

    func testVersionChangelogAndMetainfoAgree() throws {
        let version = try Self.text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression), version)
        let changelog = try Self.text("CHANGELOG.md")
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        XCTAssertTrue(newest?.hasPrefix("## \(version) ") ?? false, "CHANGELOG.md's newest entry is \(version)")
        let metainfo = try Self.text("desktop/io.github.cropper.Cropper.metainfo.xml")
        let release = metainfo.range(of: "<release version=\"").map { metainfo[$0.upperBound...].prefix { $0 != "\"" } }
        XCTAssertEqual(release.map(String.init), version, "the metainfo's newest release")
        guard let result = try Self.run(Self.executable, ["--version"]) else { throw XCTSkip("build cropper first") }
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), version, "stamped from VERSION")
    }

    private func completion(_ shell: String) throws -> String {
        let directory = NSTemporaryDirectory() + "cropper-completion-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        guard let result = try Self.run(Self.executable, ["--generate-completion-script", shell], environment: ["LC_ALL": "C"]) else {
            throw XCTSkip("build cropper first")
        }
        XCTAssertEqual(result.status, 0)
        let file = directory + "/" + shell
        try result.output.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testBashCompletesCropperWithPhotoFiles() throws {
        let file = try completion("bash")
        let script = "source /usr/share/bash-completion/bash_completion 2>/dev/null; source '\(file)'; complete -p cropper"
        guard let result = try Self.run("bash", ["-c", script]) else { throw XCTSkip("bash is missing") }
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("complete ") && result.output.contains(" -F _cropper "), result.output)
        XCTAssertTrue(result.output.hasSuffix(" cropper\n"), result.output)
        // `cropper info <Tab>` in a folder of photos and other files offers the photos and the folders.
        let folder = (file as NSString).deletingLastPathComponent
        for name in ["a.jpg", "B.JPG", "c.heic", "notes.txt", "sub/x.png"] {
            try FileManager.default.createDirectory(atPath: folder + "/photos/sub", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/photos/" + name, contents: Data())
        }
        let complete = "source /usr/share/bash-completion/bash_completion 2>/dev/null; source '\(file)'; cd '\(folder)/photos'; "
            + "COMP_WORDS=(cropper info ''); COMP_CWORD=2; COMP_LINE='cropper info '; COMP_POINT=${#COMP_LINE}; "
            + "_cropper; printf '%s\\n' \"${COMPREPLY[@]}\" | sort"
        let offered = try XCTUnwrap(try Self.run("bash", ["-c", complete], environment: ["LC_ALL": "C"]))
        XCTAssertEqual(offered.output.split(separator: "\n"), ["B.JPG", "a.jpg", "c.heic", "sub"])
    }

    func testZshAndFishAcceptTheirFiles() throws {
        for shell in ["zsh", "fish"] {
            let file = try completion(shell)
            guard let result = try Self.run(shell, ["-n", file]) else { throw XCTSkip("\(shell) is missing (scripts/install-deps)") }
            XCTAssertEqual(result.status, 0, "\(shell) -n: \(result.output)")
            XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("jpeg"), "\(shell) completes photos")
        }
    }
}

/// desktop/cropper.1 is `make man`'s output for the current command line: every command, option and help text
/// the argument parser knows is in it, with the window's keys after them.
final class ManualTests: XCTestCase {
    func testTheManualDescribesTheCurrentCommandLineAndTheKeys() throws {
        let page = try ReleaseFilesTests.text("desktop/cropper.1")
        guard let dump = try ReleaseFilesTests.run(ReleaseFilesTests.executable, ["--experimental-dump-help"],
                                                   environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": ""]) else {
            throw XCTSkip("build cropper first")
        }
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        var missing: [String] = []
        func check(_ command: [String: Any]) {
            if let abstract = command["abstract"] as? String, !Self.roff(abstract).contains(where: page.contains) { missing.append(abstract) }
            // A hidden option (--trim-fuzz carries --trim=FUZZ%'s value) is not in --help, nor in the manual.
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                let kinds = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
                for (name, kind) in zip(names, kinds) where kind == "long" && !page.contains("\\--" + name) {
                    missing.append("--" + name)
                }
                if let abstract = argument["abstract"] as? String, !Self.roff(abstract).contains(where: page.contains) { missing.append(abstract) }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { check(subcommand) }
        }
        check(try XCTUnwrap(json["command"] as? [String: Any]))
        XCTAssertEqual(missing, [], "run make man")
        for section in [".SH KEYS", ".SS \"Crop box\"", ".SH ENVIRONMENT", ".SH FILES", ".SH EXAMPLES"] {
            XCTAssertTrue(page.contains(section), section)
        }
        XCTAssertTrue(page.contains("\"cropper \(try ReleaseFilesTests.text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines))\""),
                      "the page names the current version")
    }

    /// Help text as mandoc may write it in man(7): the glyphs generate-manual escapes, hyphens as they are or
    /// escaped.
    static func roff(_ text: String) -> [String] {
        var result = text
        for (glyph, escape) in [("−", "\\(mi"), ("–", "\\(en"), ("—", "\\(em"), ("°", "\\(de"), ("×", "\\(mu")] {
            result = result.replacingOccurrences(of: glyph, with: escape)
        }
        return [result, result.replacingOccurrences(of: "-", with: "\\-")]
    }
}
