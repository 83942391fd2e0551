// Whether a file reaches the end its own container promises, for the formats
// whose loaders accept a cut file without a word: JPEG (libjpeg pads with
// grey; see JPEGEndCheck), PNG (an interlaced PNG reports every row in its
// first pass, so counting rows cannot tell) and WebP (its loader decodes what
// it has at close). The checks read structure only, from the same chunks the
// loader is fed; decoding stays the loaders' business.

enum ContainerEndCheck {
    case jpeg(JPEGEndCheck)
    case png(PNGEndCheck)
    case riff(RIFFEndCheck)
    case none

    /// Chooses the check from the file's first bytes.
    init(firstBytes bytes: UnsafeBufferPointer<UInt8>) {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && magic.indices.allSatisfy { bytes[offset + $0] == magic[$0] }
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg(JPEGEndCheck())
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png(PNGEndCheck())
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .riff(RIFFEndCheck())
        } else {
            self = .none
        }
    }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case var .jpeg(check): check.feed(bytes); self = .jpeg(check)
        case var .png(check): check.feed(bytes); self = .png(check)
        case var .riff(check): check.feed(bytes); self = .riff(check)
        case .none: break
        }
    }

    /// False only when the format's end was not reached.
    var reachedEnd: Bool {
        switch self {
        case let .jpeg(check): return check.reachedEnd
        case let .png(check): return check.reachedEnd
        case let .riff(check): return check.reachedEnd
        case .none: return true
        }
    }
}

/// PNG: the signature, then chunks of length, type, data and CRC, up to a
/// whole IEND chunk.
struct PNGEndCheck {
    private var header: [UInt8] = []
    private var skip = 8  // the signature
    private var sawEnd = false
    private(set) var reachedEnd = false

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < bytes.count, !reachedEnd {
            if skip > 0 {
                let step = min(skip, bytes.count - i)
                skip -= step
                i += step
                if skip == 0, sawEnd { reachedEnd = true }
                continue
            }
            header.append(bytes[i])
            i += 1
            guard header.count == 8 else { continue }
            let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            sawEnd = header[4...7].elementsEqual("IEND".utf8)
            header.removeAll(keepingCapacity: true)
            skip = length + 4  // data and CRC
        }
    }
}

/// WebP: a RIFF container whose header says how long it is.
struct RIFFEndCheck {
    private var header: [UInt8] = []
    private var received = 0
    private var expected: Int?

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        received += bytes.count
        for byte in bytes where header.count < 8 { header.append(byte) }
        if expected == nil, header.count == 8 {
            expected = 8 + (Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24)
        }
    }

    var reachedEnd: Bool { expected.map { received >= $0 } ?? false }
}
