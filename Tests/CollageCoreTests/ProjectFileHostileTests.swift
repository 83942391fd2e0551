// Hostile projects, field by field (issue 22): every value of a project as
// the app writes it replaced by each wrong JSON type, and every number by
// 1e308, -1 and Int.max. Each must be refused as damaged, saying where, or
// read with the value corrected and said (a repair) — never taken silently,
// and never a document the layout cannot draw.

import CollageCore
import Foundation
import Testing

@Suite struct ProjectFileHostileTests {
    /// A project with a value in every field there is.
    static func fullProject() throws -> String {
        var settings = CollageSettings(gap: 12, margin: 8)
        settings.layout = .feature
        settings.dpi = 300
        settings.style.cornerRadius = 10
        settings.style.borderWidth = 3
        settings.style.shadow = true
        settings.style.fill = .gradient(from: RGBAColor(red: 1, green: 0, blue: 0), to: RGBAColor(red: 0, green: 0, blue: 1), angle: 45)
        let shape = try CollageLayout.arrange(.feature, count: 2, size: settings.outputSize).shape
        settings = settings.moving(split: "", shape: shape, to: [0.6, 0.4])
        let document = CollageDocument(photos: [Photo(path: "/x/a.jpg", crop: Crop(zoom: 2, centerX: 0.3, centerY: 0.7), fit: .contain),
                                                Photo(path: "/x/b.jpg")],
                                       settings: settings,
                                       title: CollageTitle(text: "Summer", position: .bottom, size: 0.09,
                                                           colour: RGBAColor(red: 0, green: 0, blue: 0)))
        let data = try ProjectFile.encode(document, projectPath: "/x/P.tinycollage")
        return String(decoding: data, as: UTF8.self)
    }

    /// Each value of the pretty-printed file: its line range, key and whether it is a number.
    struct Value {
        var lines: ClosedRange<Int>
        var key: String
        var isNumber: Bool
        var isContainer: Bool
    }

    static func values(_ lines: [String]) -> [Value] {
        var found: [Value] = []
        for (index, line) in lines.enumerated() {
            guard let colon = line.range(of: "\" : ") else { continue }
            let key = String(line[line.index(after: line.firstIndex(of: "\"")!)..<colon.lowerBound])
            let value = line[colon.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if value == "{" || value == "[" {
                // The container ends at the first line below as indented as this one.
                let indent = line.prefix { $0 == " " }.count
                let end = lines[(index + 1)...].firstIndex { $0.prefix { $0 == " " }.count == indent }!
                found.append(Value(lines: index...end, key: key, isNumber: false, isContainer: true))
            } else {
                found.append(Value(lines: index...index, key: key, isNumber: Double(value) != nil, isContainer: false))
            }
        }
        return found
    }

    static func replacing(_ value: Value, in lines: [String], with text: String) -> String {
        let first = lines[value.lines.lowerBound]
        let head = first[..<first.range(of: "\" : ")!.upperBound]
        let comma = lines[value.lines.upperBound].hasSuffix(",") ? "," : ""
        var changed = lines
        changed.replaceSubrange(value.lines, with: [head + text + comma])
        return changed.joined(separator: "\n")
    }

    /// The file without the value at all (a null is read as an absent value).
    static func removing(_ value: Value, in lines: [String]) -> String {
        var changed = lines
        changed.removeSubrange(value.lines)
        let before = value.lines.lowerBound - 1
        if !lines[value.lines.upperBound].hasSuffix(","), changed[before].hasSuffix(",") {
            changed[before].removeLast()
        }
        return changed.joined(separator: "\n")
    }

    enum Outcome: Equatable {
        case refused(String)
        case corrected
        case silent(CollageDocument)
    }

    static func outcome(_ text: String) -> Outcome {
        do {
            let read = try ProjectFile.decode(Data(text.utf8), projectPath: "/x/P.tinycollage")
            let settings = read.document.settings
            // Whatever was read can be laid out.
            #expect((3...SessionValidation.maximumSide).contains(settings.outputSize.width))
            #expect((3...SessionValidation.maximumSide).contains(settings.outputSize.height))
            #expect((0...CollageSettings.maximumSpacing).contains(settings.gap))
            #expect((0...CollageSettings.maximumSpacing).contains(settings.margin))
            #expect(read.document.photos.allSatisfy { (1...Crop.maximumZoom).contains($0.crop.zoom) })
            #expect(CollageTitle.sizeRange.contains(read.document.title.size))
            return read.repairs.isEmpty ? .silent(read.document) : .corrected
        } catch {
            return .refused(error.description)
        }
    }

    @Test func everyFieldOfTheWrongTypeIsRefusedSayingWhereOrCorrected() throws {
        let lines = try Self.fullProject().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let values = Self.values(lines)
        #expect(values.count > 40, "every field: \(values.map(\.key))")
        var silent: [String] = []
        for value in values {
            let opening = lines[value.lines.lowerBound].last { $0 == "{" || $0 == "[" }
            let wrong = [#""x""#, "[]", "{}", "null", "true", "7"].filter { text in
                // A number is the right type for a number, text for text, an empty group
                // for a group (a collage of no photos, a look all of defaults).
                !(value.isNumber && text == "7") && !(text == #""x""# && !value.isNumber && !value.isContainer)
                    && !(opening == "{" && text == "{}") && !(opening == "[" && text == "[]")
                    && !lines[value.lines.lowerBound].hasSuffix(" : " + text + ",") && !lines[value.lines.lowerBound].hasSuffix(" : " + text)
            }
            for text in wrong {
                switch Self.outcome(Self.replacing(value, in: lines, with: text)) {
                case let .refused(why):
                    // Said as a place in the document, not as the decoder's types.
                    #expect(!why.contains("DecodingError") && !why.contains("Dictionary<"), "\(value.key) = \(text): \(why)")
                    if why.contains("damaged") && value.key != "application" && value.key != "formatVersion" {
                        #expect(why.contains(value.key) || why.contains("document"), "\(value.key) = \(text): \(why)")
                    }
                case .corrected: break
                case let .silent(document):
                    // null is JSON's "not there": read as the field left out, which must be allowed.
                    if text == "null", Self.outcome(Self.removing(value, in: lines)) == .silent(document) { continue }
                    silent.append("\(value.key) = \(text)")
                }
            }
        }
        #expect(silent.isEmpty, "taken without a word: \(silent)")
    }

    @Test func hugeAndNegativeNumbersAreRefusedOrBroughtIntoRange() throws {
        let lines = try Self.fullProject().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var silent: [String] = []
        for value in Self.values(lines) where value.isNumber && value.key != "formatVersion" {
            for number in ["1e308", "-1", "9223372036854775807", "-9223372036854775808"] {
                let text = Self.replacing(value, in: lines, with: number)
                let original = Double(lines[value.lines.lowerBound].split(separator: ":").last!
                    .trimmingCharacters(in: CharacterSet(charactersIn: ", ")))!
                // A value equal to the saved one is no test.
                guard Double(number)! != original else { continue }
                if case .silent = Self.outcome(text) { silent.append("\(value.key) = \(number)") }
            }
        }
        // A gradient of -1° is one of 359°: the only such number that is a value in its own right.
        #expect(silent == ["angle = -1"], "taken without a word: \(silent)")
    }
}
