// Makes input number N of a run: a seed picked by the input's own generator,
// changed by one to four mutations (bit flips, interesting bytes, truncation,
// chunk duplication and deletion, random insertions, huge sizes written into
// the header, segment/chunk lengths, splicing with another seed), and for a
// PNG often its checksums made right again; or, one time in 16, a seed only
// cut short inside its image data, which loading must refuse. Nothing is kept
// between inputs: no corpus grows. The formats' layouts are in Formats.swift.

struct Mutant {
    var bytes: [UInt8]
    /// What was done, for the log of a crash: seed name and mutations.
    var recipe: String
    var expectation = Expectation.either
}

/// What loading a mutant must give, besides not crashing.
enum Expectation {
    case either
    /// A generated seed, unmutated.
    case decoded
    /// A generated JPEG or PNG cut short inside its image data.
    case refused
}

struct Mutator {
    let seeds: [Seed]
    static let maximumSize = 4 << 20
    static let interestingBytes: [UInt8] = [0x00, 0xFF, 0xD9, 0xDA, 0x7F, 0x80, 0xD8, 0xC0, 0x01, 0xFE]

    private enum Kind: CaseIterable {
        case bitFlip, interestingByte, truncate, duplicate, delete, insert, hugeSize, length, splice
        /// How often each is drawn.
        var weight: Int {
            switch self {
            case .bitFlip, .interestingByte: return 4
            case .truncate, .hugeSize, .length: return 2
            case .duplicate, .delete, .insert, .splice: return 1
            }
        }
    }

    private static let kinds: [Kind] = Kind.allCases.flatMap { Array(repeating: $0, count: $0.weight) }

    /// Inputs 0..<seeds.count are the seeds themselves, unmutated; one in 16
    /// of the others is a seed only cut short, which must be refused.
    func mutant(_ index: Int, rng: inout SplitMix64) -> Mutant {
        if index < seeds.count {
            return Mutant(bytes: seeds[index].bytes, recipe: seeds[index].name + " unmutated",
                          expectation: seeds[index].generated ? .decoded : .either)
        }
        if rng.oneIn(16), let cut = truncated(rng: &rng) { return cut }
        let seed = rng.pick(seeds)
        var bytes = seed.bytes
        var steps: [String] = []
        for _ in 0..<rng.int(1, 4) {
            steps.append(mutate(&bytes, kind: rng.pick(Self.kinds), rng: &rng))
            if bytes.count > Self.maximumSize { bytes.removeLast(bytes.count - Self.maximumSize) }
        }
        if Formats.isPNG(bytes), rng.below(4) != 0 {
            Formats.fixPNGChecksums(&bytes)
            steps.append("fix CRCs")
        }
        return Mutant(bytes: bytes, recipe: seed.name + ": " + steps.joined(separator: ", "))
    }

    private func mutate(_ b: inout [UInt8], kind: Kind, rng: inout SplitMix64) -> String {
        if b.isEmpty {
            b = rng.pick(seeds).bytes
            return "refill"
        }
        switch kind {
        case .bitFlip:
            let count = rng.pick([1, 1, 2, 4, 8, 32])
            for _ in 0..<count { b[rng.below(b.count)] ^= 1 << UInt8(rng.below(8)) }
            return "flip \(count) bits"
        case .interestingByte:
            let count = rng.int(1, 4)
            for _ in 0..<count { b[rng.below(b.count)] = rng.pick(Self.interestingBytes) }
            return "set \(count) bytes"
        case .truncate:
            // Mostly cut late, where only the end-of-image checks notice.
            let at = rng.oneIn(3) ? rng.below(b.count) : b.count - 1 - rng.below(min(b.count, 64))
            b.removeLast(b.count - at)
            return "truncate at \(at)"
        case .duplicate:
            let (start, length) = range(in: b, rng: &rng)
            let copy = Array(b[start..<(start + length)])
            let at = rng.oneIn(2) ? start + length : rng.below(b.count + 1)
            b.insert(contentsOf: copy, at: at)
            return "duplicate \(start)+\(length) at \(at)"
        case .delete:
            let (start, length) = range(in: b, rng: &rng)
            b.removeSubrange(start..<(start + length))
            return "delete \(start)+\(length)"
        case .insert:
            let at = rng.below(b.count + 1)
            let count = rng.int(1, 64)
            b.insert(contentsOf: (0..<count).map { _ in rng.oneIn(2) ? rng.pick(Self.interestingBytes) : rng.byte() }, at: at)
            return "insert \(count) at \(at)"
        case .hugeSize where Formats.isSVG(b):
            let numbers = Formats.svgNumbers(b)
            guard !numbers.isEmpty else { return mutate(&b, kind: .bitFlip, rng: &rng) }
            let range = rng.pick(numbers)
            let value = rng.pick(["0", "-1", "1e9", "100000", "65536", "16000", "1e308", "NaN", "40", "0.0001", "3000"])
            b.replaceSubrange(range, with: Array(value.utf8))
            return "number at \(range.lowerBound) -> \(value)"
        case .hugeSize:
            let fields = Formats.sizeFields(b)
            guard !fields.isEmpty else { return mutate(&b, kind: .bitFlip, rng: &rng) }
            var done: [String] = []
            for field in fields where rng.oneIn(2) || done.isEmpty {
                let value = hugeValue(bits: field.width * 8, rng: &rng)
                field.write(value, into: &b)
                done.append("\(field.offset)=\(value)")
            }
            return "size " + done.joined(separator: " ")
        case .length:
            if Formats.isJPEG(b), case let segments = Formats.jpegSegments(b), !segments.isEmpty {
                let segment = rng.pick(segments)
                let old = Int(segment.length.read(b))
                let value = rng.pick([0, 1, 2, 3, old - 1, old + 1, old * 2, 0x7FFF, 0xFFFF, rng.below(0x10000)])
                segment.length.write(UInt64(truncatingIfNeeded: value), into: &b)
                return "segment FF\(hex(segment.marker)) length \(old) -> \(value & 0xFFFF)"
            }
            if Formats.isPNG(b), case let chunks = Formats.pngChunks(b), !chunks.isEmpty {
                let chunk = rng.pick(chunks)
                let value = rng.pick([0, 1, chunk.length - 1, chunk.length + 1, 0x7FFF_FFFF, 0xFFFF_FFFF, rng.below(1 << 20)])
                chunk.length32.write(UInt64(truncatingIfNeeded: value), into: &b)
                return "chunk at \(chunk.offset) length \(chunk.length) -> \(value & 0xFFFF_FFFF)"
            }
            return mutate(&b, kind: .interestingByte, rng: &rng)
        case .splice:
            let other = rng.pick(seeds).bytes
            let cut = rng.below(b.count + 1)
            let from = rng.below(other.count + 1)
            b = Array(b[..<cut]) + other[from...]
            return "splice at \(cut) from \(from)"
        }
    }

    /// A generated seed cut before the end of its image data (see
    /// Formats.imageDataEnd), mostly near there, where only the checks for
    /// truncation can tell.
    private func truncated(rng: inout SplitMix64) -> Mutant? {
        let candidates = seeds.compactMap { seed in
            seed.generated ? Formats.imageDataEnd(seed.bytes).map { (seed, $0) } : nil
        }
        guard !candidates.isEmpty else { return nil }
        let (seed, end) = rng.pick(candidates)
        let cut = rng.oneIn(2) ? rng.below(end + 1) : max(0, end - rng.below(64))
        return Mutant(bytes: Array(seed.bytes[..<cut]), recipe: seed.name + ": cut at \(cut) of \(seed.bytes.count)",
                      expectation: .refused)
    }

    /// A start and a length of 1 to 256 bytes inside `b` (not empty).
    private func range(in b: [UInt8], rng: inout SplitMix64) -> (Int, Int) {
        let start = rng.below(b.count)
        return (start, rng.int(1, min(256, b.count - start)))
    }

    private func hugeValue(bits: Int, rng: inout SplitMix64) -> UInt64 {
        let max = bits >= 64 ? UInt64.max : (1 << UInt64(bits)) - 1
        let value = rng.pick([max, max >> 1, (max >> 1) + 1, 0, 1, 4097, 16384, 20000, 65535, 65536,
                              1_000_000, 0x7FFF_FFFF, rng.next()])
        return value & max
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
