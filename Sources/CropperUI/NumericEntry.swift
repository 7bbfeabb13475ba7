import EditorState
import Foundation

/// Typing the crop box as numbers in the status bar: X, Y, W, H in upright image pixels.
struct NumericEntry: Equatable {
    static let names = ["X", "Y", "W", "H"]

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
        fields[focus].caret = fields[focus].text.count
        fields[focus].replacesOnType = true
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
                return .failure(NumericEntryError(field: index, message: "\(Self.names[index]) must be a whole number"))
            }
            values.append(value)
        }
        let (x, y, w, h) = (values[0], values[1], values[2], values[3])
        let limits = [(x, 0, imageSize.width - 1), (y, 0, imageSize.height - 1),
                      (w, 1, imageSize.width - max(0, x)), (h, 1, imageSize.height - max(0, y))]
        for (index, (value, low, high)) in limits.enumerated() where value < low || value > high {
            return .failure(NumericEntryError(field: index,
                                              message: "\(Self.names[index]) must be from \(low) to \(max(low, high))"))
        }
        return .success(PixelRect(x: x, y: y, width: w, height: h))
    }
}

struct NumericEntryError: Error, Equatable {
    let field: Int
    let message: String
}
