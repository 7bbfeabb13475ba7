import PhotoIO

/// The photos of a folder as the window steps through them: regular files (or links to them) named like a
/// photo Cropper reads, hidden ones left out (as file managers do; a save's temporary file is hidden too),
/// in natural order.
public enum FolderPhotos {
    /// Full paths, in natural order of their names; the errno when the folder cannot be read.
    public static func list(_ folder: String) -> Result<[String], FolderError> {
        Folder.names(in: folder).map { names in
            NaturalOrder.sorted(names.filter(isPhotoName)).map { PathNames.path($0, in: folder) }
                .filter(Folder.isFile)
        }
    }

    /// A name the list takes, before looking at the file: a photo extension and not hidden.
    public static func isPhotoName(_ name: String) -> Bool {
        !name.hasPrefix(".") && PhotoFormat(pathExtensionOf: name) != nil
    }
}
