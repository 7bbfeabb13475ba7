/// How many terminal columns text takes: East Asian wide characters (Han, kana, Hangul, full-width forms) take
/// two, so `cropper info`'s values line up in Chinese too.
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1.value) ? 2 : 1) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value)
    }
}
