import CropperTestSupport
import EditorState
import Foundation
import Glibc
import CX11
import XCTest

/// Thousands of random but valid input events against the real window: it must not crash or hang,
/// every state it logs must be consistent, and its memory must not creep.
///
/// CROPPER_SOAK_EVENTS sets the length (1,500 here, 20,000 for `make soak`); CROPPER_SOAK_SEED replays a run.
final class SoakTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment
    let events = environment["CROPPER_SOAK_EVENTS"].flatMap(Int.init) ?? 1_500
    let seed = environment["CROPPER_SOAK_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max))
    /// Memory is measured after this many events, and again at the end.
    let warmUp = 1_000
    let probeEvery = 250
    /// Input events between two sync barriers.
    let syncEvery = 20
    /// Resident MiB at each probe, printed at the end to tell a leak (a steady climb) from a cache (a plateau).
    var residentTrail: [Int] = []

    func testRandomInputKeepsTheWindowAliveConsistentAndBounded() throws {
        let folder = try ScratchDirectory()
        let photos = try soakPhotos(in: folder)
        let harness = try EditorWindowHarness(photo: folder.file(photos[0]), geometry: "1000x700", copyPhoto: false)
        harness.retainedLogEntries = 2_000
        let client = try XTestClient(windowID: harness.windowID)
        client.focus()
        var input = RandomInput(seed: seed, client: client, photos: photos.map(folder.file), windowSize: (1000, 700))
        print("soak: \(events) events, seed \(seed) (CROPPER_SOAK_SEED=\(seed) replays it)")
        // Every photo once first, so that first-use caches (decoders, fonts, thumbnails) are warm before
        // memory is measured.
        for photo in photos.reversed() { show(folder.file(photo), harness, client: client) }

        var baseline: Int?
        var probes = 0
        let started = Date()
        for index in 1...events {
            input.step()
            client.sync()
            // Keeps the window within a few events of the input, paced by the window itself.
            if index % syncEvery == 0 { try harness.sync(timeout: 15) }
            if index % probeEvery == 0 || index == events {
                try probe(harness, client: client, input: &input, number: probes)
                probes += 1
            }
            if index == min(warmUp, events) {
                baseline = try settledMemory(harness, client: client, input: &input, photo: folder.file(photos[0]))
            }
        }
        let final = try settledMemory(harness, client: client, input: &input, photo: folder.file(photos[0]))
        let seconds = Date().timeIntervalSince(started)
        var lines = 0
        var shown = Set<String>()
        var problems: [String] = []
        harness.forEachLogEntry { number, entry in
            lines = number
            if let image = entry.fields["image"] as? String { shown.insert(image) }
            if let problem = inconsistency(in: entry) { problems.append("line \(number): \(problem)") }
        }
        print("soak: \(events) events in \(Int(seconds)) s, \(lines) state-log lines, \(input.counts)")
        print("soak: resident MiB at each probe: \(residentTrail)")
        print("soak: resident memory \(baseline.map { "\($0 / 1024)" } ?? "?") MiB after \(warmUp) events, \(final / 1024) MiB at the end")

        XCTAssertTrue(harness.process.isRunning, "the window survived (seed \(seed))")
        print("soak: \(shown.count) photos shown")
        XCTAssertGreaterThan(shown.count, 2, "photos were opened through the file dialog")
        XCTAssertTrue(problems.isEmpty, "\(problems.count) inconsistent states (seed \(seed)): \(problems.prefix(5))")
        if let baseline {
            // A 10 % creep, plus one photo's decoded pixels: which neighbours the window has decoded ahead when
            // it settles depends on the photos opened last, so two settled sizes differ by a photo's decode
            // without anything leaking (seed 3208115946 settled at 60 MiB after 1,000 events and 72 MiB at
            // 1,500 on a loaded machine, 69 and 71 replayed alone). A leak shows as a steady climb in the trail.
            let oneDecodedPhotoKiB = 1800 * 1200 * 4 / 1024
            XCTAssertLessThanOrEqual(Double(final), Double(baseline) * 1.10 + Double(oneDecodedPhotoKiB),
                                     "resident memory grew from \(baseline) KiB to \(final) KiB (seed \(seed))")
        }
        try quit(harness, client: client)
    }

    // MARK: Steps

    /// Liveness: a resize always changes what the window logs, so the log must show the new size soon.
    private func probe(_ harness: EditorWindowHarness, client: XTestClient, input: inout RandomInput, number: Int) throws {
        let size = (900 + (number % 5) * 20, 650 + (number % 3) * 20)
        let sizeBefore = logSize(harness)
        input.resize(to: size)
        client.sync()
        try waitFor(harness, "the window to answer a resize to \(size.0)x\(size.1) (seed \(seed))", timeout: 15) {
            $0.window?.width == size.0 && $0.window?.height == size.1
        }
        XCTAssertGreaterThan(logSize(harness), sizeBefore, "the state log keeps growing")
        residentTrail.append(residentKiB(of: harness.process.processIdentifier) / 1024)
    }

    /// Opens `photo` through the file dialog (answering "Don't save" if asked) until it is shown or its
    /// load failed; true when it is shown.
    @discardableResult
    private func show(_ photo: String, _ harness: EditorWindowHarness, client: XTestClient) -> Bool {
        let path = URL(fileURLWithPath: photo).standardizedFileURL.path
        func isShown(_ entry: LogEntry) -> Bool {
            entry.fields["image"] as? String == path && !entry.loading && (entry.imageSize != nil || entry.fields["loadError"] is String)
        }
        for _ in 0..<3 where !(lastEntry(harness).map(isShown) ?? false) {
            for _ in 0..<3 { client.key(XK_Escape) }
            client.key(XK_o, holding: [XK_Control_L])
            client.sync()
            guard (try? waitFor(harness, "the open field", { $0.visible("dialog") })) != nil else { continue }
            client.key(XK_u, holding: [XK_Control_L])
            client.type(path + "\n")
            client.sync()
            if (try? waitFor(harness, "the photo or the question", { isShown($0) || $0.visible("confirm") }))?
                .visible("confirm") == true {
                client.key(XK_d)
                client.sync()
            }
            _ = try? waitFor(harness, "the photo", timeout: 10, isShown)
        }
        return lastEntry(harness).map { isShown($0) && $0.imageSize != nil } ?? false
    }

    /// The same photo, fitted, at the same window size, nothing open on top, no save running: then the
    /// smallest resident size over a second (what background threads still hold is let go meanwhile).
    private func settledMemory(_ harness: EditorWindowHarness, client: XTestClient, input: inout RandomInput,
                               photo: String) throws -> Int {
        let shown = URL(fileURLWithPath: photo).standardizedFileURL.path
        show(photo, harness, client: client)
        input.resize(to: (1000, 700))
        client.key(XK_0)
        client.sync()
        try waitFor(harness, "the reference state (seed \(seed))", timeout: 15) {
            $0.fields["image"] as? String == shown && $0.window?.width == 1000 && $0.window?.height == 700
                && $0.fields["fullResolution"] as? Bool == true && $0.activity == "idle" && !$0.animating
                && $0.fields["saving"] as? Bool == false
        }
        var smallest = Int.max
        for _ in 0..<10 {
            usleep(100_000)
            smallest = min(smallest, residentKiB(of: harness.process.processIdentifier))
        }
        return smallest
    }

    private func quit(_ harness: EditorWindowHarness, client: XTestClient) throws {
        client.key(XK_Escape)
        client.key(XK_q, holding: [XK_Control_L])
        client.sync()
        try harness.waitUntil("the window to close or ask", timeout: 10) {
            !harness.process.isRunning || lastEntry(harness)?.visible("confirm") == true
        }
        if harness.process.isRunning {
            client.key(XK_d)
            client.sync()
        }
        XCTAssertTrue(harness.waitForExit(timeout: 10), "Ctrl+Q closes the window after the soak")
        XCTAssertEqual(harness.process.terminationStatus, 0)
    }

    // MARK: The state log, read from its end (the harness parses all of it, which a long soak outgrows)

    private func lastEntry(_ harness: EditorWindowHarness) -> LogEntry? {
        guard let file = fopen(harness.logPath, "r") else { return nil }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        let start = max(0, size - 65_536)
        fseek(file, start, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let read = fread(&bytes, 1, bytes.count, file)
        let text = String(decoding: bytes.prefix(read), as: UTF8.self)
        return text.split(separator: "\n").last.flatMap { LogEntry(line: String($0)) }
    }

    private func logSize(_ harness: EditorWindowHarness) -> Int {
        var info = stat()
        return stat(harness.logPath, &info) == 0 ? Int(info.st_size) : 0
    }

    @discardableResult
    private func waitFor(_ harness: EditorWindowHarness, _ what: String, timeout: Double = 5,
                         _ condition: (LogEntry) -> Bool) throws -> LogEntry {
        var found: LogEntry?
        guard Poll.until(timeout: timeout, {
            found = lastEntry(harness).flatMap { condition($0) ? $0 : nil }
            return found != nil
        }), let found else { throw HarnessError.timeout(what, lastEntry(harness)?.raw ?? "no log") }
        return found
    }

    // MARK: Checks

    /// What no logged state may ever be: a crop outside the photo, a zoom outside its limits.
    private func inconsistency(in entry: LogEntry) -> String? {
        if let size = entry.imageSize, let crop = entry.crop {
            if crop.x < 0 || crop.y < 0 || crop.width < 1 || crop.height < 1
                || crop.x + crop.width > size.width || crop.y + crop.height > size.height {
                return "crop \(crop) outside the \(size) photo"
            }
        }
        if entry.imageSize != nil, let maximum = entry.number("maxZoomScale") {
            let zoom = entry.zoomScale, minimum = entry.minZoomScale
            if !(zoom >= minimum * (1 - 1e-9) && zoom <= maximum * (1 + 1e-9)) {
                return "zoom \(zoom) outside [\(minimum), \(maximum)]"
            }
        }
        if entry.imageSize == nil && entry.crop != nil { return "a crop without a photo" }
        return nil
    }

    private func residentKiB(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Photos to open by name: both shapes, several orientations, a PNG, a damaged and a broken file.
    private func soakPhotos(in folder: ScratchDirectory) throws -> [String] {
        var names: [String] = []
        for (set, orientation) in [("Landscape", 1), ("Portrait", 6), ("Landscape", 3), ("Portrait", 8)] {
            let name = "\(set.prefix(1).lowercased())\(orientation).jpg"
            _ = try folder.copy(Fixtures.path(set, orientation), as: name)
            names.append(name)
        }
        let photo = try readBytes(Fixtures.path("Landscape", 5))
        _ = try folder.write(Array(photo.prefix(photo.count * 2 / 3)), as: "cut.jpg")
        _ = try folder.write(Array(photo.prefix(300)), as: "broken.jpg")
        _ = try folder.write(try HostileFiles.smallPNG(in: folder), as: "small.png")
        return names + ["cut.jpg", "broken.jpg", "small.png"]
    }
}
