import EditorState
import Foundation
import Localization

/// Typing the crop box as numbers in the status bar: X, Y, W, H in upright image pixels.
struct NumericEntry: Equatable {
    static let names = RectFitProblem.Value.allCases.map(\.letter)

    var fields: [TextField]
    private(set) var focus = 0
    var error: String?

    init(rect: PixelRect) {
        fields = [rect.x, rect.y, rect.width, rect.height].map { TextField(text: String($0)) }
        focus(0)
    }

    /// Moves the focus to a field and selects its text, so typing replaces it.
    mutating func focus(_ index: Int) {
        focus = max(0, min(3, index))
        fields[focus].selectAll()
    }

    mutating func focusNext(backwards: Bool) {
        fields[focus].replacesOnType = false
        focus((focus + (backwards ? 3 : 1)) % 4)
    }

    /// The typed rectangle, or a hint naming the first value that does not fit the image.
    func parse(imageSize: PixelSize) -> Result<PixelRect, NumericEntryError> {
        var values: [Int] = []
        for (index, field) in fields.enumerated() {
            let trimmed = field.text.trimmingCharacters(in: .whitespaces)
            guard let value = Int(trimmed) else {
                return .failure(NumericEntryError(field: index, message: tr("%s must be a whole number", Self.names[index])))
            }
            values.append(value)
        }
        let rect = PixelRect(x: values[0], y: values[1], width: values[2], height: values[3])
        if let problem = rect.fitProblem(in: imageSize) {
            return .failure(NumericEntryError(field: problem.value.rawValue, message: problem.reason))
        }
        return .success(rect)
    }
}

struct NumericEntryError: Error, Equatable {
    let field: Int
    let message: String
}
