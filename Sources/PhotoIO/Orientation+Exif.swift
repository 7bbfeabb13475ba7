import EditorState

extension Orientation {
    /// The EXIF Orientation tag's value read as an orientation: 1–8 as in the tag;
    /// 0, missing or out of range mean 1 (normal), as viewers treat them.
    public init(exifValue: Int?) {
        self = exifValue.flatMap(Orientation.init(rawValue:)) ?? .normal
    }
}
