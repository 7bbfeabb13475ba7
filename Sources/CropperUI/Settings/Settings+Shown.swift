import Localization

extension Settings {
    /// The current value shown beside a setting's row on the shortcut sheet ("on", "92"); nil for other rows.
    func value(shownFor command: Command) -> String? {
        switch command {
        case .toggleRecentring: recentersAfterDrag ? tr("on") : tr("off")
        case .toggleLossless: lossless ? tr("on") : tr("off")
        case .jpegQualityUp, .jpegQualityDown: "\(jpegQuality)"
        default: nil
        }
    }
}
