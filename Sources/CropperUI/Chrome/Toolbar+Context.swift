import Localization

extension Toolbar {
    /// The toolbar for the window as it is: its width, what the commands can do now, the aspect lock's name.
    init(_ context: WindowContext) {
        let aspect = context.editor.aspect
        let label = EditorWords.aspect(aspect)
        self.init(width: context.layout.width, facts: context.commandFacts, aspectLabel: label,
                  losslessOn: context.editor.losslessWanted,
                  exportSizeLabel: ExportSizes.label(context.settings.exportSize), text: context.text)
    }
}
