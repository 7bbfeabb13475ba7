import CGLib

/// MD5 through GLib's `GChecksum`: the thumbnail specification names cache files by the MD5 of the file's URI.
public enum MD5 {
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        let checksum = g_checksum_new(G_CHECKSUM_MD5)
        defer { g_checksum_free(checksum) }
        message.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        var digest = [UInt8](repeating: 0, count: 16)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return digest
    }

    /// Lower-case hex of the MD5 of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        let hex = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1)!
        defer { g_free(hex) }
        return String(cString: hex)
    }
}
