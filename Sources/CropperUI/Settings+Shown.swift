extension Settings {
    /// The current value shown beside a setting's row on the shortcut sheet ("on", "92"); nil for other rows.
    func value(shownFor command: Command) -> String? {
        switch command {
        case .toggleRecentring: recentersAfterDrag ? "on" : "off"
        case .toggleLossless: lossless ? "on" : "off"
        case .jpegQualityUp, .jpegQualityDown: "\(jpegQuality)"
        default: nil
        }
    }
}
