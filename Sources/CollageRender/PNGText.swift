// The tEXt chunks of a PNG, wherever they are. gdk-pixbuf's incremental
// loader reports only those before the image data, which is where
// gdk-pixbuf's own writer (GNOME's thumbnailers, ours) puts them; other
// writers (ImageMagick among them) put them after it, and a thumbnail-cache
// entry of theirs would otherwise never match its file. A chunk walk over
// bytes already read, every length checked; for ImageLoader.thumbnailFile,
// in a decoder worker.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum PNGText {
    /// The most of a file read for its text: a thumbnail is far smaller.
    static let limit = 8 << 20

    /// Keyword → text of every tEXt chunk in the PNG `descriptor` holds.
    static func read(_ descriptor: Int32) -> [String: String] {
        lseek(descriptor, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return texts(in: bytes)
    }

    static func texts(in bytes: [UInt8]) -> [String: String] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return [:] }
        var texts: [String: String] = [:]
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = i + 8
            guard length <= bytes.count - data - 4 else { break }  // with its CRC
            if type == "tEXt", let zero = bytes[data..<(data + length)].firstIndex(of: 0) {
                // Latin-1, as the PNG standard has it; URIs and numbers are ASCII.
                let keyword = String(decoding: bytes[data..<zero], as: UTF8.self)
                let text = String(bytes[(zero + 1)..<(data + length)].map { Character(Unicode.Scalar($0)) })
                if texts[keyword] == nil { texts[keyword] = text }
            }
            if type == "IEND" { break }
            i = data + length + 4
        }
        return texts
    }
}
