// Sine, cosine and atan2 in plain Swift: EditorState imports no C library. Accurate to double precision.

enum Trigonometry {
    /// sin and cos of `radians` (any finite value), by reduction to [−π/4, π/4] and Taylor series.
    static func sineAndCosine(_ radians: Double) -> (sin: Double, cos: Double) {
        guard radians.isFinite else { return (0, 1) }
        let quarter = Double.pi / 2
        let turns = (radians / quarter).rounded()
        let r = radians - turns * quarter
        let (s, c) = (series(r, start: r, first: 2), series(r, start: 1, first: 1))
        switch ((Int(turns) % 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// start − start·r²/(first·(first+1)) + …: sin with (r, 2), cos with (1, 1).
    private static func series(_ r: Double, start: Double, first: Int) -> Double {
        var term = start, sum = start, n = first
        let r2 = r * r
        for _ in 0..<12 {
            term *= -r2 / Double(n * (n + 1))
            sum += term
            n += 2
        }
        return sum
    }

    /// The angle of (x, y) from the x axis, in (−π, π].
    static func atan2(_ y: Double, _ x: Double) -> Double {
        guard x.isFinite, y.isFinite, x != 0 || y != 0 else { return 0 }
        if abs(x) >= abs(y) {
            let base = arctangent(y / x)
            return x > 0 ? base : (y >= 0 ? base + .pi : base - .pi)
        }
        let base = .pi / 2 - arctangent(x / y)
        return y > 0 ? base : base - .pi
    }

    /// atan(t) for |t| ≤ 1: two half-angle reductions, then the series.
    private static func arctangent(_ t: Double) -> Double {
        var x = t
        for _ in 0..<2 { x /= 1 + (1 + x * x).squareRoot() }
        var term = x, sum = x
        let x2 = x * x
        for n in 1..<20 {
            term *= -x2
            sum += term / Double(2 * n + 1)
        }
        return sum * 4
    }
}
