import EditorState
@testable import PhotoIO

/// Upright on hostile previews: a picture of any size from 1×1 up, its pixels the input's bytes, through the line
/// segment detector and Upright in every mode; hostile guides (any 64-bit pattern: NaN, infinities, huge) through
/// the guided answer. Layout: width and height (two bytes each), orientation, focal length, then pixels and guides.
enum LineDetectorFuzzTarget {
    static func run(_ input: [UInt8]) throws {
        guard input.count >= 6 else { return }
        let width = 1 + (Int(input[0]) | Int(input[1]) << 8) % 320, height = 1 + (Int(input[2]) | Int(input[3]) << 8) % 320
        let orientation = Orientation(rawValue: 1 + Int(input[4]) % 8) ?? .normal
        let focal = input[5] == 0 ? -1 : Double(input[5]) / 4
        let pixels = Array(input.dropFirst(6))
        let bitmap = try Bitmap(width: width, height: height, alpha: .opaque)
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                let i = (y * width + x) * 3
                row[x] = pixels.isEmpty ? 0 : 0xFF00_0000 | UInt32(pixels[i % pixels.count]) << 16
                    | UInt32(pixels[(i + 1) % pixels.count]) << 8 | UInt32(pixels[(i + 2) % pixels.count])
            }
        }
        for segment in LineSegmentDetector.segments(in: bitmap) {
            for p in [segment.start, segment.end] {
                guard p.isFinite, p.x >= -2, p.y >= -2, p.x <= Double(width) + 2, p.y <= Double(height) + 2 else {
                    throw FuzzFailure("segment \(segment) off a \(width)x\(height) picture")
                }
            }
        }
        let shown = orientation.displayedSize(forStored: bitmap.size)
        for mode in UprightMode.allCases {
            if let answer = UprightEstimator.estimate(bitmap, shownAs: orientation, focal35mm: focal, mode: mode) {
                try check(answer, size: shown, focal: focal, what: "Upright \(mode)")
            }
        }
        let guides = stride(from: 0, to: min(pixels.count / 32, 4) * 32, by: 32).map { start -> LineSegment in
            let numbers = (0..<4).map { k in
                Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(pixels[start + k * 8 + $1]) })
            }
            return LineSegment(numbers[0], numbers[1], numbers[2], numbers[3])
        }
        if let answer = Upright.guided(guides, size: shown, focal35mm: focal) {
            try check(answer, size: shown, focal: focal, what: "guides \(guides)")
        }
    }

    /// An answer is within the dials' reach, and the corrected photo holds a box of its own shape.
    static func check(_ answer: WarpAngles, size: PixelSize, focal: Double, what: String) throws {
        guard abs(answer.straighten.tenths) <= 450, abs(answer.perspective.verticalTenths) <= 400,
              abs(answer.perspective.horizontalTenths) <= 400 else { throw FuzzFailure("\(what): \(answer) out of reach") }
        let warped = WarpedPhoto(size: size, angle: answer.straighten, perspective: answer.perspective, focal35mm: focal)
        let box = warped.largestBoxOfItsShape
        guard box.isEmpty || size.width < 4 || size.height < 4 || warped.contains(box) else {
            throw FuzzFailure("\(what): the largest box \(box) is off the corrected photo")
        }
    }
}
