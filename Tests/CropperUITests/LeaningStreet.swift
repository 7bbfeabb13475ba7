import CropperTestSupport
import Foundation
import EditorState
import XCTest

/// The street, shot as if looking up by 8°: ImageMagick given the four corners our model maps. The façade's
/// edges are the street's x = 250 and x = 1250.
func makeLeaningStreet(in directory: ScratchDirectory) throws -> String {
    // Made once per build tree (two ImageMagick runs), copied into the test's folder, where crops are saved beside it.
    let street = try MadeOnce.convert("leaning-street-flat.png", [
        "-size", "1500x1000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
        "-fill", "#707880", "-draw", "rectangle 250,150 1250,900", "-fill", "#303438",
        "-draw", "rectangle 330,280 480,440", "-draw", "rectangle 870,280 1020,440",
        "-fill", "#405030", "-draw", "rectangle 0,900 1500,1000"])
    let warp = WarpedPhoto(size: PixelSize(width: 1500, height: 1000), angle: .zero,
                           perspective: PerspectiveAngles(verticalTenths: 80, horizontalTenths: 0))
    let pairs = [(0.0, 0.0), (1500, 0), (1500, 1000), (0, 1000)].map { corner -> String in
        let p = warp.forward.apply(Point(x: corner.0, y: corner.1))
        return "\(p.x),\(p.y) \(corner.0),\(corner.1)"
    }.joined(separator: "  ")
    let leaning = try MadeOnce.convert("leaning.jpg", [street, "-virtual-pixel", "edge", "-distort", "Perspective", pairs,
                                                       "+repage", "-quality", "92"])
    let copy = directory.file("leaning.jpg")
    return FileManager.default.fileExists(atPath: copy) ? copy : try directory.copy(leaning, as: "leaning.jpg")
}
