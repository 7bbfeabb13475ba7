/// Where a crop is saved when the user names no file: `NAME-cropped.EXT` beside the photo, then
/// `NAME-cropped-2.EXT`, `-3`, … A crop is saved in the photo's format: the photo's own extension is kept
/// when it names that format (`.JPG` stays `.JPG`); otherwise the format's usual one is added
/// (`.jpg` when the format is not known). The command line and the window both name files here.
public enum OutputName {
    /// The `number`th name for a crop of `source` (1 has no number); `format` is the photo's, by content.
    public static func cropped(_ source: String, format: PhotoFormat?, number: Int = 1) -> String {
        let folder = source.contains("/") ? PathNames.folder(of: source) : nil
        let name = PathNames.name(of: source)
        let (stem, ext) = stemAndExtension(of: name, format: format)
        let numbered = stem + (number == 1 ? "-cropped" : "-cropped-\(number)") + "." + ext
        return folder.map { PathNames.path(numbered, in: $0) } ?? numbered
    }

    /// The one place a crop's file is named, for the window and the command line: the file the user asked for,
    /// else `NAME-cropped.EXT` beside the photo — with `pickFree` (the window's Save) the first of the numbered names
    /// nothing holds yet; without it (`cropper crop`) that name, which the writer then refuses to overwrite.
    public static func decide(for source: String, format: PhotoFormat?, requested: String? = nil, pickFree: Bool) -> String {
        if let requested { return requested }
        return pickFree ? firstFree(source, format: format) : cropped(source, format: format)
    }

    /// The first of the numbered names that nothing (not even a dangling link) holds yet.
    public static func firstFree(_ source: String, format: PhotoFormat?) -> String {
        var number = 1
        while AtomicFile.exists(cropped(source, format: format, number: number)) && number < 10_000 {
            number += 1
        }
        return cropped(source, format: format, number: number)
    }

    /// A name typed without any extension gets the one a crop of `source` would get.
    public static func withDefaultExtension(_ typed: String, source: String, format: PhotoFormat?) -> String {
        let name = PathNames.name(of: typed)
        guard !name.isEmpty, !typed.hasSuffix("/"), !name.contains(".") else { return typed }
        return typed + "." + stemAndExtension(of: PathNames.name(of: source), format: format).ext
    }

    /// The name less a photo extension, and the extension a crop gets.
    static func stemAndExtension(of name: String, format: PhotoFormat?) -> (stem: String, ext: String) {
        guard let ext = PhotoFormat.pathExtension(of: name), let named = PhotoFormat(pathExtensionOf: name) else {
            return (name, (format ?? .jpeg).fileExtension)
        }
        let stem = String(name.dropLast(ext.count + 1))
        return named == (format ?? named) ? (stem, String(ext)) : (stem, format!.fileExtension)
    }
}
