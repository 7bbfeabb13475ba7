import EditorState

extension PhotoSource {
    /// Whether this photo can be cropped losslessly, for the window to offer lossless mode (or say why not).
    public var losslessSupport: LosslessSupport {
        guard let jpeg else { return .unsupported(reason: "the photo is \(format.rawValue.uppercased()), not JPEG") }
        if jpeg.isTruncated { return .unsupported(reason: "the JPEG is damaged (its data ends early)") }
        guard let step = jpeg.frame.subsampling.turboJPEGMCUSize else {
            return .unsupported(reason: "its colour sampling (\(jpeg.frame.subsampling.name)) cannot be cropped losslessly")
        }
        return .blocks(jpeg.frame.losslessBlocks(offsetStep: step))
    }
}
