// Preview latency in the window's own code path (`make bench`, case 3): the
// same Compositor, cache budget and skip-failures rendering the preview uses,
// at a fixed preview size, without GTK, decoding in the app's decoder
// workers (the `tinycollage` built beside it); with and without a title;
// and arranging (issue 18): a layout switched, two photos swapped, a frame
// of a divider drag, interleaved with plain reorders, with the decodes each
// made, and the mosaic's choice for nine photos alone; the look (issue 23):
// a reorder with shadow, blurred background and corners on, interleaved
// with plain ones, and the shadow masks and backdrops it made.
// Prints one `name value` line per
// figure, in milliseconds, for bench/bench.py to tabulate.
//
//   collage-bench [--size N] [--runs N] PHOTO…
//   collage-bench --worker-startup RUNS [BEFORE]   (WorkerStartupBench.swift)
//   collage-bench --style-render RUNS PHOTO…       (StyleBench.swift)

import CollageCore
import CollageRender
import Dispatch
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--worker-startup" { exit(WorkerStartupBench.run(Array(arguments.dropFirst()))) }
if arguments.first == "--style-render" { exit(StyleBench.run(Array(arguments.dropFirst()))) }
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
    // Arranging (issue 18), interleaved with plain reorders. Every layout
    // is rendered once first, so its cells' decodes are in the cache as they
    // would be after the user's first look; then each step is a re-composite.
    var arranged = document
    for kind in LayoutKind.allCases {
        arranged.settings.layout = kind
        _ = try compositor.render(arranged, size: size, skipFailures: true)
    }
    arranged.settings.layout = .columns
    let rootShape = try arranged.frame(size: size).shape
    var reorderAgain: [Double] = [], switching: [Double] = [], swapping: [Double] = [], dividing: [Double] = []
    let decodesBefore = compositor.source.cache.decodesInserted
    for i in 0..<runs {
        document.move(from: i % document.photos.count, to: (i * 4 + 1) % document.photos.count)
        reorderAgain.append(try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) })
        arranged.photos = document.photos
        arranged.settings.layout = LayoutKind.allCases[i % LayoutKind.allCases.count]
        switching.append(try milliseconds { _ = try compositor.render(arranged, size: size, skipFailures: true) })
        arranged.settings.layout = .columns
        arranged.swap(i % arranged.photos.count, (i + 4) % arranged.photos.count)
        swapping.append(try milliseconds { _ = try compositor.render(arranged, size: size, skipFailures: true) })
        // A drag frame: the line between the first two columns a few pixels on, as a pointer moves it.
        let share = 1.0 / 3 + Double(i % 5 - 2) * 0.004
        var dragged = arranged
        dragged.settings = arranged.settings.moving(split: "", shape: rootShape, to: [share, 1.0 / 3, 2.0 / 3 - share])
        dividing.append(try milliseconds { _ = try compositor.render(dragged, size: size, skipFailures: true) })
    }
    let arrangeDecodes = compositor.source.cache.decodesInserted - decodesBefore
    // The look (issue 23): the same reorders with shadow, blur and corners,
    // after one styled render has made the masks and backdrops.
    var styled = document
    styled.settings.style = StyleBench.look
    _ = try compositor.render(styled, size: size, skipFailures: true)
    var plainAgain: [Double] = [], styledReorders: [Double] = []
    let styleMade = Compositor.styleCacheMade
    for i in 0..<runs {
        document.move(from: i % document.photos.count, to: (i * 4 + 1) % document.photos.count)
        styled.photos = document.photos
        plainAgain.append(try milliseconds { _ = try compositor.render(document, size: size, skipFailures: true) })
        styledReorders.append(try milliseconds { _ = try compositor.render(styled, size: size, skipFailures: true) })
    }
    let styleRemade = Compositor.styleCacheMade - styleMade
    // The mosaic's choice for nine photos of assorted shapes, alone (no render).
    let shapes = [1.5, 0.75, 1, 3, 0.5, 1.33, 0.8, 2, 1]
    var choosing: [Double] = []
    for _ in 0..<max(runs, 50) {
        choosing.append(try milliseconds {
            _ = try CollageLayout.arrange(.mosaic, count: 9, aspects: shapes, size: document.settings.outputSize)
        })
    }
    print("preview_size \(size.width)x\(size.height)")
    print(String(format: "first_preview_ms %.2f", first))
    print(String(format: "reorder_ms %.2f", median(reorders)))
    print(String(format: "settings_ms %.2f", median(settings)))
    print(String(format: "plain_reorder_ms %.2f", median(plain)))
    print(String(format: "title_above_ms %.2f", median(above)))
    print(String(format: "title_overlay_ms %.2f", median(over)))
    print(String(format: "title_typing_ms %.2f", median(typing)))
    print(String(format: "arrange_reorder_ms %.2f", median(reorderAgain)))
    print(String(format: "layout_switch_ms %.2f", median(switching)))
    print(String(format: "swap_ms %.2f", median(swapping)))
    print(String(format: "divider_frame_ms %.2f", median(dividing)))
    print("arrange_decodes \(arrangeDecodes)")
    print(String(format: "mosaic_choice_ms %.3f", median(choosing)))
    print(String(format: "style_plain_reorder_ms %.2f", median(plainAgain)))
    print(String(format: "styled_reorder_ms %.2f", median(styledReorders)))
    print("styled_reorder_remade \(styleRemade)")
} catch {
    FileHandle.standardError.write(Data("collage-bench: \(error)\n".utf8))
    exit(1)
}
