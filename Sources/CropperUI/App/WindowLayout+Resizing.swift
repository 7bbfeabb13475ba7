import EditorState

/// The window's size changing: the editor's view follows the canvas, and the settings remember the size.
extension WindowLayout {
    /// The canvas in device pixels: EditorState's view size.
    var canvasSize: Size { Size(width: deviceCanvas.width, height: deviceCanvas.height) }

    /// The window resized to `width` × `height` device pixels, at the same interface scale.
    mutating func resize(width: Int, height: Int) -> PartAnswer {
        self = WindowLayout(deviceWidth: width, deviceHeight: height, scale: scale)
        return PartAnswer(name: "resize", edits: [.resizeView(canvasSize)],
                          rememberedWindowSize: WindowSize(width: width, height: height))
    }

    /// The window closing: its size is remembered for the next run.
    func closing() -> PartAnswer {
        PartAnswer(name: "closing", rememberedWindowSize: WindowSize(width: deviceWidth, height: deviceHeight))
    }
}
