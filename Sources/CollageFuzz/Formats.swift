// Where the fields worth aiming at sit in the formats of the seeds: JPEG
// segments and SOF sizes, PNG chunks (with their CRC, recomputed so a mutant
// gets past libpng's checksum), GIF screen and frame sizes, WebP canvas
// sizes. Lenient readers of possibly broken bytes: they report what they
// find and never trap. Which values to write there is Mutator's choice.

/// A field in a file: where it starts, how many bytes, and its byte order.
struct Field {
    var offset: Int
    var width: Int
    var bigEndian: Bool

    func write(_ value: UInt64, into bytes: inout [UInt8]) {
        guard offset >= 0, offset + width <= bytes.count else { return }
        for i in 0..<width {
            let shift = 8 * (bigEndian ? width - 1 - i : i)
            bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
        }
    }

    func read(_ bytes: [UInt8]) -> UInt64 {
        guard offset >= 0, offset + width <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for i in 0..<width {
            let shift = 8 * (bigEndian ? width - 1 - i : i)
            value |= UInt64(bytes[offset + i]) << UInt64(shift)
        }
        return value
    }
}

enum Formats {
    static func isJPEG(_ b: [UInt8]) -> Bool { b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF }
    static func isPNG(_ b: [UInt8]) -> Bool { b.count >= 8 && b[0] == 0x89 && b[1] == 0x50 && b[2] == 0x4E && b[3] == 0x47 }
    static func isGIF(_ b: [UInt8]) -> Bool { b.count >= 6 && b[0] == 0x47 && b[1] == 0x49 && b[2] == 0x46 }
    /// Text that starts like an SVG document (after any XML declaration).
    static func isSVG(_ b: [UInt8]) -> Bool {
        let head = String(decoding: b.prefix(256), as: UTF8.self)
        return head.hasPrefix("<svg") || (head.hasPrefix("<?xml") && head.contains("<svg"))
    }

    /// Where the numbers of an SVG are: sizes, filter parameters, coordinates.
    static func svgNumbers(_ b: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (i, byte) in b.enumerated() {
            let numeric = (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            if numeric, start == nil { start = i }
            if !numeric, let s = start {
                ranges.append(s..<i)
                start = nil
            }
        }
        return ranges
    }

    static func isWebP(_ b: [UInt8]) -> Bool {
        b.count >= 12 && b[0] == 0x52 && b[1] == 0x49 && b[8] == 0x57 && b[9] == 0x45 && b[10] == 0x42 && b[11] == 0x50
    }

    // MARK: JPEG

    /// A JPEG segment with a length: the offset of its FF and its marker.
    struct Segment {
        var offset: Int
        var marker: UInt8
        var length: Field { Field(offset: offset + 2, width: 2, bigEndian: true) }
    }

    /// The segments with a length, in order; scan data is skipped by looking
    /// for the next marker that is not a stuffed byte or a restart.
    static func jpegSegments(_ b: [UInt8]) -> [Segment] {
        var segments: [Segment] = []
        var i = 2
        while i + 3 < b.count, segments.count < 1000 {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            if marker == 0xFF || marker == 0x00 || marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 1; continue }
            if marker == 0xD9 { break }
            let segment = Segment(offset: i, marker: marker)
            segments.append(segment)
            i += 2 + max(2, Int(segment.length.read(b)))
            if marker == 0xDA {
                // Entropy-coded data: on to the next real marker.
                while i + 1 < b.count, !(b[i] == 0xFF && b[i + 1] != 0x00 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
            }
        }
        return segments
    }

    /// Height and width of every frame header (SOF0–SOF15 but DHT, JPG, DAC).
    static func jpegSizeFields(_ b: [UInt8]) -> [Field] {
        jpegSegments(b).filter { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }
            .flatMap { [Field(offset: $0.offset + 5, width: 2, bigEndian: true),
                        Field(offset: $0.offset + 7, width: 2, bigEndian: true)] }
    }

    // MARK: PNG

    struct Chunk {
        var offset: Int   // of the length field
        var length: Int
        var length32: Field { Field(offset: offset, width: 4, bigEndian: true) }
    }

    static func pngChunks(_ b: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= b.count, chunks.count < 1000 {
            let length = Int(Field(offset: i, width: 4, bigEndian: true).read(b))
            chunks.append(Chunk(offset: i, length: length))
            guard length <= b.count else { break }
            i += 12 + length
        }
        return chunks
    }

    /// IHDR's width and height, when the first chunk is IHDR.
    static func pngSizeFields(_ b: [UInt8]) -> [Field] {
        guard b.count >= 24, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return [] }
        return [Field(offset: 16, width: 4, bigEndian: true), Field(offset: 20, width: 4, bigEndian: true)]
    }

    /// Rewrites every chunk's CRC that lies within the file.
    static func fixPNGChecksums(_ b: inout [UInt8]) {
        for chunk in pngChunks(b) where chunk.offset + 12 + chunk.length <= b.count {
            let crc = crc32(b[(chunk.offset + 4)..<(chunk.offset + 8 + chunk.length)])
            Field(offset: chunk.offset + 8 + chunk.length, width: 4, bigEndian: true).write(UInt64(crc), into: &b)
        }
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    // MARK: GIF

    /// The logical screen's width and height, and the first frame's.
    static func gifSizeFields(_ b: [UInt8]) -> [Field] {
        guard b.count >= 13 else { return [] }
        let screen = [Field(offset: 6, width: 2, bigEndian: false), Field(offset: 8, width: 2, bigEndian: false)]
        guard let frame = gifFrames(b).first else { return screen }
        return screen + [Field(offset: frame + 5, width: 2, bigEndian: false), Field(offset: frame + 7, width: 2, bigEndian: false)]
    }

    /// The offsets of the image descriptors (2C), walking the blocks.
    static func gifFrames(_ b: [UInt8]) -> [Int] {
        guard b.count >= 13 else { return [] }
        var frames: [Int] = []
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0)
        while i < b.count, frames.count < 1000 {
            if b[i] == 0x2C {
                frames.append(i)
                guard i + 9 < b.count else { break }
                // Descriptor, local colour table, LZW code size, then sub-blocks.
                i += 10 + (b[i + 9] & 0x80 != 0 ? 3 << (Int(b[i + 9] & 7) + 1) : 0) + 1
            } else if b[i] == 0x21 {
                i += 2  // introducer and label, then sub-blocks
            } else {
                break
            }
            while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }
            i += 1
        }
        return frames
    }

    // MARK: WebP

    /// VP8X canvas size (minus one, 24 bits), VP8 frame size (14 bits and a
    /// scale), VP8L size (14 bits each, packed: written whole as 32 bits).
    static func webpSizeFields(_ b: [UInt8]) -> [Field] {
        var fields: [Field] = []
        var i = 12
        while i + 8 <= b.count, fields.count < 8 {
            let tag = String(decoding: b[i..<(i + 4)], as: UTF8.self)
            let size = Int(Field(offset: i + 4, width: 4, bigEndian: false).read(b))
            let data = i + 8
            switch tag {
            case "VP8X": fields += [Field(offset: data + 4, width: 3, bigEndian: false), Field(offset: data + 7, width: 3, bigEndian: false)]
            case "VP8 ": fields += [Field(offset: data + 6, width: 2, bigEndian: false), Field(offset: data + 8, width: 2, bigEndian: false)]
            case "VP8L": fields += [Field(offset: data + 1, width: 4, bigEndian: false)]
            default: break
            }
            guard size <= b.count else { break }
            i = data + size + (size & 1)
        }
        return fields
    }

    /// How much of a well-formed file may be kept at most and it still lacks
    /// image data (so loading it must fail); nil when that is not clear, as
    /// for an animation, whose first frame can be whole without the rest.
    static func imageDataEnd(_ b: [UInt8]) -> Int? {
        if isJPEG(b) { return b.count - 2 }  // without FF D9
        if isPNG(b) {
            // Without IEND, or without the deflate checksum, every row is there.
            let idat = pngChunks(b).last { b[($0.offset + 4)..<($0.offset + 8)].elementsEqual("IDAT".utf8) }
            return idat.map { $0.offset + 8 + $0.length - 16 }
        }
        if isGIF(b) { return gifFrames(b).count == 1 ? b.count - 8 : nil }
        if isWebP(b) { return b.count - 16 }
        return nil
    }

    /// The format by its signature, for messages.
    static func name(_ b: [UInt8]) -> String {
        if isJPEG(b) { return "JPEG" }
        if isPNG(b) { return b.count > 28 && b[28] == 1 ? "interlaced PNG" : "PNG" }
        if isGIF(b) { return "GIF" }
        if isWebP(b) { return "WebP" }
        if isSVG(b) { return "SVG" }
        return "unknown format"
    }

    static func sizeFields(_ b: [UInt8]) -> [Field] {
        if isJPEG(b) { return jpegSizeFields(b) }
        if isPNG(b) { return pngSizeFields(b) }
        if isGIF(b) { return gifSizeFields(b) }
        if isWebP(b) { return webpSizeFields(b) }
        return []
    }
}
