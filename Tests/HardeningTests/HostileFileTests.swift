import CropperTestSupport
import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// Every hostile file is either read or refused with one clear reason, by PhotoIO in process and by
/// `cropper info` / `cropper crop` as a user runs them: no crash, no hang, nothing left behind.
final class HostileFileTests: XCTestCase {
    func testPhotoIOReadsOrRefusesEveryHostileFile() throws {
        let scratch = try ScratchDirectory()
        let files = try HostileFiles.make(in: scratch) + HostileFiles.nonFiles(in: scratch)
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            let opened = try openWithoutBlocking(file.path)
            check(opened.map { _ in () }, against: file.info, file.name + " (open)")
            guard case let .success(source) = opened else { continue }
            let preview = Result { try source.decodePreview(maxWidth: 800, maxHeight: 600) }
            check(preview.map { _ in () }, against: file.decode, file.name + " (preview)")
            guard case .success = preview else { continue }
            let rect = PixelRect(x: 0, y: 0, width: min(64, source.displayedSize.width),
                                 height: min(48, source.displayedSize.height))
            for (format, lossless) in [(PhotoFormat.jpeg, false), (.jpeg, true), (.png, false)] {
                let export = CropExport(rect: rect, userTransform: .rotate90CW, lossless: lossless)
                do {
                    let crop = try CropExporter.render(source, export, as: format)
                    let output = try PhotoSource(bytes: crop.bytes)
                    XCTAssertEqual(try output.decodeFull().size, crop.size, file.name)
                    XCTAssertEqual(output.orientation, .normal, file.name)
                } catch let error as PhotoIOError {
                    XCTAssertFalse(error.reason.contains("\n"), "\(file.name): \(error.reason)")
                }
            }
        }
    }

    func testTheCommandLineAnswersEveryHostileFileWithOneClearLine() throws {
        let cropper = try cropperBinary()
        let scratch = try ScratchDirectory()
        let files = try HostileFiles.make(in: scratch) + HostileFiles.nonFiles(in: scratch)
        let outputs = scratch.file("out")
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: false)
        for (index, file) in files.enumerated() {
            let info = try BoundedRun.run(cropper, ["info", file.path], timeout: 20)
            checkCommand(info, file: file, expected: file.info, what: "info")
            if info.status == 0 { XCTAssertTrue(info.stdout.hasPrefix("file:"), "\(file.name): \(info.stdout)") }

            let output = "\(outputs)/\(index).jpg"
            let crop = try BoundedRun.run(cropper, ["crop", file.path, "--rect", "0,0,40,30", "-o", output], timeout: 20)
            checkCommand(crop, file: file, expected: file.info == .opens ? .either : file.info, what: "crop")
            let written = (try? FileManager.default.contentsOfDirectory(atPath: outputs)) ?? []
            if crop.status == 0 {
                XCTAssertEqual(crop.stdout, "\(output) 40x30\n", file.name)
                XCTAssertEqual(try PhotoSource.open(path: output).decodeFull().size, PixelSize(width: 40, height: 30))
                XCTAssertEqual(written, ["\(index).jpg"], "\(file.name): only the output")
                unlink(output)
            } else {
                XCTAssertEqual(written, [], "\(file.name): a failed crop leaves nothing")
            }
        }
    }

    /// Tests run as root, who may read anything: the command runs as `nobody` to meet EACCES.
    func testAFileWithoutReadPermission() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to drop privileges to nobody") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("no setpriv") }
        let scratch = try ScratchDirectory()
        chmod(scratch.path, 0o755)
        let secret = try scratch.copy(HostileFiles.photo, as: "secret.jpg")
        chmod(secret, 0o000)
        let cropper = try cropperBinary()
        let asNobody = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", cropper]
        for arguments in [["info", secret], ["crop", secret, "--rect", "0,0,8,8", "-o", "/tmp/never.jpg"]] {
            let result = try BoundedRun.run("/usr/bin/setpriv", asNobody + arguments, timeout: 20)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stderr, "cropper: \(secret): not readable (Permission denied)\n")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.jpg"))
    }

    /// A file renamed away and back while it is being opened again and again: every open either
    /// reads the whole photo or says it is not found.
    func testAFileThatVanishesWhileBeingOpened() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(HostileFiles.photo, as: "here.jpg")
        let away = scratch.file("away.jpg")
        let expected = try readBytes(path)
        let stop = ManagedAtomicFlag()
        let mover = Thread {
            while !stop.isSet {
                rename(path, away)
                rename(away, path)
            }
        }
        mover.start()
        defer { stop.set() }
        var outcomes: [String: Int] = [:]
        for _ in 0..<400 {
            do {
                let source = try PhotoSource.open(path: path)
                XCTAssertEqual(source.bytes, expected)
                outcomes["read", default: 0] += 1
            } catch let error as PhotoIOError {
                XCTAssertEqual(error, .notFound)
                outcomes["not found", default: 0] += 1
            }
        }
        XCTAssertEqual(outcomes.values.reduce(0, +), 400, "\(outcomes)")
    }

    // MARK: Helpers

    /// Opens on another thread so that a regression (a blocking open of a named pipe) fails the test
    /// instead of hanging it; a writer is then attached to release the reader.
    private func openWithoutBlocking(_ path: String) throws -> Result<PhotoSource, Error> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Thread {
            box.result = Result { try PhotoSource.open(path: path) }
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("opening \(path) blocked")
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        return box.result ?? .failure(PhotoIOError.notFound)
    }

    private func check(_ result: Result<Void, Error>, against verdict: HostileFile.Verdict, _ what: String) {
        switch (result, verdict) {
        case (.success, .refused(let reason)):
            XCTFail("\(what): read, but should be refused with \"\(reason)\"")
        case (.failure(let error), .opens):
            XCTFail("\(what): refused with \"\(error)\", but should be read")
        case (.failure(let error), .refused(let reason)):
            XCTAssertEqual((error as? PhotoIOError)?.reason, reason, what)
        case (.failure(let error), .either):
            XCTAssertNotNil(error as? PhotoIOError, "\(what): \(error)")
        default:
            break
        }
    }

    private func checkCommand(_ result: ChildOutcome, file: HostileFile, expected: HostileFile.Verdict, what: String) {
        let label = "\(what) \(file.name)"
        XCTAssertTrue(result.exitedNormally, "\(label): signal \(result.signal ?? 0), timed out \(result.timedOut)")
        XCTAssertLessThan(result.seconds, 15, label)
        switch result.status {
        case 0:
            if case .refused(let reason) = expected { XCTFail("\(label): succeeded, expected \"\(reason)\"") }
            for line in result.stderr.split(separator: "\n") {
                XCTAssertTrue(line.hasPrefix("cropper: \(file.path): warning: "), "\(label): \(line)")
            }
        case 1:
            if expected == .opens { XCTFail("\(label): failed with \(result.stderr)") }
            XCTAssertEqual(result.stdout, "", label)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, 2, "\(label): one line, \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("cropper: "), "\(label): \(result.stderr)")
            if case .refused(let reason) = expected {
                XCTAssertEqual(result.stderr, "cropper: \(file.path): \(reason)\n", label)
            }
        default:
            XCTFail("\(label): status \(result.status): \(result.stderr)")
        }
    }
}

private final class ResultBox: @unchecked Sendable {
    var result: Result<PhotoSource, Error>?
}

/// A flag one thread raises and another polls.
final class ManagedAtomicFlag: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var raised = false

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    var isSet: Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return raised
    }

    func set() {
        pthread_mutex_lock(&lock)
        raised = true
        pthread_mutex_unlock(&lock)
    }
}
