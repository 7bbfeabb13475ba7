import CropperTestSupport
import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// A batch that meets a full disk or Ctrl+C: it stops starting photos, every file it wrote is whole, no temporary
/// file is left, the summary says what happened and the exit status is not 0. One photo cropped alone (on the
/// main thread, not a batch worker) meets Ctrl+C the same way.
final class BatchFaultTests: XCTestCase {
    func photos(_ count: Int, in scratch: ScratchDirectory) throws -> [String] {
        try (1...count).map { try scratch.copy(Fixtures.path("Landscape", 1), as: "photo-\($0).jpg") }
    }

    /// Every photo file in `folder` decodes whole; returns their names.
    func wholePhotos(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "filler" }.sorted()
        XCTAssertEqual(names.filter { $0.hasSuffix(".tmp") || $0.hasPrefix(".") }, [], "no temporary file")
        for name in names {
            let source = try PhotoSource.open(path: folder + "/" + name)
            XCTAssertEqual(try source.decodeUndamaged(scale: .full).size, PixelSize(width: 1800, height: 1200), name)
        }
        return names
    }

    func testAFullDiskStopsTheBatchWithOneLineAndEveryWrittenFileIsWhole() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch, size: "4m")
        let inputs = try photos(8, in: scratch)
        let probe = try BoundedRun.run(try cropperBinary(), ["crop", inputs[0], "--rect", "0,0,1800,1200", "-o",
                                                             scratch.file("probe.jpg")])
        XCTAssertEqual(probe.status, 0, probe.stderr)
        let outputSize = try readBytes(scratch.file("probe.jpg")).count
        try disk.fill(leaving: outputSize * 5 / 2)

        let result = try BoundedRun.run(try cropperBinary(), ["crop", "--rect", "0,0,1800,1200", "-j", "1",
                                                              "--output-dir", disk.path] + inputs, timeout: 60)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["cropper: \(disk.file("photo-3-cropped.jpg")): cannot write (No space left on device); "
                               + "the batch stops here", "2 cropped, 1 failed, 5 not started (the disk is full)"])
        XCTAssertEqual(try wholePhotos(in: disk.path), ["photo-1-cropped.jpg", "photo-2-cropped.jpg"])
    }

    func testCtrlCStartsNothingNewFinishesWhatIsInFlightAndSaysSo() throws {
        let scratch = try ScratchDirectory()
        let inputs = try photos(30, in: scratch)
        let out = scratch.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let started = try BoundedRun.start(try cropperBinary(), ["crop", "--rect", "0,0,1800,1200", "-j", "2", "--json",
                                                                 "--output-dir", out] + inputs)
        // Interrupted once the first crops are reported, as a user would press Ctrl+C while it runs.
        Poll.until(timeout: 60) {
            ((try? String(contentsOfFile: started.stdoutPath, encoding: .utf8)) ?? "").split(separator: "\n").count >= 2
        }
        XCTAssertEqual(kill(started.pid, SIGINT), 0)
        let result = BoundedRun.finish(started, timeout: 60)
        XCTAssertTrue(result.exitedNormally, "the interrupt is handled, not fatal")
        XCTAssertEqual(result.status, 130)

        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.map { $0["input"] as? String }, inputs, "every photo has its line, in order")
        let cropped = objects.filter { $0["error"] is NSNull }.count
        let notStarted = objects.filter { $0["error"] as? String == "not started" }.count
        XCTAssertEqual(cropped + notStarted, 30)
        XCTAssertGreaterThan(notStarted, 0, "interrupted before the end")
        XCTAssertEqual(result.stderr, "\(cropped) cropped, 0 failed, \(notStarted) not started (interrupted)\n")
        XCTAssertEqual(try wholePhotos(in: out).count, cropped)
    }

    func testCtrlCDuringOneCropLetsItsSaveFinishAndExits130() throws {
        let scratch = try ScratchDirectory()
        let photo = scratch.file("noisy.jpg"), out = scratch.file("out.png")
        // Noise makes the PNG slow to compress (about two seconds): the interrupt comes while the crop is being made.
        try Tools.run("/usr/bin/convert", ["-size", "2400x1600", "gradient:#204060-#e0c080", "-attenuate", "0.2",
                                           "+noise", "Gaussian", "-quality", "90", photo])
        let started = try BoundedRun.start(try cropperBinary(), ["crop", photo, "--rect", "0,0,2400,1600", "-o", out])
        // Once cropper listens for Ctrl+C, as a user would press it while it works.
        XCTAssertTrue(Poll.until(timeout: 30) { Self.catchesSIGINT(started.pid) }, "cropper set its SIGINT handler")
        XCTAssertEqual(kill(started.pid, SIGINT), 0)
        let result = BoundedRun.finish(started, timeout: 60)
        XCTAssertTrue(result.exitedNormally, "the interrupt is handled, not fatal")
        XCTAssertEqual(result.status, 130)
        XCTAssertEqual(result.stdout, "\(out) 2400x1600\n", "the crop was saved and said so")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try PhotoSource.open(path: out).decodeUndamaged(scale: .full).size,
                       PixelSize(width: 2400, height: 1600))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["noisy.jpg", "out.png"],
                       "no temporary file")
    }

    /// Whether the process has its own handler for SIGINT (the SigCgt mask in /proc/PID/status).
    static func catchesSIGINT(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << (UInt64(SIGINT) - 1)) != 0
    }
}
