import CropperTestSupport
import Foundation

/// The streets of the straighten and perspective tests, made once.

/// A facade, two posts and a lawn under a plasma sky, turned 3° clockwise by ImageMagick: a tilted street.
func makeTiltedStreet(in directory: ScratchDirectory) throws -> String {
    let made = try MadeOnce.convert("tilted-street.jpg", [
        "-size", "1500x1000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
        "-fill", "#707880", "-draw", "rectangle 250,200 1250,900", "-fill", "#303438",
        "-draw", "rectangle 330,280 480,440", "-draw", "rectangle 600,280 750,440", "-draw", "rectangle 870,280 1020,440",
        "-draw", "rectangle 330,560 480,720", "-draw", "rectangle 600,560 750,720", "-draw", "rectangle 870,560 1020,720",
        "-fill", "#405030", "-draw", "rectangle 0,900 1500,1000",
        "-stroke", "#202020", "-strokewidth", "6", "-draw", "line 100,120 100,900", "-draw", "line 1400,160 1400,900",
        "-seed", "6", "-attenuate", "0.5", "+noise", "Gaussian", "-distort", "SRT", "3", "-quality", "92"])
    let copy = directory.file("street.jpg")
    return FileManager.default.fileExists(atPath: copy) ? copy : try directory.copy(made, as: "street.jpg")
}

/// The street of the straighten tests, not turned: a photo whose box must follow a keystone.
func makeStraightStreet(in directory: ScratchDirectory) throws -> String {
    let made = try MadeOnce.convert("straight-street.jpg", [
        "-size", "1500x1000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
        "-fill", "#707880", "-draw", "rectangle 250,200 1250,900", "-fill", "#303438",
        "-draw", "rectangle 330,280 480,440", "-draw", "rectangle 600,280 750,440", "-draw", "rectangle 870,280 1020,440",
        "-fill", "#405030", "-draw", "rectangle 0,900 1500,1000", "-quality", "92"])
    let copy = directory.file("street.jpg")
    return FileManager.default.fileExists(atPath: copy) ? copy : try directory.copy(made, as: "street.jpg")
}
