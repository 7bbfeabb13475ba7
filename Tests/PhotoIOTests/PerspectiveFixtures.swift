import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// Photos for perspective: ImageMagick's `-distort Perspective` driven by the four corner correspondences our
/// model gives (the way docs/perspective.md says to compute them).
enum PerspectiveFixtures {
    static let convert = "/usr/bin/convert"

    /// "x,y X,Y …" for `-distort Perspective`: each of the photo's corners and where `map` puts it.
    static func correspondences(size: PixelSize, _ map: (Point) -> Point) -> String {
        let w = Double(size.width), h = Double(size.height)
        return [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map { p in
            let q = map(p)
            return "\(p.x),\(p.y) \(q.x),\(q.y)"
        }.joined(separator: "  ")
    }

    /// The photo as if shot through a camera turned the other way: correcting it by `angles` gives `path` back.
    /// A point p of the new photo shows what `forward(p)` showed, so the photo's corners go to `backward`'s.
    static func shot(_ path: String, correctedBy angles: WarpAngles, to output: String, focal35mm: Double = 28) throws {
        let size = try PhotoSource.open(path: path).displayedSize
        let warp = WarpedPhoto(size: size, angle: angles.straighten, perspective: angles.perspective, focal35mm: focal35mm)
        let pairs = correspondences(size: size) { warp.backward.apply($0) }
        let result = try Tools.run(convert, [path, "-auto-orient", "+repage", "-virtual-pixel", "edge",
                                             "-distort", "Perspective", pairs, "+repage", "-quality", "92", output])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// ImageMagick's perspective crop of `path`: the photo's corners to where `warp` takes them, only `rect` computed.
    static func imageMagickCrop(_ path: String, warp: WarpedPhoto, rect: PixelRect, to output: String) throws {
        let geometry = "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
        let pairs = correspondences(size: warp.size) { warp.forward.apply($0) }
        let result = try Tools.run(convert, [path, "-auto-orient", "+repage", "-define", "distort:viewport=\(geometry)",
                                             "-distort", "Perspective", pairs, "+repage",
                                             "-define", "png:compression-level=1", output])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Length-weighted median and 90th percentile of the near-vertical segments' lean from vertical (degrees),
    /// counting segments at least `minimumLength` long and within `within` degrees of plumb.
    static func verticalLean(_ segments: [LineSegment], minimumLength: Double,
                             within: Double = 45) -> (median: Double, p90: Double)? {
        let leaning = segments.filter { $0.isNearerVertical && $0.angleFromVertical <= within && $0.length >= minimumLength }
            .map { ($0.angleFromVertical, $0.length) }.sorted { $0.0 < $1.0 }
        let total = leaning.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return nil }
        func quantile(_ q: Double) -> Double {
            var sum = 0.0
            for (lean, length) in leaning {
                sum += length
                if sum >= q * total { return lean }
            }
            return leaning.last!.0
        }
        return (quantile(0.5), quantile(0.9))
    }
}
