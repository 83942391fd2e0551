// The resolution a saved image says it has, read by tools other than ours:
// a PNG's pHYs chunk parsed from the bytes (identify rounds 5906 pixels per
// metre to 150.01), a JPEG's JFIF density through exiftool. Which DPI a file
// should have is the tests' business.

import Foundation

/// The PNG's pHYs resolution in dots per inch, rounded; nil when it has no
/// pHYs chunk or gives no unit (an aspect ratio only).
public func pngDPI(_ path: String) throws -> (x: Int, y: Int)? {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func be(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
    var at = 8 // the signature
    while at + 8 <= bytes.count {
        let length = Int(be(at))
        let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
        if type == "pHYs", length == 9, at + 17 <= bytes.count {
            guard bytes[at + 16] == 1 else { return nil } // 1: pixels per metre
            let perInch = { (perMetre: UInt32) in Int((Double(perMetre) * 0.0254).rounded()) }
            return (perInch(be(at + 8)), perInch(be(at + 12)))
        }
        if type == "IDAT" || type == "IEND" { return nil } // pHYs comes before the pixels
        at += 12 + length
    }
    return nil
}

/// The JPEG's resolution as exiftool reads it: X, Y and the unit
/// ("inches", "cm", or "None" for an aspect ratio only).
public func jpegDensity(_ path: String) throws -> (x: Int, y: Int, unit: String) {
    let result = try run("/usr/bin/exiftool", ["-T", "-XResolution", "-YResolution", "-ResolutionUnit", path])
    let fields = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t").map(String.init)
    guard result.status == 0, fields.count == 3, let x = Int(fields[0]), let y = Int(fields[1]) else {
        throw FixtureError.toolFailed("exiftool", "\(path): \(result.stdout) \(result.stderr)")
    }
    return (x, y, fields[2])
}
