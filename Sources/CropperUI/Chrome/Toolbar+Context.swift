import Localization

extension Toolbar {
    /// What a toolbar is laid out from.
    private struct Inputs: Equatable {
        let width: Double
        let facts: CommandFacts
        let aspectLabel: String
        let losslessOn: Bool
        let exportSizeLabel: String
        let text: ObjectIdentifier
    }

    /// The last toolbar laid out and what from. The event loop asks for the toolbar with every state-log line,
    /// frame and pointer move, and it seldom changes: fitting its labels again each time was half the CPU of a
    /// state-log line. Used on the event loop's thread only.
    nonisolated(unsafe) private static var lastLaidOut: (inputs: Inputs, toolbar: Toolbar)?

    /// The toolbar for the window as it is: its width, what the commands can do now, the aspect lock's name.
    init(_ context: WindowContext) {
        let inputs = Inputs(width: context.layout.width, facts: context.commandFacts,
                            aspectLabel: EditorWords.aspect(context.editor.aspect), losslessOn: context.editor.losslessWanted,
                            exportSizeLabel: ExportSizes.label(context.settings.exportSize),
                            text: ObjectIdentifier(context.text))
        if let last = Self.lastLaidOut, last.inputs == inputs {
            self = last.toolbar
            return
        }
        self.init(width: inputs.width, facts: inputs.facts, aspectLabel: inputs.aspectLabel, losslessOn: inputs.losslessOn,
                  exportSizeLabel: inputs.exportSizeLabel, text: context.text)
        Self.lastLaidOut = (inputs, self)
    }
}
