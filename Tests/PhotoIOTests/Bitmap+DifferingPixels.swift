@testable import PhotoIO

/// How many pixels of two bitmaps of one size differ in colour (alpha aside); -1 when their sizes differ.
func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
    guard a.size == b.size else { return -1 }
    var count = 0
    for y in 0..<a.height {
        let rowA = a.row(y), rowB = b.row(y)
        for x in 0..<a.width where rowA[x] & 0xFFFFFF != rowB[x] & 0xFFFFFF { count += 1 }
    }
    return count
}
