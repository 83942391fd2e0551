// Preview latency in the window's own code path (`make bench`, case 3): the
// same Compositor, cache budget and skip-failures rendering the preview uses,
// at a fixed preview size, without GTK, decoding in the app's decoder
// workers (the `tinycollage` built beside it); with and without a title.
// Prints one `name value` line per
// figure, in milliseconds, for bench/bench.py to tabulate.
//
//   collage-bench [--size N] [--runs N] PHOTO…
//   collage-bench --worker-startup RUNS [BEFORE]   (WorkerStartupBench.swift)

import CollageCore
import CollageRender
import Dispatch
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--worker-startup" { exit(WorkerStartupBench.run(Array(arguments.dropFirst()))) }
var side = 800
var runs = 25
while let first = arguments.first, first.hasPrefix("--") {
    arguments.removeFirst()
    guard let value = arguments.first.flatMap(Int.init) else { break }
    arguments.removeFirst()
    if first == "--size" { side = value } else if first == "--runs" { runs = value }
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: collage-bench [--size N] [--runs N] PHOTO…\n".utf8))
    exit(2)
}

// The decoder workers are tinycollage-decoder, beside this program (DecoderPool's default).

/// The window's compositor: a decode cache of the same budget.
let compositor = Compositor(source: PhotoSource(cache: ImageCache(budgetBytes: 160 << 20)))
var document = CollageDocument(photos: arguments.prefix(9).map { Photo(path: $0) })
let size = Compositor.size(of: document.settings.outputSize, fitting: PixelSize(width: side, height: side))

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

do {
    let first = try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) }
    var reorders: [Double] = []
    for i in 0..<runs {
        document.move(from: i % document.photos.count, to: (i * 4 + 1) % document.photos.count)
        reorders.append(try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) })
    }
    // The title (issue 12): the same reorders with a title above the photos
    // and one over them, interleaved with plain ones so that the machine's
    // other work weighs on both alike; then a title that changes on every
    // render, as while typing (each new text is fitted to its band again).
    var plain: [Double] = [], above: [Double] = [], over: [Double] = [], typing: [Double] = []
    let words = "Paris, 3–5 April 2026"
    var titled = document
    titled.title = CollageTitle(text: words, position: .top)
    _ = try compositor.render(titled, size: size, skipFailures: true)
    for i in 0..<runs {
        document.move(from: i % document.photos.count, to: (i * 4 + 1) % document.photos.count)
        titled.photos = document.photos
        plain.append(try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) })
        titled.title.position = .top
        above.append(try milliseconds { _ = try compositor.render(titled, size: size, skipFailures: true) })
        titled.title.position = .overlay
        over.append(try milliseconds { _ = try compositor.render(titled, size: size, skipFailures: true) })
    }
    titled.title.position = .top
    for i in 0..<runs {
        titled.title.text = String(words.prefix(i % words.count + 1)) + String(i)
        typing.append(try milliseconds { _ = try compositor.render(titled, size: size, skipFailures: true) })
    }
    var settings: [Double] = []
    for i in 0..<runs {
        document.settings.gap = (i % 5 + 1) * 4
        document.settings.background = i % 2 == 0 ? .black : .white
        settings.append(try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) })
    }
    print("preview_size \(size.width)x\(size.height)")
    print(String(format: "first_preview_ms %.2f", first))
    print(String(format: "reorder_ms %.2f", median(reorders)))
    print(String(format: "settings_ms %.2f", median(settings)))
    print(String(format: "plain_reorder_ms %.2f", median(plain)))
    print(String(format: "title_above_ms %.2f", median(above)))
    print(String(format: "title_overlay_ms %.2f", median(over)))
    print(String(format: "title_typing_ms %.2f", median(typing)))
} catch {
    FileHandle.standardError.write(Data("collage-bench: \(error)\n".utf8))
    exit(1)
}
