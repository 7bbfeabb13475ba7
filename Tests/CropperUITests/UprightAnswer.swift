import CropperTestSupport

extension LogEntry {
    /// The state says Upright in `mode` has answered: its time is in and nothing runs. Tests wait for this rather
    /// than for the answer's own log line, which a 30 ms answer can write before the release of the key or click
    /// that asked, and the key press reads past it.
    func uprightAnswered(_ mode: String) -> Bool {
        guard let upright = fields["upright"] as? [String: Any] else { return false }
        return upright["mode"] as? String == mode && upright["running"] as? Bool == false && upright["ms"] is Double
    }
}
