import ArgumentParser
import EditorState
import Localization
import PhotoIO

// The warp a crop asks for (straighten, auto-level, perspective, Upright or guides), and the box it gets when
// no --rect is given: the largest of the photo's own shape on the corrected photo, as the window gives.

extension CropCommand {
    /// A straighten, auto-level, perspective, Upright or guides with no --rect, --aspect or --trim.
    var correctsWithoutABox: Bool {
        rect == nil && !placement.choosesBox
            && (straighten != nil || autoLevel || warp.perspective != nil || warp.upright != nil || warp.guides != nil)
    }

    func validatePerspective() throws {
        if let perspective = warp.perspective, !perspective.isInRange {
            throw ValidationError(tr("--perspective must be two angles between -40 and 40 degrees, as V,H"))
        }
        if let guides = warp.guides, !(2...4).contains(guides.lines.count) {
            throw ValidationError(tr("--guides takes two to four lines, as X1,Y1,X2,Y2;X1,Y1,X2,Y2"))
        }
        let sources = [straighten != nil || warp.perspective != nil, autoLevel, warp.upright != nil, warp.guides != nil]
        if sources.filter({ $0 }).count > 1 {
            throw ValidationError(tr("--straighten/--perspective, --auto-level, --upright and --guides each set the "
                                     + "correction; pass one of them"))
        }
    }

    /// Sets the export's straighten angle, perspective and lens; the notes say when Upright, the guides or
    /// auto-level found nothing to go by (the photo is then left as it is).
    func applyWarp(_ source: PhotoSource, to export: inout CropExport) throws -> [String] {
        export.focal35mm = source.focal35mm ?? CameraLens.defaultFocal35mm
        if let guides = warp.guides {
            guard let answer = Upright.guided(guides.lines, size: source.displayedSize, focal35mm: export.focal35mm) else {
                return [tr("the guides give no correction (draw two along verticals or two along horizontals); "
                           + "not corrected")]
            }
            (export.straighten, export.perspective) = (answer.straighten, answer.perspective)
            return []
        }
        if let mode = warp.upright {
            guard let answer = try UprightEstimator.suggestion(for: source, mode: mode) else {
                return [tr("Upright found no confident straight lines; not corrected")]
            }
            (export.straighten, export.perspective) = (answer.straighten, answer.perspective)
            return []
        }
        let (angle, notes) = try straightenAngle(source)
        export.straighten = angle
        export.perspective = warp.perspective?.angles ?? .zero
        return notes
    }
}
