// The session decoder as a fuzz target: a session file as the app writes it
// (a few generated documents), changed by JSON-aware mutations — a number
// replaced by an extreme one (1e308, 0, -1, Int.max, a huge exponent), an id
// repeated, a photo entry duplicated many times, a value of the wrong type,
// a structure nested deep — and by byte mutations, is read with
// SessionFile.decodeChecked. It must come back refused with a reason or as
// a document every part of the app can use: at most nine photos with unique
// ids, finite crops within their range, settings the layout accepts, and the
// same document again after writing it and reading it back. Whatever the
// bytes, nothing may trap.

import CollageCore
import Foundation

struct SessionTarget {
    /// Documents as the app writes them: the raw material.
    static let seeds: [[UInt8]] = {
        let photos = (0..<5).map { i in
            Photo(path: "/home/me/Pictures/photo \(i).jpg", crop: Crop(zoom: 1 + Double(i) / 2, centerX: 0.3, centerY: 0.7))
        }
        let documents = [
            CollageDocument(),
            CollageDocument(photos: Array(photos.prefix(3))),
            CollageDocument(photos: photos, settings: CollageSettings(outputSize: PixelSize(width: 2048, height: 1536),
                                                                      gap: 12, margin: 24, background: .black)),
            // The look (issue 23): every value of it, for the mutations to reach.
            CollageDocument(photos: Array(photos.prefix(4)), settings: CollageSettings(
                gap: 20, margin: 30, style: CollageStyle(cornerRadius: 12, borderWidth: 8, borderColour: .white, shadow: true,
                                                         fill: .gradient(from: .black, to: .white, angle: 135), fit: .contain))),
            CollageDocument(photos: Array(photos.prefix(2)), settings: CollageSettings(style: CollageStyle(fill: .blur))),
        ]
        return documents.map { Array((try? SessionFile.encode($0)) ?? Data()) }
    }()

    static let extremes = ["1e308", "-1e308", "0", "-1", "9223372036854775807", "-9223372036854775808",
                           "1e400", "4.9e-324", "32768", "2147483648", "0.5", "\"text\"", "null", "[]", "{}", "true"]

    /// A session file to read, and what was done to it.
    func mutant(rng: inout SplitMix64) -> (bytes: [UInt8], recipe: String) {
        var bytes = rng.pick(Self.seeds)
        var steps: [String] = []
        for _ in 0..<rng.int(1, 4) { steps.append(mutate(&bytes, rng: &rng)) }
        return (bytes, "session: " + steps.joined(separator: ", "))
    }

    func run(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome(probe: "session")
        do {
            let (document, _) = try SessionFile.decodeChecked(Data(bytes))
            outcome.load = "session read"
            outcome.problems = problems(in: document)
        } catch {
            outcome.load = "session refused"
            if error.description.isEmpty { outcome.problems.append("a refusal without words") }
        }
        return outcome
    }

    private func mutate(_ bytes: inout [UInt8], rng: inout SplitMix64) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        switch rng.below(8) {
        case 0, 1, 2, 3:
            let numbers = Self.numbers(in: text)
            guard let range = numbers.isEmpty ? nil : rng.pick(numbers) else { break }
            let value = rng.pick(Self.extremes)
            text.replaceSubrange(range, with: value)
            bytes = Array(text.utf8)
            return "number -> \(value)"
        case 4:
            // Every photo gets the first photo's id.
            guard let first = text.range(of: #""id" : ""#) ?? text.range(of: #""id": ""#) else { break }
            let id = String(text[first.upperBound...].prefix(36))
            let pattern = try? NSRegularExpression(pattern: #""id" ?: ?"[0-9A-F-]{36}""#)
            let whole = NSRange(text.startIndex..., in: text)
            text = pattern?.stringByReplacingMatches(in: text, range: whole, withTemplate: "\"id\" : \"\(id)\"") ?? text
            bytes = Array(text.utf8)
            return "one id for all"
        case 5:
            // A photo entry repeated, up to far more than nine.
            guard let crop = text.range(of: "\"crop\""), let start = text[..<crop.lowerBound].lastIndex(of: "{"),
                  let path = text.range(of: "\"path\"", range: crop.upperBound..<text.endIndex),
                  let close = text[path.upperBound...].firstIndex(of: "}") else { break }
            let end = text.index(after: close)
            let entry = String(text[start..<end])
            let copies = rng.pick([2, 9, 10, 200])
            text.replaceSubrange(start..<end, with: Array(repeating: entry, count: copies).joined(separator: ","))
            bytes = Array(text.utf8)
            return "photo ×\(copies)"
        case 6:
            // Nested deeper than any parser should follow.
            let depth = rng.pick([64, 600, 5000])
            bytes = Array((String(repeating: "[", count: depth) + text + String(repeating: "]", count: depth)).utf8)
            return "nested \(depth)"
        default:
            break
        }
        // Bytes: flip, cut or repeat.
        guard !bytes.isEmpty else { return "empty" }
        let at = rng.below(bytes.count)
        switch rng.below(3) {
        case 0:
            bytes[at] ^= 1 << UInt8(rng.below(8))
            return "flip at \(at)"
        case 1:
            bytes.removeLast(bytes.count - at)
            return "cut at \(at)"
        default:
            bytes.insert(contentsOf: bytes[at...].prefix(rng.int(1, 64)), at: at)
            return "repeat at \(at)"
        }
    }

    /// Where the JSON numbers are: values after a key, not digits in a path or an id.
    static func numbers(in text: String) -> [Range<String.Index>] {
        guard let pattern = try? NSRegularExpression(pattern: #"(?<=: )-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"#)
        else { return [] }
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
    }

    /// What a checked document must be, whatever the file said.
    private func problems(in document: CollageDocument) -> [String] {
        var problems: [String] = []
        if document.photos.count > CollageLayout.maximumPhotos { problems.append("\(document.photos.count) photos") }
        if Set(document.photos.map(\.id)).count != document.photos.count { problems.append("two photos share an id") }
        for photo in document.photos {
            let crop = photo.crop
            if !(1...Crop.maximumZoom).contains(crop.zoom) || !(0...1).contains(crop.centerX) || !(0...1).contains(crop.centerY) {
                problems.append("crop \(crop.zoom) \(crop.centerX) \(crop.centerY) passed")
            }
        }
        let settings = document.settings
        if !CollageLayout.fits(count: document.photos.count, settings: settings) {
            problems.append("settings \(settings.outputSize) gap \(settings.gap) margin \(settings.margin) leave no room")
        }
        if let data = try? SessionFile.encode(document), let again = try? SessionFile.decodeChecked(data) {
            if again.document != document || !again.repairs.isEmpty { problems.append("not the same after a round trip") }
        } else {
            problems.append("a checked document cannot be written and read back")
        }
        return problems
    }
}
