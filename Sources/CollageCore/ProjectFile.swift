// A project file (Name.tinycollage): the whole collage as small versioned
// JSON — the document as CollageDocument's own Codable writes it, with photo
// paths relative to the project's folder when they are at or below it, so a
// folder of photos and its project can move together. Reading the file from
// disk (its kind, its size) is ProjectIO's; this turns a document into bytes
// and back, and checks every value read (SessionValidation), never trusting it.

import Foundation

public enum ProjectFile {
    public static let formatVersion = 1
    public static let mimeType = "application/x-tinycollage-project"
    public static let fileExtension = "tinycollage"
    /// The first key of every project (keys are sorted, "application" comes
    /// first), so the file's first bytes say what it is: the MIME magic and
    /// `isProject` look for this.
    public static let application = "tinycollage-project"
    /// A project is nine paths and settings, a few kilobytes; past this it is not one.
    public static let maximumBytes = 1 << 20

    /// A preview saved with the project is at most this (a PNG of a few hundred pixels a side).
    public static let maximumPreviewBytes = 512 << 10

    private struct Envelope: Codable {
        var application: String
        var formatVersion: Int
        var document: CollageDocument
        /// A small PNG of the collage (base64 in the JSON), for a thumbnailer
        /// that cannot reach the photos: GNOME's runs in a sandbox that sees
        /// the project file alone. Optional; older readers ignore it.
        var preview: Data?
    }

    private struct Header: Decodable {
        var application: String
        var formatVersion: Int
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case notAProject
        case corrupt(String)
        case futureVersion(Int)
        case tooLarge(Int)

        public var description: String {
            switch self {
            case .notAProject: return "it is not a TinyCollage project"
            case let .corrupt(why): return "the project is damaged (\(why))"
            case let .futureVersion(v): return "it was made by a newer TinyCollage (format \(v))"
            case let .tooLarge(bytes): return "it is \(bytes) bytes, too large to be a project"
            }
        }
    }

    public typealias WriteError = SessionFile.WriteError

    /// The project's folder: photos at or below it are written relative to it.
    /// On the path's bytes (FilePathText): a name that is not UTF-8 is carried
    /// as a file:// text, which NSString's path methods would take apart.
    static func folder(of projectPath: String) -> String {
        let bytes = FilePathText.bytes(of: projectPath)
        let slash = UInt8(ascii: "/")
        guard let last = bytes.lastIndex(of: slash) else { return FileManager.default.currentDirectoryPath }
        let parent = last == 0 ? [slash] : Array(bytes[..<last])
        if parent.first == slash { return FilePathText.text(fromBytes: parent) }
        return FilePathText.text(fromBytes: FilePathText.bytes(of: FileManager.default.currentDirectoryPath) + [slash] + parent)
    }

    static func relative(_ path: String, to folder: String) -> String {
        var base = FilePathText.bytes(of: folder)
        if base.last != UInt8(ascii: "/") { base.append(UInt8(ascii: "/")) }
        let bytes = FilePathText.bytes(of: path)
        guard bytes.starts(with: base), bytes.count > base.count else { return path }
        return FilePathText.text(fromBytes: Array(bytes[base.count...]))
    }

    static func absolute(_ path: String, in folder: String) -> String {
        let bytes = FilePathText.bytes(of: path)
        if bytes.first == UInt8(ascii: "/") { return path }
        var base = FilePathText.bytes(of: folder)
        if base.last != UInt8(ascii: "/") { base.append(UInt8(ascii: "/")) }
        return FilePathText.text(fromBytes: base + bytes)
    }

    public static func encode(_ document: CollageDocument, projectPath: String, preview: Data? = nil) throws(WriteError) -> Data {
        if let preview, preview.count > maximumPreviewBytes {
            throw WriteError(description: "a preview of \(preview.count) bytes is more than the \(maximumPreviewBytes) a project keeps")
        }
        let folder = folder(of: projectPath)
        var kept = document
        for index in kept.photos.indices {
            kept.photos[index].path = relative(kept.photos[index].path, to: folder)
        }
        return try SessionFile.json(Envelope(application: application, formatVersion: formatVersion, document: kept,
                                             preview: preview),
                                    kind: "project", maximumBytes: maximumBytes)
    }

    /// The document with absolute photo paths, every value checked, and what had to be corrected.
    public static func decode(_ data: Data, projectPath: String) throws(ReadError) -> (document: CollageDocument, repairs: [String]) {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw .notAProject
        }
        guard header.application == application else { throw .notAProject }
        guard header.formatVersion <= formatVersion else { throw .futureVersion(header.formatVersion) }
        guard header.formatVersion >= 1 else { throw .corrupt("format \(header.formatVersion)") }
        var document: CollageDocument
        do {
            document = try decoder.decode(Envelope.self, from: data).document
        } catch {
            throw .corrupt(damage(error))
        }
        let folder = folder(of: projectPath)
        for index in document.photos.indices {
            document.photos[index].path = absolute(document.photos[index].path, in: folder)
        }
        return SessionValidation.checked(document)
    }

    /// Where the document is damaged and how, in a few words ("document.photos[0].crop.zoom
    /// is not a number"), rather than the decoder's description of its own types.
    static func damage(_ error: any Error) -> String {
        func place(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
            let keys = path + (key.map { [$0] } ?? [])
            // The envelope's "document" is the first key; a person reads the rest.
            return keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }.prefix(120).description
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is Double.Type, is Float.Type, is Int.Type: return "a number"
            case is String.Type, is UUID.Type: return "text"
            case is Bool.Type: return "true or false"
            default:
                let name = String(describing: type)
                if name.hasPrefix("Array") { return "a list" }
                return "a group of values"
            }
        }
        switch error as? DecodingError {
        case let .typeMismatch(type, context)?:
            return "\(place(context.codingPath)) is not \(kind(type))"
        case let .valueNotFound(type, context)?:
            return "\(place(context.codingPath)) is empty where \(kind(type)) belongs"
        case let .keyNotFound(key, context)?:
            return "\(place(context.codingPath, key)) is missing"
        case let .dataCorrupted(context)?:
            let at = place(context.codingPath)
            return at.isEmpty ? "it is not JSON" : "\(at) cannot be read"
        default:
            return String(describing: error).prefix(120).description
        }
    }

    /// The preview saved in a project's bytes, or nil when there is none or
    /// it is not one (too large, not base64). Only bytes: they are an image
    /// from a file, to be decoded as any photo is, in the workers.
    public static func preview(_ data: Data) -> Data? {
        struct Preview: Decodable { var preview: Data? }
        guard data.count <= maximumBytes, let header = try? JSONDecoder().decode(Header.self, from: data),
              header.application == application,
              let preview = (try? JSONDecoder().decode(Preview.self, from: data))?.preview,
              !preview.isEmpty, preview.count <= maximumPreviewBytes else { return nil }
        return preview
    }

    /// Whether these first bytes start a project (the MIME magic's test).
    public static func looksLikeProject(_ head: Data) -> Bool {
        let prefix = Data("{\n  \"application\" : \"\(application)\"".utf8)
        return head.starts(with: prefix)
    }
}
