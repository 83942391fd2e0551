// What a title suggestion needs from one photo — the day it was taken and
// where — asked of a decoder worker (Decoder.facts: the header and the
// metadata in one request, under a probe's limits and deadline), never read
// here: gexiv2 and Exiv2 parse user files only inside the workers' sandbox
// (SPEC §7b; CollageRender's MetadataReader). Looking places up is
// PlaceFinder's job.

import CollageCore
import CollageRender
import Foundation

public enum PhotoMetadata {
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        /// Why the file could not be read, in the app's words (LoadError).
        public var reason: LoadError.Reason
        public var description: String { "\(path): \(reason)" }
    }

    /// The facts of the photo at `path`. A file that is no image, or whose
    /// metadata cannot be read (none, damaged, a worker that crashed or ran
    /// out of time on it), has none; only a file that is not there or cannot
    /// be opened is an error.
    public static func read(path: String, decoder: Decoder = .isolated()) throws(ReadError) -> TitleFacts {
        do throws(LoadError) {
            return try decoder.facts(path).facts
        } catch {
            switch error.reason {
            case .missing, .danglingLink, .permissionDenied:
                throw ReadError(path: path, reason: error.reason)
            default:
                return TitleFacts()
            }
        }
    }

    /// No more than this of a file is read for its metadata, however large.
    public static var readLimit: Int { Decoder.metadataReadLimit }
}
