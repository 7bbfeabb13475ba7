import ArgumentParser
import PhotoIO

/// `--rect X,Y,W,H` in displayed (upright) pixels.
struct RectArgument: ExpressibleByArgument {
    let rect: PixelRect

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingSpaces) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              w > 0, h > 0 else { return nil }
        rect = PixelRect(x: x, y: y, width: w, height: h)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// `--flip h` or `--flip v`.
enum FlipArgument: String, ExpressibleByArgument, CaseIterable {
    case h, v
}

private extension Substring {
    var trimmingSpaces: Substring {
        drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: "") { $0.append($1) }
    }
}
