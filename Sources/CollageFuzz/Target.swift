// Runs one input through the loading path and judges what came back: probe(),
// then load() once or twice with a random cover size (nil is full size), and
// in debug builds the bytes straight through JPEGEndCheck in random chunk
// splits. Every outcome must be a decoded photo or a LoadError naming the
// file; a crash ends the process and is the supervisor's to catch. Besides
// crashes it checks what must hold whatever the bytes (`problems`): a probe's
// size is real and within the limit, a decode agrees with its probe, an
// intact seed decodes, a seed cut short is refused, the end check does not
// depend on how the bytes are split; and every input's metadata request (the
// header and EXIF/XMP through gexiv2) in a worker. SVG goes through decoder workers (this
// program run as `decode-worker`), as in the app: librsvg 2.54 panics and
// hangs on some of them, which must cost a worker, never the caller, so a
// worker's crash or timeout is an outcome here, not a crash of the fuzzer.
// Decoding itself is ImageLoader's.

import CollageCore
#if DEBUG
@testable import CollageRender
#else
import CollageRender
#endif

struct Outcome {
    /// "ok" or the probe's refusal reason.
    var probe = ""
    /// "decoded" or the first load's refusal reason: the input's headline.
    var load = ""
    /// "read" or the metadata request's refusal reason ("" when not asked).
    var facts = ""
    /// What should hold but did not.
    var problems: [String] = []
}

struct Target {
    /// Full-size decodes of more pixels than this are not worth the time:
    /// such inputs are loaded with this as the pixel limit (so the refusal
    /// from the header is what gets tested) instead of the default.
    static let workCap = 4096 * 4096

    /// Decoder workers for SVG inputs, with three times the app's deadlines:
    /// the fuzzer's workers run under AddressSanitizer, about three times
    /// slower than the app's, and an intact seed (an feTurbulence filter drawn
    /// at 2048²) ran past the 8 s thumbnail deadline on a loaded machine and
    /// was counted as refused. A hang is still a hang at three times 8 s.
    static let workers = DecoderPool(executable: executablePath(), deadlineScale: 3)

    func run(_ bytes: [UInt8], path: String, expecting expectation: Expectation, rng: inout SplitMix64) -> Outcome {
        var outcome = Outcome()
        var probed: PixelSize?
        let vector = Formats.isSVG(bytes)
        let decoder: Decoder = vector ? .isolated(pool: Self.workers) : .inProcess()
        do {
            let size = try decoder.probe(path)
            probed = size
            outcome.probe = "ok"
            // What can never be decoded: a JPEG is scaled as it decodes, a vector drawn at any size.
            let limit = Formats.isJPEG(bytes) ? ImageLoader.jpegSourcePixelLimit
                : vector ? Int.max : ImageLoader.defaultPixelLimit
            if size.isEmpty || size.pixelCount > limit {
                outcome.problems.append("probe accepted a size of \(size) (\(Formats.name(bytes)))")
            }
        } catch {
            outcome.probe = key(error.reason)
            check(error, path: path, into: &outcome)
        }
        if Formats.isJPEG(bytes) { checkEmbeddedThumbnail(path, decoder: decoder, probed: probed, into: &outcome) }
        checkFacts(path, probed: probed, vector: vector, into: &outcome)
        // A vector image is drawn at the cover size, whatever it declares.
        let withinCap = vector || (probed.map { !$0.isEmpty && $0.pixelCount <= Self.workCap } ?? false)
        var limited = decoder
        if !withinCap { limited.pixelLimit = Self.workCap }
        var refusal = ""
        // A vector image is drawn at the size asked for: one asked for at more
        // than the work cap (32767², 40000×1) may honestly run out of time or
        // memory, which costs its worker and is said, as it should be.
        var excused = false
        for attempt in 0..<rng.int(1, 2) {
            let cover = coverSize(probed: probed, rng: &rng)
            let swaps: Bool? = rng.pick([nil, false, true])
            let result: String
            do {
                let photo = try limited.load(path, covering: cover, swapsAxes: swaps, purpose: .thumbnail)
                result = "decoded"
                judge(photo, probed: probed, cover: cover, vector: vector, limit: limited.pixelLimit, into: &outcome)
            } catch {
                result = key(error.reason)
                refusal = "\(error.reasonText) covering \(cover.map(\.description) ?? "nothing")"
                check(error, path: path, into: &outcome)
            }
            if attempt == 0 {
                outcome.load = result
                excused = vector && (cover?.pixelCount ?? 0) > Self.workCap
                    && [key(.timedOut), key(.outOfMemory)].contains(result)
            }
        }
        if expectation == .decoded, !excused, outcome.probe != "ok" || outcome.load != "decoded" {
            outcome.problems.append("an intact \(Formats.name(bytes)) was refused: probe \(outcome.probe), load \(outcome.load): \(refusal)")
        }
        if expectation == .refused, outcome.load == "decoded" {
            outcome.problems.append("\(Formats.name(bytes)) cut short inside its image data was decoded")
        }
        #if DEBUG
        checkEndSplits(bytes, mustEnd: expectation == .decoded && Formats.isJPEG(bytes), rng: &rng, into: &outcome)
        #endif
        return outcome
    }

    /// A JPEG's EXIF thumbnail (issue 14's small picture), whatever its bytes:
    /// small, and said to belong to a photo of the size the probe read.
    private func checkEmbeddedThumbnail(_ path: String, decoder: Decoder, probed: PixelSize?, into outcome: inout Outcome) {
        do {
            guard let small = try decoder.embeddedThumbnail(path, purpose: .thumbnail) else { return }
            let size = small.image.size
            if size.isEmpty || size.pixelCount > 1024 * 1024 {
                outcome.problems.append("an embedded thumbnail of \(size)")
            }
            if let probed, let photo = small.photoSize, photo != probed, photo != probed.transposed {
                outcome.problems.append("an embedded thumbnail for a photo of \(photo), but the probe said \(probed)")
            }
        } catch {
            check(error, path: path, into: &outcome)
        }
    }

    /// The metadata request (header and EXIF/XMP in one, in a worker: gexiv2
    /// runs nowhere else): a size the probe agrees with, or the file's error.
    /// A worker that crashes or runs out of time on it is an outcome.
    private func checkFacts(_ path: String, probed: PixelSize?, vector: Bool, into outcome: inout Outcome) {
        do {
            let answer = try Decoder.isolated(pool: Self.workers).facts(path)
            outcome.facts = answer.facts == PhotoFacts() ? "read, none" : "read, some"
            if answer.size.isEmpty { outcome.problems.append("facts with an empty size") }
            if !vector, let probed, answer.size != probed {
                outcome.problems.append("facts say \(answer.size) but the probe said \(probed)")
            }
        } catch {
            outcome.facts = key(error.reason)
            check(error, path: path, into: &outcome)
        }
    }

    private func coverSize(probed: PixelSize?, rng: inout SplitMix64) -> PixelSize? {
        switch rng.below(6) {
        case 0: return nil
        case 1: return PixelSize(width: rng.int(1, 64), height: rng.int(1, 64))
        case 2: return PixelSize(width: rng.int(1, 2048), height: rng.int(1, 2048))
        case 3:
            return rng.pick([PixelSize(width: 0, height: 0), PixelSize(width: 1, height: 1), PixelSize(width: -3, height: 7),
                             PixelSize(width: 1, height: 40_000), PixelSize(width: 40_000, height: 1),
                             PixelSize(width: 32767, height: 32767), PixelSize(width: Int(Int32.max), height: 2)])
        default:
            // Around the real size, where the JPEG scale steps change.
            guard let probed, !probed.isEmpty else { return nil }
            let divisor = rng.pick([1, 2, 3, 4, 7, 8, 9, 16])
            return PixelSize(width: max(1, probed.width / divisor + rng.int(-1, 1)),
                             height: max(1, probed.height / divisor + rng.int(-1, 1)))
        }
    }

    private func judge(_ photo: DecodedPhoto, probed: PixelSize?, cover: PixelSize?, vector: Bool, limit: Int,
                       into outcome: inout Outcome) {
        let image = photo.image.size
        if image.isEmpty || photo.originalSize.isEmpty {
            outcome.problems.append("decoded an empty image: \(image), original \(photo.originalSize)")
        }
        if let probed {
            let upright = photo.swapsAxes ? probed.transposed : probed
            if photo.originalSize != upright {
                outcome.problems.append("original size \(photo.originalSize) but the probe said \(probed)")
            }
        } else {
            outcome.problems.append("decoded \(image) but the probe refused it (\(outcome.probe))")
        }
        if image.width > 32767 || image.height > 32767 {
            outcome.problems.append("decoded \(image), more than Cairo holds")
        }
        // The pixel limit is on what is decoded (a JPEG scaled as it decodes may be larger).
        if image.pixelCount > limit { outcome.problems.append("decoded \(image), over the limit of \(limit) pixels") }
        // A vector image may be drawn larger than it declares, or smaller to fit the limits.
        guard !vector else { return }
        let original = photo.originalSize
        let whole = original.width <= 32767 && original.height <= 32767 && original.pixelCount <= limit
        if cover == nil, whole, image != original {
            outcome.problems.append("full-size decode is \(image), original \(photo.originalSize)")
        }
        if image.width > photo.originalSize.width || image.height > photo.originalSize.height {
            outcome.problems.append("decoded \(image), larger than the original \(photo.originalSize)")
        }
    }

    private func check(_ error: LoadError, path: String, into outcome: inout Outcome) {
        if error.path != path { outcome.problems.append("error names \(error.path), not the file") }
        if error.description.isEmpty { outcome.problems.append("error without text") }
    }

    #if DEBUG
    /// JPEGEndCheck must reach the same verdict however the bytes are split.
    private func checkEndSplits(_ bytes: [UInt8], mustEnd: Bool, rng: inout SplitMix64, into outcome: inout Outcome) {
        var whole = JPEGEndCheck()
        bytes.withUnsafeBufferPointer { whole.feed($0) }
        if mustEnd, !whole.reachedEnd { outcome.problems.append("JPEGEndCheck missed the end of an intact JPEG") }
        for _ in 0..<rng.int(1, 3) {
            var split = JPEGEndCheck()
            var sizes: [Int] = []
            var at = 0
            let style = rng.below(3)
            while at < bytes.count {
                let size = min(bytes.count - at, style == 0 ? rng.int(0, 3) : style == 1 ? rng.int(1, 64) : rng.int(1, bytes.count))
                bytes.withUnsafeBufferPointer { all in
                    split.feed(UnsafeBufferPointer(rebasing: all[at..<(at + size)]))
                }
                if sizes.count < 20 { sizes.append(size) }
                at += size
            }
            if split.reachedEnd != whole.reachedEnd {
                outcome.problems.append("JPEGEndCheck says \(split.reachedEnd) in chunks \(sizes)…, \(whole.reachedEnd) whole")
                return
            }
        }
    }
    #endif

    private func key(_ reason: LoadError.Reason) -> String { reason.key }
}
