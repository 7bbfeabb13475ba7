import Foundation

/// A throwaway home for a launched `cropper`: HOME and every XDG base directory point inside it, so a test
/// never reads or writes the real user's settings, recent files or caches. Removed when released.
public final class TestHome {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "cropper-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public var configHome: String { path + "/.config" }
    public var dataHome: String { path + "/.local/share" }
    public var settingsFile: String { configHome + "/cropper/settings.json" }
    public var recentlyUsedFile: String { dataHome + "/recently-used.xbel" }

    public var environment: [String: String] {
        [
            "HOME": path,
            "XDG_CONFIG_HOME": configHome,
            "XDG_DATA_HOME": dataHome,
            "XDG_CACHE_HOME": path + "/.cache",
            "XDG_STATE_HOME": path + "/.local/state",
        ]
    }
}
