// Where a camera's own small picture sits in its JPEG: the first APP1
// "Exif" segment holds a TIFF structure whose IFD0 gives the photo's
// orientation and whose IFD1 points at a small JPEG (usually 160×120),
// and the frame header (SOF) after it gives the photo's stored size. This
// walks the segments by their lengths and reads those few fields, every
// offset checked against the bytes at hand; it decodes nothing (that is
// ImageLoader+Embedded's job, in a decoder worker like every parse of a
// user's file). Only JPEG-compressed thumbnails count.

import CollageCore

struct EmbeddedThumbnail: Equatable {
    /// Where the small JPEG's bytes are, within the bytes searched.
    var jpeg: Range<Int>
    /// The photo's EXIF orientation (1…8), which the thumbnail shares.
    var orientation: Int
    /// The photo's stored size, from its frame header (not turned).
    var photoSize: PixelSize

    enum Search: Equatable {
        case found(EmbeddedThumbnail)
        /// Not a JPEG, no EXIF thumbnail, or a structure that does not hold.
        case none
        /// The bytes end before the frame header: read more and look again.
        case needsMoreBytes
    }

    /// Looks through the first bytes of a file.
    static func find(in bytes: [UInt8]) -> Search {
        guard bytes.count >= 4 else { return bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 ? .needsMoreBytes : .none }
        guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .none }
        var exif: (jpeg: Range<Int>?, orientation: Int)?
        var i = 2
        while true {
            guard i + 1 < bytes.count else { return .needsMoreBytes }
            guard bytes[i] == 0xFF else { return .none }
            let marker = bytes[i + 1]
            if marker == 0xFF {  // a fill byte
                i += 1
                continue
            }
            i += 2
            switch marker {
            case 0x01, 0xD0...0xD7:  // no length
                continue
            case 0xD8, 0xD9, 0xDA:  // a second start, an end or a scan before any frame header
                return .none
            default:
                break
            }
            guard i + 2 <= bytes.count else { return .needsMoreBytes }
            let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
            guard length >= 2 else { return .none }
            let body = (i + 2)..<(i + length)
            if isFrameHeader(marker) {
                guard body.lowerBound + 5 <= bytes.count else { return .needsMoreBytes }
                let height = Int(bytes[body.lowerBound + 1]) << 8 | Int(bytes[body.lowerBound + 2])
                let width = Int(bytes[body.lowerBound + 3]) << 8 | Int(bytes[body.lowerBound + 4])
                guard width > 0, height > 0, let exif, let jpeg = exif.jpeg else { return .none }
                return .found(EmbeddedThumbnail(jpeg: jpeg, orientation: exif.orientation,
                                                photoSize: PixelSize(width: width, height: height)))
            }
            if marker == 0xE1, exif == nil, body.count >= 6, body.lowerBound + 6 <= bytes.count,
               Array(bytes[body.lowerBound..<(body.lowerBound + 6)]) == Array("Exif\0\0".utf8) {
                guard body.upperBound <= bytes.count else { return .needsMoreBytes }
                exif = TIFFReader(bytes, start: body.lowerBound + 6, end: body.upperBound)?.thumbnail() ?? (nil, 1)
            }
            i = body.upperBound
        }
    }

    /// SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}

/// The few TIFF fields the thumbnail needs, from an EXIF segment.
private struct TIFFReader {
    let bytes: [UInt8]
    /// Where the TIFF header starts; offsets inside it count from here.
    let base: Int
    let count: Int
    let littleEndian: Bool

    init?(_ bytes: [UInt8], start: Int, end: Int) {
        guard end - start >= 8 else { return nil }
        self.bytes = bytes
        base = start
        count = end - start
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        guard u16(2) == 42 else { return nil }
    }

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        let a = Int(bytes[base + offset]), b = Int(bytes[base + offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    private func u32(_ offset: Int) -> Int? {
        guard let low = u16(offset + (littleEndian ? 0 : 2)), let high = u16(offset + (littleEndian ? 2 : 0)) else {
            return nil
        }
        return low | high << 16
    }

    /// The entries of the IFD at `offset`, by tag: (type, value field offset), and the next IFD's offset.
    private func ifd(at offset: Int) -> (entries: [Int: (type: Int, field: Int)], next: Int)? {
        guard let n = u16(offset), n <= 1000, offset + 2 + n * 12 + 4 <= count else { return nil }
        var entries: [Int: (type: Int, field: Int)] = [:]
        for k in 0..<n {
            let entry = offset + 2 + k * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { return nil }
            if entries[tag] == nil { entries[tag] = (type, entry + 8) }
        }
        return (entries, u32(offset + 2 + n * 12) ?? 0)
    }

    /// A SHORT or LONG held in the entry's own field.
    private func integer(_ entry: (type: Int, field: Int)?) -> Int? {
        switch entry?.type {
        case 3: return entry.flatMap { u16($0.field) }
        case 4: return entry.flatMap { u32($0.field) }
        default: return nil
        }
    }

    /// The thumbnail's bytes (in the searched bytes' offsets) and the orientation.
    func thumbnail() -> (jpeg: Range<Int>?, orientation: Int)? {
        guard let first = u32(4), let ifd0 = ifd(at: first) else { return nil }
        let orientation = integer(ifd0.entries[0x0112]).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        guard ifd0.next != 0, ifd0.next != first, let ifd1 = ifd(at: ifd0.next) else { return (nil, orientation) }
        // Compression 1 is a thumbnail of raw pixels (rare): not a JPEG.
        if let compression = integer(ifd1.entries[0x0103]), compression == 1 { return (nil, orientation) }
        guard let start = integer(ifd1.entries[0x0201]), let length = integer(ifd1.entries[0x0202]),
              length >= 4, start >= 8, start <= count - length,
              bytes[base + start] == 0xFF, bytes[base + start + 1] == 0xD8 else { return (nil, orientation) }
        return ((base + start)..<(base + start + length), orientation)
    }
}
