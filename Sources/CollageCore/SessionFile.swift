// The session document of SPEC §5 as JSON: the photos in order, their crops,
// the settings and a format version. Reading and writing the file on disk is
// the app's job; this only turns a document into bytes and back, says why
// when the bytes cannot be trusted, and brings every value read into what
// can be drawn (SessionValidation).

import Foundation

public enum SessionFile {
    public static let formatVersion = 1

    private struct Envelope: Codable {
        var formatVersion: Int
        var document: CollageDocument
        /// The project file the document was opened from or saved as, so that
        /// after a restart Save Project still writes there. Absent (not null)
        /// when there is none, so older TinyCollages read the file as before.
        var projectPath: String?
    }

    private struct VersionOnly: Decodable {
        var formatVersion: Int
    }

    /// A session is a few kilobytes (nine paths and settings); a file past
    /// this is not one, and is set aside without being read.
    public static let maximumBytes = 1 << 20

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case corrupt(String)
        case futureVersion(Int)
        case tooLarge(Int)

        public var description: String {
            switch self {
            case let .corrupt(why): return "the session file is damaged (\(why))"
            case let .futureVersion(v): return "the session file was written by a newer TinyCollage (format \(v))"
            case let .tooLarge(bytes): return "the session file is \(bytes) bytes, too large to be one"
            }
        }
    }

    /// Why a document cannot be kept as a session file (in English, for the
    /// log; the window says it in the user's words).
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The document as a session file's bytes, or why it cannot be one: a
    /// value JSON cannot hold (a crop that is not a number), or more bytes
    /// than a session may have — written, it would be set aside when read.
    public static func encode(_ document: CollageDocument, projectPath: String? = nil) throws(WriteError) -> Data {
        try json(Envelope(formatVersion: formatVersion, document: document, projectPath: projectPath), kind: "session file",
                 maximumBytes: maximumBytes)
    }

    /// `value` as sorted, indented JSON, or why it cannot be kept as a `kind`
    /// (a session file, a project): a value JSON cannot hold, named by where
    /// it is, or more bytes than one may have — written, it would be refused when read.
    static func json(_ value: some Encodable, kind: String, maximumBytes: Int) throws(WriteError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch let EncodingError.invalidValue(value, context) {
            let place = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw WriteError(description: "\(place) holds \(value), which a \(kind) cannot hold")
        } catch {
            throw WriteError(description: String(describing: error))
        }
        guard data.count <= maximumBytes else {
            throw WriteError(description: "it would be \(data.count) bytes, more than the \(maximumBytes) a \(kind) may have")
        }
        return data
    }

    public static func decode(_ data: Data) throws(ReadError) -> CollageDocument {
        try decodeChecked(data).document
    }

    /// The document, every value checked (SessionValidation), and what had to be corrected.
    public static func decodeChecked(_ data: Data) throws(ReadError) -> (document: CollageDocument, repairs: [String]) {
        let session = try decodeSession(data)
        return (session.document, session.repairs)
    }

    /// The same, with the project the document belongs to, if any (a path,
    /// to be checked as any project is when it is opened or written).
    public static func decodeSession(_ data: Data) throws(ReadError)
        -> (document: CollageDocument, repairs: [String], projectPath: String?) {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(VersionOnly.self, from: data).formatVersion
        } catch {
            throw .corrupt("no format version")
        }
        guard version <= formatVersion else { throw .futureVersion(version) }
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: data)
        } catch {
            throw .corrupt(String(describing: error).prefix(200).description)
        }
        let (document, repairs) = SessionValidation.checked(envelope.document)
        // Only an absolute path names a file; anything else is left out, not guessed at.
        let project = envelope.projectPath.flatMap { $0.hasPrefix("/") && !$0.contains("\0") ? $0 : nil }
        return (document, repairs, project)
    }
}
