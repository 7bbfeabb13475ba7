/// File names in the order file managers show them: letters compared without regard to case, runs of digits
/// compared as numbers, so `IMG_2` comes before `IMG_10` and `p3` between `P2` and `p10`; a dot sorts before any
/// other character, as in GLib's file-name collation, so `p2.jpg` comes before `p2-cropped.jpg`.
public enum NaturalOrder {
    /// True when `a` sorts before `b`. Names equal but for case or leading zeros fall back to their exact
    /// characters, so the order is total and the same on every run.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        switch compare(a, b) {
        case .before: true
        case .after: false
        case .same: a < b
        }
    }

    /// Sorts names naturally.
    public static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: areInIncreasingOrder)
    }

    enum Comparison { case before, same, after }

    static func compare(_ a: String, _ b: String) -> Comparison {
        var left = Array(a.lowercased().unicodeScalars)[...], right = Array(b.lowercased().unicodeScalars)[...]
        while let l = left.first, let r = right.first {
            if isDigit(l) && isDigit(r) {
                let leftRun = left.prefix(while: isDigit), rightRun = right.prefix(while: isDigit)
                let order = compareNumbers(leftRun, rightRun)
                if order != .same { return order }
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
                continue
            }
            if l != r { return rank(l) < rank(r) ? .before : .after }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty && right.isEmpty { return .same }
        return left.isEmpty ? .before : .after
    }

    /// Numbers of any length, compared without converting them (a run of 40 digits does not overflow).
    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Comparison {
        let left = a.drop { $0 == "0" }, right = b.drop { $0 == "0" }
        if left.count != right.count { return left.count < right.count ? .before : .after }
        for (l, r) in zip(left, right) where l != r { return l.value < r.value ? .before : .after }
        return .same
    }

    private static func rank(_ scalar: Unicode.Scalar) -> UInt32 { scalar == "." ? 0 : scalar.value + 1 }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }
}
