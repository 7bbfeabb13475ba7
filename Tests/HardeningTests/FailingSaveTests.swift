import CropperTestSupport
import EditorState
import Foundation
import Glibc
import XCTest
@testable import PhotoIO

/// Saving onto a full disk, into a read-only folder and across filesystems: a clear error or a
/// complete file, the original never touched, no temporary file left behind.
final class FailingSaveTests: XCTestCase {
    let photo = Fixtures.path("Landscape", 6)

    func testAFullDiskFailsTheSaveWithAClearMessageAndLeavesNothing() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch)
        try disk.fill(leaving: 64 << 10)
        let source = try scratch.copy(photo, as: "photo.jpg")
        let original = try readBytes(source)
        let cropper = try cropperBinary()

        for name in ["whole.jpg", "whole.png"] {
            let output = disk.file(name)
            let result = try BoundedRun.run(cropper, ["crop", source, "--rect", "0,0,1800,1200", "-o", output])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stderr, "cropper: \(output): cannot write (No space left on device)\n")
            XCTAssertEqual(disk.entries, ["filler"], "no output and no temporary file")
        }
        XCTAssertThrowsError(try CropExporter.export(try PhotoSource.open(path: source),
                                                     CropExport(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200)),
                                                     to: disk.file("inprocess.jpg"), overwrite: false)) {
            XCTAssertEqual($0 as? PhotoIOError, .cannotWrite("No space left on device"))
        }
        XCTAssertEqual(disk.entries, ["filler"])

        // What fits is still written: the disk is full, not broken.
        let small = try BoundedRun.run(cropper, ["crop", source, "--rect", "0,0,64,64", "-o", disk.file("small.jpg")])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertEqual(try PhotoSource.open(path: disk.file("small.jpg")).decodeFull().size, PixelSize(width: 64, height: 64))
        XCTAssertEqual(try readBytes(source), original)
    }

    func testAReadOnlyFolderRefusesTheSave() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch)
        try disk.remountReadOnly()
        let output = disk.file("out.jpg")
        let result = try BoundedRun.run(try cropperBinary(), ["crop", photo, "--rect", "0,0,100,100", "-o", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "cropper: \(output): cannot write (Read-only file system)\n")
        XCTAssertEqual(disk.entries, [])
    }

    func testSavingAcrossFilesystemsBothWays() throws {
        let scratch = try ScratchDirectory()
        let disk = try TmpfsMount(in: scratch, size: "8m")
        var scratchInfo = stat()
        stat(scratch.path, &scratchInfo)
        XCTAssertNotEqual(UInt64(scratchInfo.st_dev), disk.device, "the tmpfs is another filesystem")
        let onDisk = try scratch.copy(photo, as: "photo.jpg")
        let onTmpfs = try scratch.copy(photo, as: "tmpfs/photo.jpg")
        let cropper = try cropperBinary()
        for (source, output) in [(onDisk, disk.file("from-disk.jpg")), (onTmpfs, scratch.file("from-tmpfs.jpg"))] {
            let result = try BoundedRun.run(cropper, ["crop", source, "--rect", "10,20,300,200", "--rotate", "90",
                                                      "-o", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try PhotoSource.open(path: output).decodeFull().size, PixelSize(width: 200, height: 300))
        }
        XCTAssertEqual(disk.entries, ["from-disk.jpg", "photo.jpg"])
        XCTAssertEqual(try readBytes(onDisk), try readBytes(photo))
        XCTAssertEqual(try readBytes(onTmpfs), try readBytes(photo))
    }

    /// Temporary files of killed saves go on the next save into that folder; young ones (a save in
    /// progress elsewhere), other names, folders and other users' files stay.
    func testTheNextSaveRemovesStaleTemporaryFiles() throws {
        let scratch = try ScratchDirectory()
        @discardableResult
        func make(_ name: String, ageSeconds: Int, owner: uid_t? = nil) throws -> String {
            let path = try scratch.write(Array("partial".utf8), as: name)
            var times = [timeval(tv_sec: time(nil) - ageSeconds, tv_usec: 0), timeval(tv_sec: time(nil) - ageSeconds, tv_usec: 0)]
            if let owner { chown(path, owner, gid_t(owner)) }
            utimes(path, &times)
            return path
        }
        try make(".old.jpg.Ab12Cd.tmp", ageSeconds: 120)
        try make(".old.PNG.xY34zW.tmp", ageSeconds: 3600)
        try make(".fresh.jpg.Qw12Er.tmp", ageSeconds: 5)
        try make(".notes.txt.Ab12Cd.tmp", ageSeconds: 120)
        try make(".odd.jpg.short.tmp", ageSeconds: 120)
        try make("visible.jpg.Ab12Cd.tmp", ageSeconds: 120)
        if getuid() == 0 { try make(".theirs.jpg.Zx98Cv.tmp", ageSeconds: 120, owner: 65534) }
        try FileManager.default.createDirectory(atPath: scratch.file(".folder.jpg.Ab12Cd.tmp"), withIntermediateDirectories: false)

        try AtomicFile.write([1, 2, 3], to: scratch.file("new.jpg"), overwrite: false)
        var expected = [".fresh.jpg.Qw12Er.tmp", ".notes.txt.Ab12Cd.tmp", ".odd.jpg.short.tmp", "visible.jpg.Ab12Cd.tmp",
                        ".folder.jpg.Ab12Cd.tmp", "new.jpg"]
        if getuid() == 0 { expected.append(".theirs.jpg.Zx98Cv.tmp") }
        XCTAssertEqual(scratch.entries, expected.sorted())
    }
}
