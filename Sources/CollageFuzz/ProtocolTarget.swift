// The worker protocol fuzzed from the app's side: the app's own decoder
// (Decoder, DecoderPool, WorkerProcess) talks to a fake worker — this
// program run as `fake-decode-worker SEED INDEX` (FakeWorker.swift) — that
// answers each request with garbage, too little, too much, a wrong
// descriptor, two answers, nothing at all, or a death, and sometimes
// honestly. Whatever it does, each request must end in a decoded photo or a
// LoadError, the pool must be able to end its workers, and no descriptor may
// be left open. Deadlines are a twentieth of the app's, so silence is cheap.

// It reaches the decoder's internals, which only a debug build (testable) opens.
#if DEBUG
import CPangoCairo
import CPixbuf
import CollageCore
import Foundation
@testable import CollageRender
#if canImport(Glibc)
import Glibc
#endif

struct ProtocolTarget {
    /// A real photo for honest answers, written once per process.
    static let photo: String = {
        let path = NSTemporaryDirectory() + "/collage-fuzz-protocol-\(getpid()).png"
        let pixels = CairoImage.make(width: 40, height: 30, opaque: true)!
        let pixbuf = pixels.pixbufCopy()!
        gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return path
    }()

    func run(seed: UInt64, index: Int, rng: inout SplitMix64) -> (recipe: String, outcome: Outcome) {
        let before = Self.openDescriptors()
        let pool = DecoderPool(executable: executablePath(), arguments: [FakeWorker.command, "\(seed)", "\(index)"],
                               maximumWorkers: 1, deadlineScale: 0.05)
        let decoder = Decoder.isolated(pool: pool)
        var outcome = Outcome(probe: "protocol")
        var results: [String] = []
        for _ in 0..<rng.int(1, 3) {
            do {
                switch rng.below(5) {
                case 4:
                    // Whatever the worker says of a photo's date and place, only real ones get through.
                    let answer = try decoder.facts(Self.photo)
                    results.append("facts")
                    if answer.size.isEmpty { outcome.problems.append("facts with an empty size") }
                    if let day = answer.facts.taken, CalendarDay(year: day.year, month: day.month, day: day.day) == nil {
                        outcome.problems.append("facts with a day that is none: \(day)")
                    }
                case 0:
                    let size = try decoder.probe(Self.photo)
                    results.append("probed")
                    if size.isEmpty { outcome.problems.append("probed an empty size") }
                case 1:
                    let photo = try decoder.load(Self.photo, covering: PixelSize(width: 20, height: 20), purpose: .thumbnail)
                    results.append("decoded")
                    check(photo.image, into: &outcome)
                case 2:
                    let file = try decoder.thumbnailFile(Self.photo)
                    results.append("thumbnail")
                    check(file.image, into: &outcome)
                default:
                    if let small = try decoder.embeddedThumbnail(Self.photo, purpose: .thumbnail) {
                        results.append("small picture")
                        check(small.image, into: &outcome)
                    } else {
                        results.append("no small picture")
                    }
                }
            } catch {
                results.append(error.reason.key)
                if error.path != Self.photo { outcome.problems.append("the error names \(error.path)") }
            }
        }
        pool.retireIdleWorkers()
        let after = Self.openDescriptors()
        if after > before { outcome.problems.append("\(after - before) descriptors left open") }
        outcome.load = "fake worker: " + (results.first ?? "none")
        return ("fake worker \(seed)/\(index): " + results.joined(separator: ", "), outcome)
    }

    /// Every pixel of an image that came back must be readable (a memfd cut
    /// under it would be a SIGBUS here) and its size one Cairo holds.
    private func check(_ image: CairoImage, into outcome: inout Outcome) {
        guard (1...32767).contains(image.width), (1...32767).contains(image.height) else {
            outcome.problems.append("an image of \(image.width)×\(image.height)")
            return
        }
        cairo_surface_flush(image.surface)
        guard let data = cairo_image_surface_get_data(image.surface) else { return }
        var sum: UInt8 = 0
        for offset in stride(from: 0, to: image.byteCount, by: 4096) { sum &+= data[offset] }
        sum &+= data[image.byteCount - 1]
        _ = sum
    }

    static func openDescriptors() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }
}
#endif
