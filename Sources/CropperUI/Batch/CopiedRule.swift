import EditorState
import Localization
import PhotoIO

/// What Ctrl+Shift+C copies: the open photo's crop as a rule for other photos (the box carried over as the user
/// chose, the turns, flips, straightening and perspective or guides), with the export size saves are scaled to
/// and lossless mode when it is on.
struct CopiedRule: Equatable, Sendable {
    var rule: CropRule
    let exportSize: ExportSize?
    /// The photo it was copied from, for the notice.
    let fileName: String
    /// Lossless mode was on and the rule allows it: each photo's crop is cut from its blocks (JPEG, HEIC, AVIF).
    let lossless: Bool
    /// Lossless mode was on but the rule cannot be saved that way: why (the panel says it).
    let losslessRefusal: String?

    /// The open photo's crop, or nil without a photo or a box. `lossless`: lossless mode is on.
    init?(editor: EditorState, fileName: String, exportSize: ExportSize?, lossless: Bool = false) {
        guard let imageSize = editor.imageSize, let crop = editor.crop else { return nil }
        rule = CropRule(box: crop, photoSize: imageSize, userTransform: editor.userTransform, straighten: editor.straighten,
                        perspective: editor.perspective, guides: editor.guides)
        self.exportSize = exportSize
        self.fileName = fileName
        losslessRefusal = !lossless ? nil
            : rule.warps ? tr("a straightened or perspective-corrected crop is resampled, so it cannot be lossless")
            : exportSize != nil ? tr("a lossless crop keeps its size; the export size scales it") : nil
        self.lossless = lossless && losslessRefusal == nil
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

    /// The turns, flips, straightening, perspective or guides, export size and lossless mode that go with every
    /// choice; and why the crops cannot be lossless when the mode is on.
    var extrasLine: String {
        var parts: [String] = []
        if rule.userTransform != .normal { parts.append(tr("turned and flipped as this photo")) }
        if !rule.guides.isEmpty {
            parts.append(trn("%d guide line, the correction worked out on each photo",
                             "%d guide lines, the correction worked out on each photo", rule.guides.count, rule.guides.count))
        } else {
            if !rule.straighten.isZero { parts.append(tr("straightened %s", rule.straighten.description)) }
            if !rule.perspective.isZero { parts.append(tr("perspective %s", rule.perspective.description)) }
        }
        if let exportSize { parts.append(tr("saved at %s", exportSize.label)) }
        if lossless { parts.append(tr("lossless where the photo allows it (JPEG, HEIC, AVIF)")) }
        var line = parts.isEmpty ? "" : tr("With it: %s.", parts.joined(separator: ", "))
        if let losslessRefusal {
            line += (line.isEmpty ? "" : "\n") + tr("Not lossless: %s.", losslessRefusal)
        }
        return line
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

extension CopiedRule {
    /// Why a photo cannot take the rule's lossless crop; nil when it can (or the rule is not lossless).
    func losslessMisfit(_ header: PhotoHeader) -> String? {
        guard lossless, ![.jpeg, .heic, .avif].contains(header.format) else { return nil }
        return tr("a %s photo has no lossless crop (JPEG, HEIC and AVIF have)", header.format.rawValue.uppercased())
    }
}
