import ArgumentParser
import EditorState
import Localization
import PhotoIO

/// `--aspect`, `--gravity`, `--trim`: what to crop when no `--rect` says it exactly.
struct PlacementOptions: ParsableArguments {
    @Option(help: ArgumentHelp(tr("Crop the largest box of this shape (e.g. 1:1, 4:5, 16:9)."), valueName: "W:H"))
    var aspect: AspectArgument?

    @Option(help: ArgumentHelp(tr("Where the --aspect box goes: centre, north, south, east, west, northeast, northwest, "
                                  + "southeast, southwest, or smart (by the photo's content)."), valueName: "WHERE"))
    var gravity: GravityArgument?

    @Flag(help: ArgumentHelp(tr("Remove a uniform border, its colour read from the corners; --trim=FUZZ%% sets the "
                                + "tolerance for JPEG noise (default %d%%).", Int(BorderTrim.standardFuzz))))
    var trim = false

    /// `--trim=FUZZ%` arrives here too (see `TrimSpelling`).
    @Option(name: .customLong(TrimSpelling.fuzzOption),
            help: ArgumentHelp(tr("The tolerance of --trim in percent; --trim=FUZZ says the same."), valueName: "FUZZ"))
    var trimFuzz: FuzzArgument?

    var choosesBox: Bool { aspect != nil || trim }

    func validate(rect: PixelRect?) throws {
        if rect != nil && choosesBox { throw ValidationError(tr("--rect gives the crop exactly: drop --aspect and --trim")) }
        if rect == nil && !choosesBox { throw ValidationError(tr("say what to crop: --rect, --aspect or --trim")) }
        if gravity != nil && aspect == nil { throw ValidationError(tr("--gravity places an --aspect box; add --aspect")) }
        if trimFuzz != nil && !trim { throw ValidationError(tr("--trim-fuzz goes with --trim")) }
    }

    func placement(rect: PixelRect?) -> CropPlacement {
        CropPlacement(rect: rect, aspect: aspect?.size, position: gravity?.position ?? .gravity(.centre),
                      trimFuzz: trim ? (trimFuzz?.percent ?? BorderTrim.standardFuzz) : nil)
    }
}

/// `W:H`, both whole numbers from 1.
struct AspectArgument: ExpressibleByArgument {
    let size: PixelSize

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0, w <= 100_000, h <= 100_000 else {
            return nil
        }
        size = PixelSize(width: w, height: h)
    }
}

struct GravityArgument: ExpressibleByArgument {
    let position: CropPlacement.Position

    init?(argument: String) {
        let word = argument.lowercased()
        if word == "smart" {
            position = .smart
        } else if let gravity = Gravity(rawValue: word == "center" ? "centre" : word) {
            position = .gravity(gravity)
        } else {
            return nil
        }
    }

}

/// `10%` or `10`: a share of the channel range, 0 to 100.
struct FuzzArgument: ExpressibleByArgument {
    let percent: Double

    init?(argument: String) {
        let digits = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Double(digits), value.isFinite, (0...100).contains(value) else { return nil }
        percent = value
    }
}

/// `--trim` takes an optional value, which swift-argument-parser's options cannot: `--trim=FUZZ` is spelt
/// `--trim --trim-fuzz FUZZ` before parsing. Words after `--` are file names and stay as they are.
enum TrimSpelling {
    static let fuzzOption = "trim-fuzz"

    static func rewritten(_ arguments: [String]) -> [String] {
        var out: [String] = [], ended = false
        for argument in arguments {
            if argument == "--" { ended = true }
            if !ended, argument.hasPrefix("--trim=") {
                out += ["--trim", "--" + fuzzOption, String(argument.dropFirst("--trim=".count))]
            } else {
                out.append(argument)
            }
        }
        return out
    }
}
