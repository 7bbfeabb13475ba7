import CropperTestSupport
import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// `cropper crop` killed with SIGKILL at moments spread over a whole save, again and again: the
/// original never changes, the output is absent or complete, and what is left over goes next time.
final class KilledSaveTests: XCTestCase {
    func testSaveKilledAtRandomMomentsNeverLeavesABrokenFile() throws {
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let source = scratch.file("big.jpg")
        try Tools.run("convert", [Fixtures.path("Landscape", 1), "-resize", "4000x2667", "-quality", "92", source])
        let original = try readBytes(source)
        let size = try PhotoSource(bytes: original).storedSize
        let destination = scratch.file("out")
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: false)
        let output = destination + "/crop.jpg"
        let cropper = try cropperBinary()
        let arguments = ["crop", source, "--rect", "0,0,\(size.width),\(size.height)", "-o", output]

        // How long one whole save takes here (the middle of three), to spread the kills over it.
        var durations: [Double] = []
        for _ in 0..<3 {
            let whole = try BoundedRun.run(cropper, arguments)
            XCTAssertEqual(whole.status, 0, whole.stderr)
            durations.append(whole.seconds)
            unlink(output)
        }
        let duration = durations.sorted()[1]

        var outcomes: [String: Int] = [:]
        var leftoversSoFar = 0
        var generator = SystemRandomNumberGenerator()
        let rounds = 50
        for round in 0..<rounds {
            let spread = duration * 1.1 * (Double(round) + Double.random(in: 0..<1, using: &generator)) / Double(rounds)
            let started = try BoundedRun.start(cropper, arguments)
            usleep(useconds_t(spread * 1_000_000))
            kill(started.pid, SIGKILL)
            let ended = BoundedRun.finish(started, timeout: 20)

            XCTAssertEqual(try readBytes(source), original, "round \(round): the original changed")
            if FileManager.default.fileExists(atPath: output) {
                let saved = try PhotoSource.open(path: output)
                XCTAssertFalse(saved.isTruncated, "round \(round)")
                XCTAssertEqual(try saved.decodeFull().size, size, "round \(round)")
                outcomes[ended.signal == nil ? "finished" : "complete though killed", default: 0] += 1
                unlink(output)
            } else {
                outcomes["absent", default: 0] += 1
            }
            let leftovers = temporaries(in: destination)
            if leftovers.count > leftoversSoFar { outcomes["temporary file left", default: 0] += 1 }
            leftoversSoFar = leftovers.count
            XCTAssertTrue(Set(try FileManager.default.contentsOfDirectory(atPath: destination)).isSubset(of: leftovers),
                          "round \(round): only temporary files besides the output")
        }
        print("killed saves: \(outcomes)")
        XCTAssertGreaterThan(outcomes["absent", default: 0], 0, "some kills landed before the file was placed")

        // Left-overs older than a minute go with the next save into that folder.
        let leftovers = temporaries(in: destination)
        for name in leftovers {
            var times = [timeval(tv_sec: time(nil) - 120, tv_usec: 0), timeval(tv_sec: time(nil) - 120, tv_usec: 0)]
            utimes(destination + "/" + name, &times)
        }
        let next = try BoundedRun.run(cropper, ["crop", source, "--rect", "0,0,64,64", "-o", destination + "/next.jpg"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination), ["next.jpg"],
                       "\(leftovers.count) stale temporary files removed")
    }

    private func temporaries(in directory: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(AtomicFile.isTemporaryName))
    }
}
