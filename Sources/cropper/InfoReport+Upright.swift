import EditorState
import Localization
import PhotoIO

// `cropper info --level`: Upright's suggestion in the report.

extension InfoReport {
    /// "vertical +8.0°, horizontal −1.5°, straighten +0.3° (full)"; nil when not looked for.
    static func uprightText(_ info: PhotoInfo) -> String? {
        guard info.lookedForUpright else { return nil }
        guard let upright = info.upright else { return tr("no confident straight lines") }
        let angles = upright.angles
        return tr("vertical %1$s, horizontal %2$s, straighten %3$s (%4$s)",
                  StraightenAngle(tenths: angles.perspective.verticalTenths).description,
                  StraightenAngle(tenths: angles.perspective.horizontalTenths).description,
                  angles.straighten.description, upright.mode.rawValue)
    }

    static func uprightJSON(_ info: PhotoInfo) -> JSONValue {
        guard let upright = info.upright else { return .null }
        return .object([("vertical", .number(upright.angles.perspective.vertical)),
                        ("horizontal", .number(upright.angles.perspective.horizontal)),
                        ("straighten", .number(upright.angles.straighten.degrees)),
                        ("mode", .string(upright.mode.rawValue))])
    }
}
