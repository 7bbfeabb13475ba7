import Foundation
import Glibc
import Localization
import PhotoIO
import PhotoLibrary

/// `$XDG_CONFIG_HOME/cropper/settings.json`: read once at start, written atomically (PhotoIO's `AtomicFile`) on a
/// background queue a moment after the last change, and once more, waiting for it, at quit. A file that cannot
/// be read gives the defaults and one line on stderr; it is replaced only when a setting changes.
final class SettingsStore {
    static let writeDelay = 0.5

    let path: String
    private(set) var settings: Settings
    /// What the file holds, as far as this process knows.
    private var stored: Settings
    /// When the pending write is due (event-loop clock); nil when nothing is pending.
    private(set) var writeDueAt: Double?
    private let queue = DispatchQueue(label: "cropper.settings")

    init(path: String) {
        self.path = path
        let loaded = Self.read(path)
        settings = loaded
        stored = loaded
    }

    /// `$XDG_CONFIG_HOME/cropper/settings.json`, or `~/.config/…` when that variable is unset or not absolute.
    static func defaultPath(environment: XDGEnvironment = .current()) -> String {
        environment.configHome + "/cropper/settings.json"
    }

    /// Changes the settings; a write follows `writeDelay` after the last change.
    func update(now: Double, _ change: (inout Settings) -> Void) {
        change(&settings)
        writeDueAt = settings == stored ? nil : now + Self.writeDelay
    }

    func writeIfDue(now: Double) {
        guard let due = writeDueAt, now >= due else { return }
        write(wait: false)
    }

    /// At quit: writes what changed and waits until it is on disk.
    func writeNow() {
        if settings != stored { write(wait: true) } else { queue.sync {} }
    }

    private func write(wait: Bool) {
        writeDueAt = nil
        stored = settings
        let bytes = settings.encoded()
        let path = path
        let job: @Sendable () -> Void = { Self.write(bytes, to: path) }
        if wait { queue.sync(execute: job) } else { queue.async(execute: job) }
    }

    private static func write(_ bytes: [UInt8], to path: String) {
        let target = resolvingSymlink(path)
        let folder = PathNames.folder(of: target)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(bytes, to: target, overwrite: true)
        } catch {
            Warnings.print(tr("could not save the settings to %1$s: %2$s", target, ImageLoader.describe(error)))
        }
    }

    private static func read(_ path: String) -> Settings {
        guard AtomicFile.exists(path) else { return Settings() }
        let data: Data
        do {
            // FileReading refuses a named pipe or a device without waiting on it: start-up never hangs here.
            data = Data(try FileReading.readAll(path: path))
        } catch {
            Warnings.print(tr("could not read the settings in %1$s; using the defaults (%2$s)", path, ImageLoader.describe(error)))
            return Settings()
        }
        do {
            let (settings, ignored) = try Settings.decode(data)
            if !ignored.isEmpty {
                Warnings.print(tr("ignoring unusable values in %1$s: %2$s", path, ignored.joined(separator: ", ")))
            }
            return settings
        } catch let problem as Settings.Unreadable {
            Warnings.print(tr("the settings in %1$s are damaged (%2$s); using the defaults", path, problem.reason))
        } catch {
            Warnings.print(tr("the settings in %s are damaged; using the defaults", path))
        }
        return Settings()
    }

    /// A settings file kept as a link (dotfile managers do that) is written where the link points.
    private static func resolvingSymlink(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
