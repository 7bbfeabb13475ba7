import EditorState

/// Opening photos and taking in what the loader and the saver send back.
extension EditorApp {
    func load(path: String) {
        generation += 1
        document = Document(path: SavePaths.absolute(path), generation: generation)
        imageCache.invalidate()
        state = freshState()
        ui.banner = nil
        ui.numeric = nil
        closePanels()
        lastSaved = nil
        needsRedraw = true
        updateTitle()
        let fit = state.viewport.availableSize
        ImageLoader.load(path: path, generation: generation, fitWidth: max(1, Int(fit.width.rounded(.up))),
                         fitHeight: max(1, Int(fit.height.rounded(.up))), replyTo: wakePipe)
    }

    /// An editor with nothing loaded, fitted to this window: its canvas, its interface scale (handle reach and the
    /// padding round the photo grow with it) and the user's settings.
    func freshState() -> EditorState {
        var fresh = EditorState()
        let inset = Viewport.defaultInset
        let scale = layout.scale
        fresh.apply(.setInterfaceScale(scale))
        fresh.apply(.setContentInset(EdgeInsets(top: inset.top * scale, left: inset.left * scale,
                                                bottom: inset.bottom * scale, right: inset.right * scale)))
        fresh.apply(.resizeView(canvasSize))
        applySettings(to: &fresh)
        return fresh
    }

    func receive(_ message: BackgroundMessage) -> String {
        needsRedraw = true
        switch message {
        case let .previewDecoded(generation, storedSize, orientation, format, bitmap, isFull):
            guard generation == document?.generation else { return "staleImage" }
            apply(.loadImage(storedSize: storedSize, orientation: orientation))
            if isFull { document?.full = bitmap } else { document?.preview = bitmap }
            if let pointer { updateHover(x: pointer.x, y: pointer.y) }
            if let path = document?.path, path != samplePath {
                rememberFolder(of: path)
                recentFiles.record(path, format: format)
            }
            return "imageLoaded"
        case let .fullDecoded(generation, bitmap):
            guard generation == document?.generation else { return "staleImage" }
            document?.full = bitmap
            document?.preview = nil
            return "fullResolutionLoaded"
        case let .loadFailed(generation, reason):
            guard generation == document?.generation else { return "staleImage" }
            document?.loadError = reason
            return "loadFailed"
        case let .saveFinished(outcome):
            return finishSave(outcome)
        case .recentPhotosLoaded, .thumbnailReady, .directoryListed, .placesLoaded:
            return receivePanelMessage(message)
        }
    }
}
