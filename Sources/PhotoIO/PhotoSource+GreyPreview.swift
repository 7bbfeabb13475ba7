import EditorState

extension PhotoSource {
    /// What auto-level and Upright look at: the picture's luminance reduced so its long side is at most
    /// `longSide`, in stored orientation, and the damage its decode met. The photo is decoded as its preview and
    /// each square of pixels averaged, except where those squares are a JPEG's whole 8 × 8 blocks (a 16 to 50 MP
    /// photo: decoded at 1/4, then 2 × 2). There the decode stops at 1/8 and keeps the luma alone: the blocks' DC
    /// terms are their mean luma, with no AC term transformed, no chroma upsampled and no colour converted, a
    /// fifth of the estimate's time. (The mean of the decoded pixels' Rec. 601 luminance is the same but where a
    /// saturated colour clips in RGB.)
    func greyPreview(longSide: Int) throws -> (grey: GreyImage, damage: Damage?) {
        let scale = previewScale(maxWidth: longSide, maxHeight: longSide)
        let reduction = GreyImage.reduction(of: scale.scaled(storedSize), longSide: longSide)
        if format == .jpeg, !readsAsNeeded, let jpeg, reduction > 1, scale.denominator * reduction == 8,
           let eighth = DecodeScale(denominator: 8),
           let decoded = try JPEGDecoder.decodeLuma(bytes, structure: jpeg, scale: eighth) {
            let grey = decoded.luma.withUnsafeBufferPointer {
                GreyImage(luma: $0, width: decoded.size.width, height: decoded.size.height, longSide: longSide)
            }
            return (grey, decoded.damage)
        }
        let decoded = try decode(scale: scale)
        return (GreyImage(decoded.bitmap, longSide: longSide), decoded.damage)
    }
}
