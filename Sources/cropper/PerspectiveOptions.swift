import ArgumentParser
import EditorState
import Localization
import PhotoIO

/// `crop`'s perspective options. Every value is parsed unconditionally, so a negative one (`--perspective -6.5,2`)
/// is a value, not an option.
struct PerspectiveOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Perspective: re-project as if the camera had been turned V degrees down and H degrees "
                                  + "right (each −40 to 40, to 0.1°), before straightening and the crop."), valueName: "V,H"))
    var perspective: PerspectiveArgument?

    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Upright: level (auto-level), vertical (verticals upright and parallel, and level) or full "
                                  + "(horizontals too), from the photo's straight lines."), valueName: "MODE"))
    var upright: UprightMode?

    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Two to four guide lines in displayed pixels, each drawn along what should be vertical or "
                                  + "horizontal; the photo is re-projected so that they are."), valueName: "X1,Y1,X2,Y2;…"))
    var guides: GuidesArgument?
}

/// `--perspective V,H` in degrees.
struct PerspectiveArgument: ExpressibleByArgument {
    let vertical: Double, horizontal: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: " ").replacingOccurrences(of: "−", with: "-")) }
        guard parts.count == 2, let v = parts[0], let h = parts[1], v.isFinite, h.isFinite else { return nil }
        vertical = v
        horizontal = h
    }

    var isInRange: Bool { abs(vertical) <= 40 && abs(horizontal) <= 40 }
    var angles: PerspectiveAngles { PerspectiveAngles(vertical: vertical, horizontal: horizontal) }
}

/// `--guides "x1,y1,x2,y2;…"`.
struct GuidesArgument: ExpressibleByArgument {
    let lines: [LineSegment]

    init?(argument: String) {
        var lines: [LineSegment] = []
        for guide in argument.split(separator: ";") where !guide.allSatisfy({ $0 == " " }) {
            let numbers = guide.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: " ")) }
            guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
                  [x1, y1, x2, y2].allSatisfy(\.isFinite) else { return nil }
            lines.append(LineSegment(x1, y1, x2, y2))
        }
        self.lines = lines
    }
}

extension UprightMode: ExpressibleByArgument {}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String { split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b) }
}
