// The session document of SPEC §5 as JSON: the photos in order, their crops,
// the settings and a format version. Reading and writing the file on disk is
// the app's job; this only turns a document into bytes and back, and says
// why when the bytes cannot be trusted.

import Foundation

public enum SessionFile {
    public static let formatVersion = 1

    private struct Envelope: Codable {
        var formatVersion: Int
        var document: CollageDocument
    }

    private struct VersionOnly: Decodable {
        var formatVersion: Int
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case corrupt(String)
        case futureVersion(Int)

        public var description: String {
            switch self {
            case let .corrupt(why): return "the session file is damaged (\(why))"
            case let .futureVersion(v): return "the session file was written by a newer TinyCollage (format \(v))"
            }
        }
    }

    public static func encode(_ document: CollageDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Envelope(formatVersion: formatVersion, document: document))
    }

    public static func decode(_ data: Data) throws(ReadError) -> CollageDocument {
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(VersionOnly.self, from: data).formatVersion
        } catch {
            throw .corrupt("no format version")
        }
        guard version <= formatVersion else { throw .futureVersion(version) }
        do {
            var document = try decoder.decode(Envelope.self, from: data).document
            // A hand-edited file must not smuggle in more than the layout holds.
            document.photos = Array(document.photos.prefix(CollageLayout.maximumPhotos))
            return document
        } catch {
            throw .corrupt(String(describing: error).prefix(200).description)
        }
    }
}
