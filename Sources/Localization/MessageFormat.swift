/// Fills a message's printf-style placeholders with text: `%s` and `%d` take the next argument, `%2$s` the
/// second (so a translation can put them in its own order), `%%` is a percent sign. Values arrive formatted;
/// only the placeholders' positions are a translator's business, and `msgfmt --check` verifies them.
public enum MessageFormat {
    public static func fill(_ message: String, with arguments: [String]) -> String {
        guard message.contains("%") else { return message }
        var output = ""
        var next = 0
        var characters = message[...]
        while let percent = characters.firstIndex(of: "%") {
            output += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            if characters.first == "%" {
                output += "%"
                characters = characters.dropFirst()
                continue
            }
            var position: Int?
            let digits = characters.prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, characters.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                characters = characters.dropFirst(digits.count + 1)
            }
            guard let conversion = characters.first, conversion == "s" || conversion == "d" else {
                output += "%"
                continue
            }
            characters = characters.dropFirst()
            let index = position.map { $0 - 1 } ?? next
            next = index + 1
            output += arguments.indices.contains(index) ? arguments[index] : ""
        }
        return output + characters
    }
}
