// Lays out --help text: each line and each option's description is its own
// translatable message (xgettext cannot read Swift's multi-line literals),
// and the option column is padded here, not in the translations.

enum HelpText {
    enum Line {
        case line(String)
        case option(String, String)
        case blank
    }

    static let optionColumn = 26

    static func render(_ lines: [Line]) -> String {
        lines.map { line in
            switch line {
            case let .line(text): return text
            case .blank: return ""
            case let .option(flags, text):
                let padded = "  " + flags
                return padded.count < optionColumn
                    ? padded + String(repeating: " ", count: optionColumn - padded.count) + text
                    : padded + "\n" + String(repeating: " ", count: optionColumn) + text
            }
        }.joined(separator: "\n")
    }
}
