import ArgumentParser
import EditorState
import Localization
import PhotoIO

extension CropCommand {
    func validateStraighten() throws {
        if let straighten, !(straighten.isFinite && abs(straighten) <= 45) {
            throw ValidationError(tr("--straighten must be between -45 and 45 degrees"))
        }
        if straighten != nil && autoLevel {
            throw ValidationError(tr("--straighten and --auto-level both set the angle; pass one"))
        }
    }

    /// The angle asked for, or the one auto-level finds (zero, with a note, when it finds no straight edges).
    func straightenAngle(_ source: PhotoSource) throws -> (StraightenAngle, [String]) {
        if let straighten { return (StraightenAngle(degrees: straighten), []) }
        guard autoLevel else { return (.zero, []) }
        if let angle = try LevelEstimator.suggestion(for: source) { return (angle, []) }
        return (.zero, [tr("auto-level found no long straight edges; not straightened")])
    }
}
