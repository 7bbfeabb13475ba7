import EditorState
import Localization
import X11Platform

/// Every command, declared once: title, section, what it needs, its keys in every scope, the editor action it
/// is. The binding table (`Bindings.keys`) is these keys in this order, so a key's place here decides the order
/// of the shortcut sheet's rows, and adding a command means adding its line here.
enum CommandTable {
    static let all: [CommandDeclaration] = panelCommands + cropCommands + viewCommands + [cancel] + fileCommands
        + transformCommands + historyCommands + settingsCommands + answerCommands + ruleAnswers + textFieldCommands

    static let byCommand: [Command: CommandDeclaration] = Dictionary(all.map { ($0.command, $0) }) { first, _ in first }

    private typealias Declare = CommandDeclaration
    private typealias Key = Shortcut

    /// Esc clears the box, closes a panel, and (in the editor) is taken by leaving full screen while the window
    /// is in it: the first available command of a key runs.
    private static let cancel = Declare(.cancel, tr("Clear the box / close"), .crop, keys: [
        Key(Keysym.Escape, "Esc"),
        Key(Keysym.Escape, "Esc", in: .picker, listedAs: tr("Close the picker")),
        Key(Keysym.Escape, "Esc", in: .grid, listed: false, listedAs: tr("Back to the editor")),
        Key(Keysym.Escape, "Esc", in: .dialog, listedAs: tr("Cancel")),
    ]) { $0.crop != nil ? .setCrop(nil) : nil }

    private static let fileCommands: [Declare] = [
        Declare(.open, tr("Open a photo"), .file, keys: [Key(Keysym.o, .control, "O")]),
        Declare(.photos, tr("Recent photos"), .file, keys: [
            Key(Keysym.p, "P", listedAs: tr("Recent photos / grid")),
            Key(Keysym.p, "P", in: .picker, listedAs: tr("Close the picker")),
        ]),
        Declare(.photoGrid, tr("Grid of the photos"), .file, needs: .list, keys: [
            Key(Keysym.g, "G", listedAs: tr("Recent photos / grid")),
            Key(Keysym.g, "G", in: .grid, listed: false, listedAs: tr("Back to the editor")),
        ]),
        Declare(.save, tr("Save (as last chosen)"), .file, needs: .savable, keys: [
            Key(Keysym.s, .control, "S"), Key(Keysym.Return, "Enter"), Key(Keysym.KP_Enter, "Enter"),
        ]),
        Declare(.saveAs, tr("Save as…"), .file, needs: .savable, keys: [Key(Keysym.s, [.control, .shift], "S")]),
        Declare(.saveOverOriginal, tr("Save over the original"), .file, needs: .replaceable,
                keys: [Key(Keysym.s, [.control, .alt], "S")]),
        Declare(.saveBeside, tr("Save beside the photo"), .file, needs: .savable),
        Declare(.copyCrop, tr("Copy the crop"), .file, needs: .photo,
                keys: [Key(Keysym.c, .control, "C", listedAs: tr("Copy crop / as rule"))]),
        Declare(.copyCropRule, tr("Copy the crop as a rule for other photos"), .file, needs: .photo,
                keys: [Key(Keysym.c, [.control, .shift], "C", listedAs: tr("Copy crop / as rule"))]),
        Declare(.quit, tr("Quit"), .file, keys: [Key(Keysym.q, .control, "Q")]),
        Declare(.nextPhoto, tr("Next photo"), .file, keys: [
            Key(Keysym.Next, "PgDn", listedAs: tr("Next / last photo")),
            Key(Keysym.KP_Next, "PgDn", listedAs: tr("Next / last photo")),
        ]),
        Declare(.previousPhoto, tr("Previous photo"), .file, keys: [
            Key(Keysym.Prior, "PgUp", listedAs: tr("Previous / first photo")),
            Key(Keysym.KP_Prior, "PgUp", listedAs: tr("Previous / first photo")),
        ]),
        // The box has no use for Home / End (arrows move it): they go to the list's ends, as in image viewers.
        Declare(.firstPhoto, tr("First photo of the folder"), .file, keys: [
            Key(Keysym.Home, "Home", listedAs: tr("Previous / first photo")),
            Key(Keysym.KP_Home, "Home", listedAs: tr("Previous / first photo")),
        ]),
        Declare(.lastPhoto, tr("Last photo of the folder"), .file, keys: [
            Key(Keysym.End, "End", listedAs: tr("Next / last photo")),
            Key(Keysym.KP_End, "End", listedAs: tr("Next / last photo")),
        ]),
        Declare(.moreCommands, tr("More commands"), .file),
    ]

    private static let viewCommands: [Declare] = [
        Declare(.zoomIn, tr("Zoom in"), .view, needs: .photo, keys: [
            Key(Keysym.plus, "+", listedAs: tr("Zoom in / out")), Key(Keysym.equal, "=", listedAs: tr("Zoom in / out")),
            Key(Keysym.KP_Add, "+", listedAs: tr("Zoom in / out")),
        ]) { .zoom(factor: StepSizes.keyZoomFactor, at: $0.viewport.availableCenter) },
        Declare(.zoomOut, tr("Zoom out"), .view, needs: .photo, keys: [
            Key(Keysym.minus, "−", listedAs: tr("Zoom in / out")), Key(Keysym.KP_Subtract, "−", listedAs: tr("Zoom in / out")),
        ]) { .zoom(factor: 1 / StepSizes.keyZoomFactor, at: $0.viewport.availableCenter) },
        // One row for both keeps room in the view section for full screen.
        Declare(.zoomToFit, tr("Fit to window"), .view, needs: .photo, keys: [
            Key(Keysym.digit0, "0", listedAs: tr("Fit / actual size (100 %)")),
            Key(Keysym.KP_0, "0", listedAs: tr("Fit / actual size (100 %)")),
        ]) { _ in .zoomToFit },
        Declare(.zoomToActualSize, tr("Actual size (100 %)"), .view, needs: .photo, keys: [
            Key(Keysym.digit1, "1", listedAs: tr("Fit / actual size (100 %)")),
            Key(Keysym.KP_1, "1", listedAs: tr("Fit / actual size (100 %)")),
        ]) { _ in .zoomToActualSize(at: nil) },
        // Space pans and `,` `.` straighten: K plays and pauses as on the web's video players, and Ctrl with the
        // arrows (which move the box) steps a frame.
        Declare(.playPause, tr("Play / pause the animation"), .view, needs: .animation,
                keys: [Key(Keysym.k, "K", listedAs: tr("Animation: play / pause, step"))]),
        Declare(.stepFrame(-1), tr("Previous frame"), .view, needs: .animation,
                keys: [Key(Keysym.Left, .control, "←", listedAs: tr("Animation: play / pause, step"))]),
        Declare(.stepFrame(1), tr("Next frame"), .view, needs: .animation,
                keys: [Key(Keysym.Right, .control, "→", listedAs: tr("Animation: play / pause, step"))]),
        Declare(.toggleFullScreen, tr("Full screen (Esc leaves it)"), .view, keys: [Key(Keysym.F11, "F11")],
                windowState: WindowStateChange(name: "_NET_WM_STATE_FULLSCREEN", turnsOn: nil)),
        Declare(.leaveFullScreen, tr("Leave full screen"), .view, keys: [Key(Keysym.Escape, "Esc", listed: false)],
                windowState: WindowStateChange(name: "_NET_WM_STATE_FULLSCREEN", turnsOn: false)),
        Declare(.holdToPan, tr("Hold to pan with a drag"), .view, keys: [Key(Keysym.space, "Space", listed: false)]),
    ]

    // One row for each arrow with and without Shift keeps room for perspective's rows on the sheet.
    private static let cropCommands: [Declare] =
        arrows(tr("Move %d px", 1), [], by: 1, listedAs: tr("Move 1 px (Shift: 10 px)")) {
            (.nudge(dx: $0, dy: $1), .nudge(dx: $0, dy: $1))
        }
        + arrows(tr("Move %d px", 10), .shift, by: 10, listedAs: tr("Move 1 px (Shift: 10 px)")) {
            (.nudge(dx: $0, dy: $1), .nudge(dx: $0, dy: $1))
        }
        + arrows(tr("Resize %d px", 1), .alt, by: 1, listedAs: tr("Resize 1 px (Shift: 10 px)")) {
            (.resizeCrop(dw: $0, dh: $1), .resizeCrop(dw: $0, dh: $1))
        }
        + arrows(tr("Resize %d px", 10), [.alt, .shift], by: 10, listedAs: tr("Resize 1 px (Shift: 10 px)")) {
            (.resizeCrop(dw: $0, dh: $1), .resizeCrop(dw: $0, dh: $1))
        }
        + [
            // A row for both leaves the view section room for the animation's keys.
            Declare(.cycleAspect, tr("Next aspect ratio"), .crop, needs: .photo,
                    keys: [Key(Keysym.a, "A", listedAs: tr("Aspect ratio, portrait / landscape"))]) { _ in .cycleAspect },
            Declare(.swapAspectOrientation, tr("Portrait / landscape"), .crop, needs: .photo,
                    keys: [Key(Keysym.x, "X", listedAs: tr("Aspect ratio, portrait / landscape"))]) { _ in .swapAspectOrientation },
            Declare(.editNumbers, tr("Type position and size"), .crop, needs: .photo, keys: [Key(Keysym.n, "N")]),
            Declare(.cycleExportSize, tr("Next export size"), .crop, keys: [Key(Keysym.e, "E")]),
        ]

    /// The four arrows with `modifiers`, each moving or resizing the box by `step` pixels its way.
    private static func arrows(_ title: String, _ modifiers: Modifiers, by step: Int, listedAs: String,
                               _ made: (Int, Int) -> (Command, EditorAction)) -> [Declare] {
        [(Keysym.Left, "←", -step, 0), (Keysym.Right, "→", step, 0), (Keysym.Up, "↑", 0, -step), (Keysym.Down, "↓", 0, step)]
            .map { keysym, name, dx, dy in
                let (command, action) = made(dx, dy)
                return Declare(command, title, .crop, needs: .photo, keys: [Key(keysym, modifiers, name, listedAs: listedAs)]) { _ in
                    action
                }
            }
    }

    private static let transformCommands: [Declare] = [
        // The sheet's transform section keeps room for straightening by pairing these.
        Declare(.rotateLeft, tr("Rotate left"), .transform, needs: .photo,
                keys: [Key(Keysym.r, .shift, "R", listedAs: tr("Rotate left / right"))]) { _ in .rotateLeft },
        Declare(.rotateRight, tr("Rotate right"), .transform, needs: .photo,
                keys: [Key(Keysym.r, "R", listedAs: tr("Rotate left / right"))]) { _ in .rotateRight },
        Declare(.flipHorizontal, tr("Flip horizontally"), .transform, needs: .photo,
                keys: [Key(Keysym.h, "H", listedAs: tr("Flip across / upside down"))]) { _ in .flipHorizontal },
        Declare(.flipVertical, tr("Flip vertically"), .transform, needs: .photo,
                keys: [Key(Keysym.v, "V", listedAs: tr("Flip across / upside down"))]) { _ in .flipVertical },
        Declare(.straighten(tenths: 1), tr("Straighten 0.1° (> < 1°)"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.period, ".")]) { _ in .turnStraighten(tenths: 1) },
        Declare(.straighten(tenths: -1), tr("Straighten 0.1° (> < 1°)"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.comma, ",")]) { _ in .turnStraighten(tenths: -1) },
        // Listed on the `.` `,` row: on most layouts they are those keys with Shift.
        Declare(.straighten(tenths: 10), tr("Straighten 1°"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.greater, ">", listed: false)]) { _ in .turnStraighten(tenths: 10) },
        Declare(.straighten(tenths: -10), tr("Straighten 1°"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.less, "<", listed: false)]) { _ in .turnStraighten(tenths: -10) },
        // Both resets on one row, their keys in the order of the words: / and \.
        Declare(.resetStraighten, tr("Straighten back to 0°"), .transform, needs: .photo,
                keys: [Key(Keysym.slash, "/", listedAs: tr("Straighten / perspective back to 0°"))]) { _ in .setStraighten(.zero) },
        Declare(.upright(.level), tr("Upright: level (auto-level)"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.l, "L", listedAs: tr("Upright: level / vertical / full"))]),
        Declare(.upright(.vertical), tr("Upright: vertical"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.u, "U", listedAs: tr("Upright: level / vertical / full"))]),
        Declare(.upright(.full), tr("Upright: full"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.u, .shift, "U", listedAs: tr("Upright: level / vertical / full"))]),
        Declare(.toggleGuides, tr("Guided perspective: draw guide lines"), .transform, needs: .stillPhoto,
                keys: [Key(Keysym.g, .shift, "G", listedAs: tr("Guide lines"))]),
    ] + perspective + [
        Declare(.resetPerspective, tr("Perspective back to 0°"), .transform, needs: .photo,
                keys: [Key(Keysym.backslash, "\\", listedAs: tr("Straighten / perspective back to 0°"))]) { _ in
            .setPerspective(.zero)
        },
    ]

    /// `'` `;` turn the vertical perspective by 0.1°, `"` `:` (those keys with Shift on most layouts, listed on
    /// their rows) by 1°; the same keys with Alt turn the horizontal one.
    private static var perspective: [Declare] {
        let keys = [(Keysym.apostrophe, "'", 1), (Keysym.semicolon, ";", -1), (Keysym.quotedbl, "\"", 10), (Keysym.colon, ":", -10)]
        return [Modifiers(), .alt].flatMap { modifiers in
            keys.map { keysym, name, tenths in
                let vertical = modifiers.isEmpty ? tenths : 0, horizontal = modifiers.isEmpty ? 0 : tenths
                return Declare(.perspective(vertical: vertical, horizontal: horizontal), tr("Perspective 0.1°"), .transform,
                               needs: .stillPhoto, keys: [Key(keysym, modifiers, name, listed: abs(tenths) == 1,
                                                         listedAs: tr("Perspective 0.1° (Alt: horizontal)"))]) { _ in
                    .turnPerspective(vertical: vertical, horizontal: horizontal)
                }
            }
        }
    }

    private static let historyCommands: [Declare] = [
        Declare(.undo, tr("Undo"), .history, needs: .undo, keys: [Key(Keysym.z, .control, "Z")]) { _ in .undo },
        Declare(.redo, tr("Redo"), .history, needs: .redo, keys: [
            Key(Keysym.z, [.control, .shift], "Z"), Key(Keysym.y, .control, "Y"),
        ]) { _ in .redo },
        Declare(.reset, tr("Reset all edits"), .history, needs: .edits) { _ in .reset },
        // Not listed: the sheet they open says how it closes, and the toolbar button names them.
        Declare(.showShortcuts, tr("Keyboard shortcuts"), .history, keys: [
            Key(Keysym.question, "?", listed: false), Key(Keysym.F1, "F1", listed: false),
        ]),
    ]

    private static let settingsCommands: [Declare] = [
        Declare(.toggleRecentring, tr("Re-centre after a drag"), .settings, keys: [Key(Keysym.c, "C")]),
        Declare(.toggleLossless, tr("Lossless crop"), .settings, needs: .lossless, keys: [Key(Keysym.j, "J")]),
        Declare(.jpegQualityUp, tr("JPEG quality +5"), .settings, keys: [Key(Keysym.bracketright, "]")]),
        Declare(.jpegQualityDown, tr("JPEG quality −5"), .settings, keys: [Key(Keysym.bracketleft, "[")]),
    ]
}
