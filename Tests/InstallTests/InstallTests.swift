import Foundation
import XCTest

/// `make install` into a temporary prefix: what lands where, with which modes, and whether the desktop's own
/// tools accept it.
final class InstallTests: XCTestCase {
    static let iconSizes = [16, 24, 32, 48, 64, 128, 256]

    /// Every file install puts under PREFIX, with its mode.
    static var expectedFiles: [String: Int] {
        var files = [
            "bin/cropper": 0o755,
            "share/applications/cropper.desktop": 0o644,
            "share/metainfo/io.github.cropper.Cropper.metainfo.xml": 0o644,
            "share/man/man1/cropper.1.gz": 0o644,
            "share/icons/hicolor/scalable/apps/cropper.svg": 0o644,
            "share/cropper/sample.jpg": 0o644,
            "share/cropper/sample.LICENSE": 0o644,
            "share/cropper/install-manifest.txt": 0o644,
            "share/bash-completion/completions/cropper": 0o644,
            "share/zsh/vendor-completions/_cropper": 0o644,
            "share/fish/vendor_completions.d/cropper.fish": 0o644,
        ]
        for size in iconSizes { files["share/icons/hicolor/\(size)x\(size)/apps/cropper.png"] = 0o644 }
        for language in ["de", "zh_CN"] { files["share/locale/\(language)/LC_MESSAGES/cropper.mo"] = 0o644 }
        return files
    }

    func testInstallPutsEveryFileInPlaceWithSaneModesAndRecordsThem() throws {
        let installation = try InstallPrefix()
        try installation.install()

        for (file, mode) in Self.expectedFiles {
            XCTAssertEqual(installation.tree()["prefix/" + file], mode, "\(file) is installed with mode \(String(mode, radix: 8))")
        }
        for (entry, mode) in installation.tree() where installation.isDirectory(inSandbox: entry) {
            XCTAssertEqual(mode, 0o755, "directory \(entry)")
        }

        let root = InstallPrefix.packageRoot.path
        for size in Self.iconSizes {
            XCTAssertEqual(FileManager.default.contents(atPath: installation.path("share/icons/hicolor/\(size)x\(size)/apps/cropper.png")),
                           FileManager.default.contents(atPath: root + "/assets/icons/cropper-\(size).png"), "\(size) px icon")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: installation.path("share/cropper/sample.jpg")),
                       FileManager.default.contents(atPath: root + "/assets/sample.jpg"))
        let manual = try Tool.run("gzip", ["-dc", installation.path("share/man/man1/cropper.1.gz")])
        XCTAssertEqual(manual.output, try String(contentsOfFile: root + "/desktop/cropper.1", encoding: .utf8))

        // The manifest names exactly the files on disk (the caches the refresh wrote included).
        let onDisk = installation.tree().keys.filter { !installation.isDirectory(inSandbox: $0) }
            .map { String($0.dropFirst("prefix/".count)) }
        XCTAssertEqual(Set(try installation.manifest("file")), Set(onDisk))
        XCTAssertTrue(Set(onDisk).isSuperset(of: Self.expectedFiles.keys))
        XCTAssertTrue(try installation.manifest("dir").contains("."), "the prefix itself was created, and recorded")

        let version = try Tool.run(installation.path("bin/cropper"), ["--version"])
        let stamped = try String(contentsOfFile: root + "/VERSION", encoding: .utf8)
        XCTAssertEqual(version.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       stamped.trimmingCharacters(in: .whitespacesAndNewlines), "the version comes from VERSION")
    }

    /// The installed executable finds the catalogues under PREFIX/share/locale, far from the build tree's.
    func testInstalledCropperSpeaksChineseFromThePrefix() throws {
        let installation = try InstallPrefix()
        try installation.install()
        let missing = installation.sandbox + "/missing.jpg"
        let result = try Tool.run(installation.path("bin/cropper"), ["info", missing],
                                  environment: ["LANGUAGE": "zh_CN", "LC_ALL": "C", "CROPPER_LOCALEDIR": ""])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errors, "cropper: \(missing): 未找到\n")
    }

    func testInstalledDesktopEntryAndMetainfoValidate() throws {
        let installation = try InstallPrefix()
        try installation.install()
        let entry = installation.path("share/applications/cropper.desktop")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        XCTAssertTrue(text.contains("\nExec=\(installation.prefix)/bin/cropper %F\n"), "launches the executable installed beside it")
        XCTAssertTrue(text.contains("\nStartupWMClass=Cropper\n"), "matches the class part of the window's WM_CLASS")
        XCTAssertTrue(text.contains("\nIcon=cropper\n"))

        guard Tool.path("desktop-file-validate") != nil, Tool.path("appstreamcli") != nil else {
            throw XCTSkip("desktop-file-validate and appstreamcli are needed (scripts/install-deps)")
        }
        let desktop = try Tool.run("desktop-file-validate", [entry])
        XCTAssertEqual(desktop.status, 0, desktop.output + desktop.errors)
        XCTAssertEqual(desktop.output + desktop.errors, "", "no warnings or hints")

        let metainfo = try Tool.run("appstreamcli", ["validate", "--no-net", "--no-color",
                                                     installation.path("share/metainfo/io.github.cropper.Cropper.metainfo.xml")])
        XCTAssertEqual(metainfo.status, 0, metainfo.output + metainfo.errors)
        let complaints = metainfo.output.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") || $0.hasPrefix("I:") }
        XCTAssertEqual(complaints, [], "no errors, warnings or infos")
        XCTAssertTrue(metainfo.output.contains("Validation was successful"), metainfo.output)
    }

    func testInstalledManPageRendersWithoutWarnings() throws {
        let installation = try InstallPrefix()
        try installation.install()
        let page = installation.path("share/man/man1/cropper.1.gz")
        let rendered = try Tool.run("man", ["--warnings", "-l", page], environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MANPAGER": "cat"])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(rendered.errors, "", "man --warnings is silent")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "KEYS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(rendered.output.contains("\n\(section)\n"), "section \(section)")
        }
        XCTAssertTrue(rendered.output.contains("--strip-metadata"))
        XCTAssertTrue(rendered.output.contains("CROPPER_STATE_LOG"))

        let strict = try Tool.run("groff", ["-man", "-ww", "-z", InstallPrefix.packageRoot.path + "/desktop/cropper.1"])
        XCTAssertEqual(strict.status, 0)
        XCTAssertEqual(strict.errors, "", "groff -ww is silent")

        let found = try Tool.run("man", ["-M", installation.path("share/man"), "-w", "cropper"])
        XCTAssertEqual(found.output.trimmingCharacters(in: .whitespacesAndNewlines), page, "man finds the page under PREFIX")
    }

    func testXdgMimeMakesTheInstalledEntryTheDefaultForJPEG() throws {
        let installation = try InstallPrefix()
        try installation.install()
        let environment = [
            "XDG_DATA_HOME": installation.path("share"),
            "XDG_CONFIG_HOME": installation.sandbox + "/config",
            "XDG_DATA_DIRS": installation.sandbox + "/no-system-data",
            "XDG_CURRENT_DESKTOP": "X-Generic",
        ]
        let offered = try Tool.run("xdg-mime", ["query", "default", "image/png"], environment: environment)
        XCTAssertEqual(offered.output.trimmingCharacters(in: .whitespacesAndNewlines), "cropper.desktop",
                       "the only entry for PNG under the prefix is offered")

        let set = try Tool.run("xdg-mime", ["default", "cropper.desktop", "image/jpeg"], environment: environment)
        XCTAssertEqual(set.status, 0, set.errors)
        let query = try Tool.run("xdg-mime", ["query", "default", "image/jpeg"], environment: environment)
        XCTAssertEqual(query.output.trimmingCharacters(in: .whitespacesAndNewlines), "cropper.desktop")
        let choices = try String(contentsOfFile: installation.sandbox + "/config/mimeapps.list", encoding: .utf8)
        XCTAssertTrue(choices.contains("image/jpeg=cropper.desktop"), choices)
    }

    /// The installed executable, far from the source tree, opens the installed sample and shows the installed icon.
    func testInstalledCropperFindsItsSampleAndIconUnderThePrefix() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: run through scripts/with-display")
        }
        let installation = try InstallPrefix()
        try installation.install()
        let log = installation.sandbox + "/state.jsonl"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: installation.path("bin/cropper"))
        process.arguments = ["--geometry", "800x600"]
        var environment = ProcessInfo.processInfo.environment
        environment["CROPPER_STATE_LOG"] = log
        environment["PREFIX"] = nil
        // A home of its own: recent photos in the real one would open instead of the sample.
        let home = installation.sandbox + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment["HOME"] = home
        for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_PICTURES_DIR"] {
            environment[name] = nil
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }

        let sample = installation.path("share/cropper/sample.jpg")
        let deadline = Date().addingTimeInterval(10)
        var opened: String?
        while Date() < deadline && opened == nil {
            let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n") ?? []
            opened = lines.lazy.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.compactMap { $0["image"] as? String }.first
            if opened == nil { usleep(20_000) }
        }
        XCTAssertEqual(opened, sample)

        let windows = try Tool.run("xdotool", ["search", "--pid", String(process.processIdentifier), "--class", "cropper"])
        let window = try XCTUnwrap(windows.output.split(separator: "\n").first.map(String.init), "the window is mapped")
        let icon = try Tool.run("xprop", ["-id", window, "_NET_WM_ICON"])
        XCTAssertTrue(icon.output.hasPrefix("_NET_WM_ICON(CARDINAL)"), icon.output.prefix(120).description)
        XCTAssertTrue(icon.output.contains("Icon (128 x 128)"))

        let windowClass = try Tool.run("xprop", ["-id", window, "WM_CLASS"])
        let entry = try String(contentsOfFile: installation.path("share/applications/cropper.desktop"), encoding: .utf8)
        let startupClass = entry.split(separator: "\n").first { $0.hasPrefix("StartupWMClass=") }?.dropFirst("StartupWMClass=".count)
        XCTAssertEqual(windowClass.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       "WM_CLASS(STRING) = \"cropper\", \"\(startupClass ?? "")\"", "the entry's StartupWMClass is the window's class")
    }
}
