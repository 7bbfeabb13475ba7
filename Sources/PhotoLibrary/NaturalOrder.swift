import CGLib
import Glibc

/// File names in the order of GTK's file chooser and Nautilus: GLib's `g_utf8_collate_key_for_filename`, which
/// compares runs of digits as numbers (`IMG_2` before `IMG_10`), puts a dot before other characters (`p2.jpg`
/// before `p2-cropped.jpg`) and the rest by the locale's collation. Names are case-folded first, so letters
/// compare without regard to case in every locale, the C locale included.
public enum NaturalOrder {
    /// True when `a` sorts before `b`. Names with equal keys fall back to their exact characters, so the order
    /// is total and the same on every run.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let left = key(a), right = key(b)
        return left != right ? left.lexicographicallyPrecedes(right) : a < b
    }

    /// Sorts names naturally, each name's key made once.
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (name: $0, key: key($0)) }
            .sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.name < $1.name }
            .map(\.name)
    }

    /// The bytes GLib compares with `strcmp`.
    static func key(_ name: String) -> [UInt8] {
        guard let folded = g_utf8_casefold(name, -1) else { return Array(name.utf8) }
        defer { g_free(folded) }
        guard let key = g_utf8_collate_key_for_filename(folded, -1) else { return Array(name.utf8) }
        defer { g_free(key) }
        // Raw bytes: a collation key need not be UTF-8.
        return key.withMemoryRebound(to: UInt8.self, capacity: strlen(key)) { Array(UnsafeBufferPointer(start: $0, count: strlen(key))) }
    }
}
