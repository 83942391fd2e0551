// Photos whose metadata attacked the app on 25f418c (issue 19 point 4), made
// byte by byte: a 3.4 KB JPEG whose Canon maker note makes Exiv2 0.27 throw
// std::out_of_range, a WebP whose RIFF size makes it throw
// std::overflow_error, XMP that costs Exiv2 quadratic time, and XMP of 60 MB
// in a PNG and in a file that is no image at all.

import Foundation

extension FixtureFolder {
    /// A real 16×16 JPEG (ImageMagick's) with an EXIF block in front of it:
    /// Make "Canon", a DateTimeOriginal, and a maker note whose AFInfo2
    /// (tag 0x26) holds N = 1500 shorts saying they are 3000 bytes and
    /// AFNumPoints = 16000 — Exiv2 reads 4 × 16000 values out of 1500.
    @discardableResult
    public func canonAFInfoJPEG(_ name: String = "canon.jpg") throws -> String {
        let base = Array(try Data(contentsOf: URL(fileURLWithPath: try solid("canon-base.jpg", colour: "orange",
                                                                              width: 16, height: 16))))
        var tiff = TIFFWriter()
        let count = 1500
        let make = Array("Canon\0".utf8), date = Array("2026:04:03 12:00:00\0".utf8)
        // Offsets from the TIFF header: IFD0 at 8 (2 entries, 30 bytes), the
        // make at 38, the Exif IFD at 44 (2 entries), the date at 74, the maker
        // note's IFD at 94 (1 entry, 18 bytes), AFInfo2's values at 112.
        tiff.header(firstIFD: 8)
        tiff.ifd([(0x010F, 2, make.count, 38), (0x8769, 4, 1, 44)])
        tiff.bytes += make
        tiff.ifd([(0x9003, 2, date.count, 74), (0x927C, 7, 18 + 2 * count, 94)])
        tiff.bytes += date
        tiff.ifd([(0x0026, 3, count, 112)])
        var values = [UInt16](repeating: 0, count: count)
        values[0] = UInt16(2 * count)
        values[2] = 16000
        for value in values { tiff.u16(value) }
        let app1 = Array("Exif\0\0".utf8) + tiff.bytes
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        try FileManager.default.removeItem(atPath: file("canon-base.jpg"))
        return try write(name, bytes: Array(base[0..<2]) + segment + Array(base[2...]))
    }

    /// A real WebP with EXIF (exiftool's) whose RIFF size says 0xFFFFFFFF.
    @discardableResult
    public func riffSizeWebP(_ name: String = "riff.webp") throws -> String {
        let path = try solid(name, colour: "orange", width: 16, height: 16)
        let tagged = try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2026:04:03 12:00:00", path])
        guard tagged.status == 0 else { throw FixtureError.toolFailed("exiftool", tagged.stderr) }
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        return try write(name, bytes: bytes)
    }

    /// An XMP packet of `properties` properties, about 21 bytes each, padded
    /// with `padding` bytes of white space inside the packet.
    public static func xmpPacket(properties: Int, padding: Int = 0) -> [UInt8] {
        var text = #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">"#
            + #"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description rdf:about="" xmlns:p="http://example.com/p/">"#
        for index in 0..<properties { text += "<p:p\(index)>v</p:p\(index)>" }
        text += "</rdf:Description></rdf:RDF></x:xmpmeta>"
        return Array(text.utf8) + [UInt8](repeating: 0x20, count: padding) + Array(#"<?xpacket end="w"?>"#.utf8)
    }

    /// A real 16×16 PNG with `xmp` in an iTXt chunk right after its header.
    @discardableResult
    public func pngWithXMP(_ name: String, _ xmp: [UInt8]) throws -> String {
        let base = Array(try Data(contentsOf: URL(fileURLWithPath: try solid(name, colour: "orange", width: 16, height: 16))))
        let body = Array("iTXt".utf8) + Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + xmp
        let length = UInt32(body.count - 4)
        var chunk = [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
        chunk += body
        let crc = fastCRC32(body)
        chunk += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        let headerEnd = 8 + 25  // the signature and IHDR
        return try write(name, bytes: Array(base[0..<headerEnd]) + chunk + Array(base[headerEnd...]))
    }
}

/// EXIF's TIFF structure, little-endian, for the fixtures above.
struct TIFFWriter {
    var bytes: [UInt8] = []

    mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((v >> UInt32(shift)) & 0xFF)) } }

    mutating func header(firstIFD: UInt32) {
        bytes += Array("II*\0".utf8)
        u32(firstIFD)
    }

    /// An IFD of (tag, type, count, offset) entries, with no next IFD.
    mutating func ifd(_ entries: [(UInt16, UInt16, Int, Int)]) {
        u16(UInt16(entries.count))
        for (tag, type, count, offset) in entries {
            u16(tag)
            u16(type)
            u32(UInt32(count))
            u32(UInt32(offset))
        }
        u32(0)
    }
}

/// CRC-32 with a table: the bitwise one is too slow for 60 MB.
func fastCRC32(_ bytes: [UInt8]) -> UInt32 {
    var table = [UInt32](repeating: 0, count: 256)
    for n in 0..<256 {
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        table[n] = c
    }
    var crc: UInt32 = 0xFFFF_FFFF
    bytes.withUnsafeBufferPointer { buffer in
        for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    return ~crc
}
