/// The window's pixels as 0xRRGGBB.
public struct Screenshot {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = pixels[y * width + x]
        return (Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff))
    }

    /// Mean colour of a rectangle of window pixels.
    public func mean(x: Int, y: Int, width w: Int, height h: Int) -> (r: Double, g: Double, b: Double) {
        var sum = (0, 0, 0)
        for py in y..<(y + h) {
            for px in x..<(x + w) {
                let c = rgb(px, py)
                sum = (sum.0 + c.r, sum.1 + c.g, sum.2 + c.b)
            }
        }
        let n = Double(w * h)
        return (Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n)
    }
}
