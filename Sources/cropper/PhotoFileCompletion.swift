import ArgumentParser
import PhotoIO

extension CompletionKind {
    /// The shells complete the files Cropper opens: every image extension PhotoIO reads, in lower and upper case
    /// (cameras write `IMG_0001.JPG`).
    static var photoFiles: CompletionKind {
        let readable = imageExtensions.filter { PhotoFormat(pathExtensionOf: "photo." + $0) != nil }
        return .file(extensions: readable + readable.map { $0.uppercased() })
    }

    /// Image extensions in common use; those PhotoIO does not read are left out above.
    private static let imageExtensions = [
        "jpg", "jpeg", "jpe", "jfif", "png", "apng", "heic", "heif", "hif", "avif", "webp", "tif", "tiff", "jxl", "gif",
    ]
}
