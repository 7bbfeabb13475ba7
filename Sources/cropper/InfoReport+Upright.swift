import EditorState
import Localization
import PhotoIO

// `cropper info --level`: Upright's suggestion in the report.

extension InfoReport {
    /// "vertical +8.0°, horizontal −1.5°, straighten +0.3° (full)", or "(vertical)" when the suggestion is
    /// Vertical's answer; nil when not looked for.
    static func uprightText(_ info: PhotoInfo) -> String? {
        guard info.lookedForUpright else { return nil }
        guard let upright = info.upright else { return tr("no confident straight lines") }
        let angles = upright.angles
        return tr("vertical %1$s, horizontal %2$s, straighten %3$s (%4$s)",
                  StraightenAngle(tenths: angles.perspective.verticalTenths).description,
                  StraightenAngle(tenths: angles.perspective.horizontalTenths).description,
                  angles.straighten.description, upright.mode.rawValue)
    }

    /// Upright Vertical's own answer, when the suggestion is Full's turn and differs from it: what
    /// `--upright vertical` applies. "vertical +5.6°, straighten +0.3°".
    static func uprightVerticalText(_ info: PhotoInfo) -> String? {
        guard let upright = info.upright, upright.mode == .full, let vertical = upright.vertical,
              vertical != upright.angles
        else { return nil }
        return tr("vertical %1$s, straighten %2$s",
                  StraightenAngle(tenths: vertical.perspective.verticalTenths).description,
                  vertical.straighten.description)
    }

    static func uprightJSON(_ info: PhotoInfo) -> JSONValue {
        guard let upright = info.upright else { return .null }
        return .object(anglesJSON(upright.angles) + [("mode", .string(upright.mode.rawValue))])
    }

    /// Vertical's own answer ({"vertical", "horizontal", "straighten"}), or null.
    static func uprightVerticalJSON(_ info: PhotoInfo) -> JSONValue {
        guard let vertical = info.upright?.vertical else { return .null }
        return .object(anglesJSON(vertical))
    }

    private static func anglesJSON(_ angles: WarpAngles) -> [(String, JSONValue)] {
        [("vertical", .number(angles.perspective.vertical)), ("horizontal", .number(angles.perspective.horizontal)),
         ("straighten", .number(angles.straighten.degrees))]
    }
}
