import ArgumentParser
import EditorState
import Localization
import PhotoIO

// The warp a crop asks for (straighten, auto-level, perspective, Upright or guides), and the box it gets when
// no --rect is given: the largest of the photo's own shape on the corrected photo, as the window gives.

extension CropCommand {
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

    /// Sets the export's straighten angle, perspective and lens, and without --rect its box.
    func applyWarp(_ source: PhotoSource, to export: inout CropExport, rectGiven: Bool) throws {
        export.focal35mm = source.focal35mm ?? CameraLens.defaultFocal35mm
        if let found = try suggestedWarp(source) {
            export.straighten = found.straighten
            export.perspective = found.perspective
        } else {
            export.straighten = try straightenAngle(source)
            export.perspective = warp.perspective?.angles ?? .zero
        }
        if !rectGiven && export.isWarped {
            export.rect = export.warpedPhoto(uprightSize: source.displayedSize).largestBoxOfItsShape
        }
    }

    /// Upright's or the guides' answer; nil when neither was asked for. When they find nothing confident, the
    /// photo is left as it is and a note says so.
    private func suggestedWarp(_ source: PhotoSource) throws -> WarpAngles? {
        let focal = source.focal35mm ?? CameraLens.defaultFocal35mm
        if let guides = warp.guides {
            if let answer = Upright.guided(guides.lines, size: source.displayedSize, focal35mm: focal) { return answer }
            printWarnings([tr("the guides give no correction (draw two along verticals or two along horizontals); "
                              + "not corrected")], for: file)
            return WarpAngles(straighten: .zero)
        }
        guard let mode = warp.upright else { return nil }
        do {
            if let answer = try UprightEstimator.suggestion(for: source, mode: mode) { return answer }
        } catch {
            throw reportFailure(error, input: file)
        }
        printWarnings([tr("Upright found no confident straight lines; not corrected")], for: file)
        return WarpAngles(straighten: .zero)
    }
}
