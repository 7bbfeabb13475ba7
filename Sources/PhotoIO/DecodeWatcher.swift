import CJPEGRecovery

/// Hears of a decode's rows as they are finished, on the decoding thread, so that what shows the photo can show
/// the part that is in while the rest decodes: `began` with the bitmap before any row is written, then `rowsDone`
/// each time the first `rows` rows are final, the last time with all of them. Only a JPEG decodes row by row;
/// other formats are not watched.
public protocol DecodeWatcher: AnyObject, Sendable {
    func began(_ bitmap: Bitmap)
    func rowsDone(_ rows: Int)
}

/// Converts each band of rows for the display as it is finished, then passes it on: the conversion rides along
/// with the decode instead of following all of it.
final class ConvertingWatcher: DecodeWatcher, @unchecked Sendable {
    private let transform: ColourTransform?
    private let next: DecodeWatcher
    private var bitmap: Bitmap?
    private var converted = 0

    init(_ transform: ColourTransform?, then next: DecodeWatcher) {
        self.transform = transform
        self.next = next
    }

    func began(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        next.began(bitmap)
    }

    func rowsDone(_ rows: Int) {
        guard let bitmap, rows > converted else { return }
        transform?.apply(to: bitmap.pixels + converted * bitmap.stride, width: bitmap.width, height: rows - converted,
                         stride: bitmap.stride, inBackground: true)
        converted = rows
        next.rowsDone(rows)
    }
}

/// Carries a watcher through libjpeg's C callback.
final class WatcherBox {
    let watcher: DecodeWatcher

    init(_ watcher: DecodeWatcher) {
        self.watcher = watcher
    }

    static let callback: cropper_jpeg_rows_done = { context, rows in
        guard let context else { return }
        Unmanaged<WatcherBox>.fromOpaque(context).takeUnretainedValue().watcher.rowsDone(Int(rows))
    }
}
