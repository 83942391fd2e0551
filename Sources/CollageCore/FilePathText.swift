// File paths as text without losing a byte. Linux file names are bytes, not
// necessarily UTF-8, and a Swift String would replace what is not UTF-8 —
// pointing at a file that does not exist. A path that is valid UTF-8 stays
// as it is (what people see in the session file); any other is carried as a
// file:// URI with every byte outside the safe set percent-encoded, which is
// plain ASCII and decodes back to the exact bytes. Real paths start with "/",
// never "file://", so the two forms cannot be confused.

public enum FilePathText {
    private static let uriPrefix = "file://"

    /// The text for a path given as bytes (no terminating NUL).
    public static func text(fromBytes bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !text.hasPrefix(uriPrefix) { return text }
        var encoded = uriPrefix
        for byte in bytes {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hex(byte)
            }
        }
        return encoded
    }

    /// The text for a C string path (e.g. from GLib or argv).
    public static func text(fromCString pointer: UnsafePointer<CChar>) -> String {
        var bytes: [UInt8] = []
        var p = pointer
        while p.pointee != 0 {
            bytes.append(UInt8(bitPattern: p.pointee))
            p += 1
        }
        return text(fromBytes: bytes)
    }

    /// The path's bytes, as the file system knows it.
    public static func bytes(of text: String) -> [UInt8] {
        guard text.hasPrefix(uriPrefix) else { return Array(text.utf8) }
        var result: [UInt8] = []
        var iterator = text.utf8.dropFirst(uriPrefix.utf8.count).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                result.append(value)
            } else {
                result.append(byte)
            }
        }
        return result
    }

    /// Calls `body` with the path as a NUL-terminated C string of its real bytes.
    public static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes(of: text).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path's bytes read as UTF-8, what is not UTF-8 as "�" (for text that is
    /// drawn, such as a title given on the command line, not for messages).
    public static func decodedText(_ text: String) -> String {
        text.hasPrefix(uriPrefix) ? String(decoding: bytes(of: text), as: UTF8.self) : text
    }

    /// What to show a person in a message, a toast or a terminal: bytes that are
    /// not UTF-8 become "�", as GLib's display names do, and characters that would
    /// act rather than show are shown instead. A file name is bytes the user did
    /// not necessarily choose: a newline in it would forge a second line of the
    /// message, an escape sequence would drive the terminal that reads stderr
    /// (colours, the title, worse), and a right-to-left override would make
    /// "photo‮gpj.exe" read as "photoexe.jpg". C0 controls and DEL show as
    /// their Unicode control pictures (␛, ␊), C1 controls and the bidirectional
    /// embeddings, overrides and isolates as "�".
    public static func displayText(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        for scalar in decodedText(text).unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F: shown.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: shown.append("\u{2421}")
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: shown.append("\u{FFFD}")
            default: shown.append(scalar)
            }
        }
        return String(shown)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
