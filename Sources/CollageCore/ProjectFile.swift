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

    private struct Envelope: Codable {
        var application: String
        var formatVersion: Int
        var document: CollageDocument
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
    static func folder(of projectPath: String) -> String {
        let parent = (projectPath as NSString).deletingLastPathComponent
        if parent.isEmpty { return FileManager.default.currentDirectoryPath }
        if parent.hasPrefix("/") { return parent }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(parent)
    }

    static func relative(_ path: String, to folder: String) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(base), path.count > base.count else { return path }
        return String(path.dropFirst(base.count))
    }

    static func absolute(_ path: String, in folder: String) -> String {
        if path.hasPrefix("/") { return path }
        return (folder as NSString).appendingPathComponent(path)
    }

    public static func encode(_ document: CollageDocument, projectPath: String) throws(WriteError) -> Data {
        let folder = folder(of: projectPath)
        var kept = document
        for index in kept.photos.indices {
            kept.photos[index].path = relative(kept.photos[index].path, to: folder)
        }
        return try SessionFile.json(Envelope(application: application, formatVersion: formatVersion, document: kept),
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
            throw .corrupt(String(describing: error).prefix(200).description)
        }
        let folder = folder(of: projectPath)
        for index in document.photos.indices {
            document.photos[index].path = absolute(document.photos[index].path, in: folder)
        }
        return SessionValidation.checked(document)
    }

    /// Whether these first bytes start a project (the MIME magic's test).
    public static func looksLikeProject(_ head: Data) -> Bool {
        let prefix = Data("{\n  \"application\" : \"\(application)\"".utf8)
        return head.starts(with: prefix)
    }
}
