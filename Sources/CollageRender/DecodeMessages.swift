// What the app and a decoder worker say to each other over their socket
// (SOCK_SEQPACKET: one datagram per message, so a message is whole or
// absent). A request carries the photo's open descriptor; an image reply
// carries the memfd that holds the pixels. Fixed little-endian fields behind
// a magic number and a version; every read is bounds-checked, because the
// parent must survive whatever a broken or hostile worker sends (the worker
// protocol is fuzzed from that side: Sources/CollageFuzz). Sending and
// receiving is WorkerProcess's and DecodeWorker's; this only turns messages
// into bytes and back.

import CollageCore

enum DecodeMessage {
    static let version: UInt16 = 1
    /// No message comes near this; a longer datagram is refused as garbage.
    static let maximumSize = 8192
    /// Strings in replies (a loader's error text, a thumbnail's URI) are cut here.
    static let maximumStringBytes = 2048

    enum Kind: UInt16 {
        case probe = 1
        case decode = 2
        /// A freedesktop thumbnail-cache PNG: decoded whole, with its Thumb:: text.
        case thumbnailFile = 3
        /// A JPEG's embedded EXIF thumbnail, upright, at the photo's proportions
        /// (ImageLoader+Embedded); answered with `nothing` when there is none.
        case embeddedThumbnail = 4
        /// The header's size and the metadata's date and place (MetadataReader),
        /// in one request, so a file is parsed for metadata only in a worker.
        case facts = 5
    }

    struct Request: Equatable {
        var kind: Kind
        var cover: PixelSize?
        var swapsAxes: Bool?
        var shrinkToCover = false
        var pixelLimit = ImageLoader.defaultPixelLimit
        /// CPU seconds this request may use (RLIMIT_CPU, re-armed per request).
        var cpuSeconds = 10
    }

    enum Reply: Equatable {
        /// Sent once after start-up, with the worker's address-space size then.
        case ready(baselineBytes: Int)
        case probed(PixelSize)
        case image(ImageHeader)
        case failed(LoadError.Reason)
        /// The file is fine and has none of what was asked (an embedded thumbnail).
        case nothing
        /// An image's stored size, and what its metadata says (each part may be absent).
        case facts(PixelSize, taken: CalendarDay?, coordinate: Coordinate?)
    }

    /// What comes with an image reply's memfd: enough to map it safely.
    struct ImageHeader: Equatable {
        var width: Int
        var height: Int
        var stride: Int
        var isOpaque: Bool
        var originalSize: PixelSize
        var swapsAxes: Bool
        /// The Thumb::URI and Thumb::MTime of a thumbnail file, and our own
        /// failure note in it (SharedThumbnailCache), else empty.
        var thumbURI = ""
        var thumbMTime = ""
        var thumbNote = ""
    }

    /// A reply with the worker's accounts, which every reply carries.
    struct Envelope: Equatable {
        var reply: Reply
        /// CPU time the worker has used in all, for retiring it before its lifetime limit.
        var cpuMilliseconds: Int
        /// The worker's peak resident memory so far (getrusage), for `make bench`.
        var peakResidentKiB: Int
    }

    private static let requestMagic: UInt32 = 0x5143_4454  // "TDCQ"
    private static let replyMagic: UInt32 = 0x5243_4454  // "TDCR"

    // MARK: Requests

    static func encode(_ request: Request) -> [UInt8] {
        var w = WireWriter()
        w.u32(requestMagic)
        w.u16(version)
        w.u16(request.kind.rawValue)
        w.u32(UInt32(clamping: request.cpuSeconds))
        var flags: UInt8 = 0
        if request.cover != nil { flags |= 1 }
        if let swaps = request.swapsAxes { flags |= 2 | (swaps ? 4 : 0) }
        if request.shrinkToCover { flags |= 8 }
        w.u8(flags)
        w.i32(request.cover?.width ?? 0)
        w.i32(request.cover?.height ?? 0)
        w.i64(request.pixelLimit)
        return w.bytes
    }

    static func decodeRequest(_ bytes: [UInt8]) -> Request? {
        var r = WireReader(bytes)
        guard r.u32() == requestMagic, r.u16() == version, let kind = r.u16().flatMap(Kind.init(rawValue:)),
              let cpu = r.u32(), let flags = r.u8(), let width = r.i32(), let height = r.i32(),
              let limit = r.i64(), r.atEnd else { return nil }
        var request = Request(kind: kind)
        request.cpuSeconds = Int(cpu)
        if flags & 1 != 0 { request.cover = PixelSize(width: width, height: height) }
        if flags & 2 != 0 { request.swapsAxes = flags & 4 != 0 }
        request.shrinkToCover = flags & 8 != 0
        request.pixelLimit = limit
        return request
    }

    // MARK: Replies

    static func encode(_ envelope: Envelope) -> [UInt8] {
        var w = WireWriter()
        w.u32(replyMagic)
        w.u16(version)
        w.i64(envelope.cpuMilliseconds)
        w.i64(envelope.peakResidentKiB)
        switch envelope.reply {
        case let .ready(baseline):
            w.u16(0)
            w.i64(baseline)
        case let .probed(size):
            w.u16(1)
            w.i32(size.width)
            w.i32(size.height)
        case let .image(header):
            w.u16(2)
            w.i32(header.width)
            w.i32(header.height)
            w.i32(header.stride)
            w.u8(header.isOpaque ? 1 : 0)
            w.i32(header.originalSize.width)
            w.i32(header.originalSize.height)
            w.u8(header.swapsAxes ? 1 : 0)
            w.string(header.thumbURI)
            w.string(header.thumbMTime)
            w.string(header.thumbNote)
        case let .failed(reason):
            w.u16(3)
            encode(reason, into: &w)
        case .nothing:
            w.u16(4)
        case let .facts(size, taken, coordinate):
            w.u16(5)
            w.i32(size.width)
            w.i32(size.height)
            w.u8((taken != nil ? 1 : 0) | (coordinate != nil ? 2 : 0))
            w.i32(taken?.year ?? 0)
            w.u8(UInt8(clamping: taken?.month ?? 0))
            w.u8(UInt8(clamping: taken?.day ?? 0))
            w.u64((coordinate?.latitude ?? 0).bitPattern)
            w.u64((coordinate?.longitude ?? 0).bitPattern)
        }
        return w.bytes
    }

    static func decodeReply(_ bytes: [UInt8]) -> Envelope? {
        var r = WireReader(bytes)
        guard r.u32() == replyMagic, r.u16() == version, let cpu = r.i64(), let peak = r.i64(),
              let tag = r.u16() else { return nil }
        let reply: Reply
        switch tag {
        case 0:
            guard let baseline = r.i64() else { return nil }
            reply = .ready(baselineBytes: baseline)
        case 1:
            guard let w = r.i32(), let h = r.i32() else { return nil }
            reply = .probed(PixelSize(width: w, height: h))
        case 2:
            guard let w = r.i32(), let h = r.i32(), let stride = r.i32(), let opaque = r.u8(),
                  let ow = r.i32(), let oh = r.i32(), let swaps = r.u8(), let uri = r.string(),
                  let mtime = r.string(), let note = r.string() else { return nil }
            reply = .image(ImageHeader(width: w, height: h, stride: stride, isOpaque: opaque != 0,
                                       originalSize: PixelSize(width: ow, height: oh), swapsAxes: swaps != 0,
                                       thumbURI: uri, thumbMTime: mtime, thumbNote: note))
        case 3:
            guard let reason = decodeReason(&r) else { return nil }
            reply = .failed(reason)
        case 4:
            reply = .nothing
        case 5:
            // A date that is no day or a place off the globe is a broken worker's.
            guard let w = r.i32(), let h = r.i32(), let parts = r.u8(), parts & ~3 == 0, let year = r.i32(),
                  let month = r.u8(), let day = r.u8(), let latitude = r.u64(), let longitude = r.u64() else { return nil }
            var taken: CalendarDay?
            if parts & 1 != 0 {
                guard let valid = CalendarDay(year: year, month: Int(month), day: Int(day)) else { return nil }
                taken = valid
            }
            var coordinate: Coordinate?
            if parts & 2 != 0 {
                guard let valid = Coordinate(latitude: Double(bitPattern: latitude), longitude: Double(bitPattern: longitude))
                else { return nil }
                coordinate = valid
            }
            reply = .facts(PixelSize(width: w, height: h), taken: taken, coordinate: coordinate)
        default:
            return nil
        }
        guard r.atEnd else { return nil }
        return Envelope(reply: reply, cpuMilliseconds: cpu, peakResidentKiB: peak)
    }

    // MARK: Reasons

    private static func encode(_ reason: LoadError.Reason, into w: inout WireWriter) {
        switch reason {
        case .missing: w.u8(1)
        case .danglingLink: w.u8(2)
        case .isDirectory: w.u8(3)
        case .notRegularFile: w.u8(4)
        case .permissionDenied: w.u8(5)
        case .empty: w.u8(6)
        case .notAnImage: w.u8(7)
        case let .corrupt(detail): w.u8(8); w.string(detail)
        case let .tooLarge(size, limit): w.u8(9); w.i32(size.width); w.i32(size.height); w.i64(limit)
        case let .ioError(detail): w.u8(10); w.string(detail)
        case let .unsupported(kind, detail): w.u8(11); w.string(kind); w.string(detail)
        case .timedOut: w.u8(12)
        case .outOfMemory: w.u8(13)
        case .crashed: w.u8(14)
        }
    }

    private static func decodeReason(_ r: inout WireReader) -> LoadError.Reason? {
        switch r.u8() {
        case 1: return .missing
        case 2: return .danglingLink
        case 3: return .isDirectory
        case 4: return .notRegularFile
        case 5: return .permissionDenied
        case 6: return .empty
        case 7: return .notAnImage
        case 8: return r.string().map { .corrupt($0) }
        case 9:
            guard let w = r.i32(), let h = r.i32(), let limit = r.i64() else { return nil }
            return .tooLarge(PixelSize(width: w, height: h), limit: limit)
        case 10: return r.string().map { .ioError($0) }
        case 11:
            guard let kind = r.string(), let detail = r.string() else { return nil }
            return .unsupported(kind, detail)
        case 12: return .timedOut
        case 13: return .outOfMemory
        case 14: return .crashed
        default: return nil
        }
    }
}

/// Little-endian fields into bytes.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { append(UInt64(v), 2) }
    mutating func u32(_ v: UInt32) { append(UInt64(v), 4) }
    mutating func i32(_ v: Int) { append(UInt64(UInt32(bitPattern: Int32(clamping: v))), 4) }
    mutating func i64(_ v: Int) { append(UInt64(bitPattern: Int64(v)), 8) }
    mutating func u64(_ v: UInt64) { append(v, 8) }

    /// A length (u16) and UTF-8 bytes, cut to the maximum on a character boundary.
    mutating func string(_ s: String) {
        var utf8 = Array(s.utf8.prefix(DecodeMessage.maximumStringBytes))
        while !utf8.isEmpty, String(validating: utf8, as: UTF8.self) == nil { utf8.removeLast() }
        u16(UInt16(utf8.count))
        bytes += utf8
    }

    private mutating func append(_ v: UInt64, _ count: Int) {
        for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }
}

/// Little-endian fields out of bytes; nil for anything short or out of range.
struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset == bytes.count }

    mutating func u8() -> UInt8? { take(1).map { UInt8($0) } }
    mutating func u16() -> UInt16? { take(2).map { UInt16($0) } }
    mutating func u32() -> UInt32? { take(4).map { UInt32($0) } }
    mutating func i32() -> Int? { take(4).map { Int(Int32(bitPattern: UInt32($0))) } }
    mutating func i64() -> Int? { take(8).map { Int(Int64(bitPattern: $0)) } }
    mutating func u64() -> UInt64? { take(8) }

    mutating func string() -> String? {
        guard let count = u16().map(Int.init), count <= DecodeMessage.maximumStringBytes,
              offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    private mutating func take(_ count: Int) -> UInt64? {
        guard offset + count <= bytes.count else { return nil }
        var v: UInt64 = 0
        for i in 0..<count { v |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += count
        return v
    }
}
