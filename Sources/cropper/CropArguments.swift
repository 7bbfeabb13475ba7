import ArgumentParser
import EditorState
import PhotoIO

/// `--rect X,Y,W,H` in displayed (upright) pixels.
struct RectArgument: ExpressibleByArgument {
    let rect: PixelRect

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingSpaces) }
        // Only the form is checked here: whether the rect fits is known once the photo is read.
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else { return nil }
        rect = PixelRect(x: x, y: y, width: w, height: h)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// `--resize WxH`: an exact output size.
struct SizeArgument: ExpressibleByArgument {
    let size: ExportSize

    init?(argument: String) {
        guard let size = ExportSize(text: argument), size.aspect != nil else { return nil }
        self.size = size
    }
}

/// `--flip h` or `--flip v`.
enum FlipArgument: String, ExpressibleByArgument, CaseIterable {
    case h, v
}

extension Orientation {
    /// The user's turn of the crop as documented for `crop`: `--rotate` clockwise first, then the
    /// horizontal flip, then the vertical one. Nil when the angle is not a whole quarter turn.
    init?(rotate degrees: Int, flips: [FlipArgument]) {
        let quarterTurns: [Int: Orientation] = [0: .normal, 90: .rotate90CW, 180: .rotate180, 270: .rotate270CW]
        guard var turn = quarterTurns[degrees] else { return nil }
        if flips.contains(.h) { turn = turn.flippedHorizontally }
        if flips.contains(.v) { turn = turn.flippedVertically }
        self = turn
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: "") { $0.append($1) }
    }
}
