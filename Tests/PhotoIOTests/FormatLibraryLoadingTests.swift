import CropperTestSupport
import Foundation
import XCTest

/// libheif, libwebp, libtiff and libjxl (and the codecs behind libheif) are not linked into cropper: they are loaded when
/// a photo first needs them, so a JPEG's start does not pay for them.
final class FormatLibraryLoadingTests: XCTestCase {
    func testTheFormatLibrariesAreNotLinked() throws {
        let ldd = try Tools.run("/usr/bin/ldd", [try cropperBinary()])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        for library in ["libheif", "libde265", "libx265", "libaom", "libdav1d", "libwebp", "libtiff", "libjxl", "libhwy"] {
            XCTAssertFalse(ldd.stdout.contains(library), "\(library) is linked")
        }
        XCTAssertTrue(ldd.stdout.contains("libturbojpeg"), "the JPEG library still is")
    }

    func testEachFormatLoadsItsLibraryWhenFirstNeeded() throws {
        let scratch = try ScratchDirectory()
        let photos = try FormatPhotos.make(in: scratch)
        for (path, format) in [(photos.heic, "HEIC"), (photos.webp, "WebP"), (photos.tiff, "TIFF")] {
            let info = try Tools.run(try cropperBinary(), ["info", "--json", path])
            XCTAssertEqual(info.status, 0, info.stderr)
            XCTAssertTrue(info.stdout.contains("\"format\": \"\(format)\""), info.stdout)
            let out = scratch.file("crop-\(format).\(URL(fileURLWithPath: path).pathExtension)")
            let crop = try Tools.run(try cropperBinary(), ["crop", path, "--rect", "10,10,40,30", "-o", out])
            XCTAssertEqual(crop.status, 0, crop.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        }
    }
}
