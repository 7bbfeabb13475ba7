import EditorState
import Localization
import PhotoIO

/// What Ctrl+Shift+C copies: the open photo's crop as a rule for other photos (the box carried over as the user
/// chose, the turns, flips and straightening), with the export size saves are scaled to.
struct CopiedRule: Equatable, Sendable {
    var rule: CropRule
    let exportSize: ExportSize?
    /// The photo it was copied from, for the notice.
    let fileName: String

    /// The open photo's crop, or nil without a photo or a box.
    init?(editor: EditorState, fileName: String, exportSize: ExportSize?) {
        guard let imageSize = editor.imageSize, let crop = editor.crop else { return nil }
        rule = CropRule(box: crop, photoSize: imageSize, userTransform: editor.userTransform, straighten: editor.straighten)
        self.exportSize = exportSize
        self.fileName = fileName
    }

    /// One line per way the box can be carried over, numbered as the panel's keys are.
    static func choiceLine(_ kind: CropRule.Kind, of rule: CropRule) -> String {
        let box = rule.box, size = rule.photoSize
        let shape = "\(rule.shape.width):\(rule.shape.height)"
        switch kind {
        case .sameShapeSamePlace:
            return tr("Same shape (%1$s), same place: centred at %2$s × %3$s of the photo", shape,
                      percent(box.center.x, of: size.width), percent(box.center.y, of: size.height))
        case .relative:
            return tr("Relative: %1$s, %2$s, %3$s × %4$s of the photo", percent(Double(box.x), of: size.width),
                      percent(Double(box.y), of: size.height), percent(Double(box.width), of: size.width),
                      percent(Double(box.height), of: size.height))
        case .pixels:
            return tr("Pixels: %1$d, %2$d, %3$d × %4$d", box.x, box.y, box.width, box.height)
        case .centred:
            return tr("Largest %s box, centred", shape)
        case .smart:
            return tr("Largest %s box where the photo’s content is", shape)
        }
    }

    /// The turns, flips, straightening and export size that go with every choice.
    var extrasLine: String {
        var parts: [String] = []
        if rule.userTransform != .normal { parts.append(tr("turned and flipped as this photo")) }
        if !rule.straighten.isZero { parts.append(tr("straightened %s", rule.straighten.description)) }
        if let exportSize { parts.append(tr("saved at %s", exportSize.label)) }
        return parts.isEmpty ? "" : tr("With it: %s.", parts.joined(separator: ", "))
    }

    static func label(_ kind: CropRule.Kind) -> String {
        switch kind {
        case .sameShapeSamePlace: tr("Same place")
        case .relative: tr("Relative")
        case .pixels: tr("Pixels")
        case .centred: tr("Centred")
        case .smart: tr("Smart")
        }
    }

    private static func percent(_ value: Double, of whole: Int) -> String {
        "\(Int((value / Double(max(1, whole)) * 100).rounded())) %"
    }
}

extension CropRule.Misfit {
    /// The reason shown under a photo the rule does not fit.
    var reason: String {
        switch self {
        case let .tooSmall(photo, needs):
            tr("only %1$d × %2$d px; the box needs %3$d × %4$d", photo.width, photo.height, needs.width, needs.height)
        case .offTheTurnedPhoto: tr("the box falls off the straightened photo")
        }
    }
}
