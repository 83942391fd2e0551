// `collage-bench --style-render RUNS PHOTO…` (`make bench`, case 3, issue
// 23): the one-off render that Save and the command line make — nine photos
// decoded to their cells and painted at 1080² — plain and with the look
// that costs most (shadow, blurred background, rounded corners), interleaved
// in the same run so the machine's other work weighs on both alike. Prints
// `name value` lines (milliseconds) for bench/bench.py; the re-composite
// with the look on is main.swift's, beside the plain reorders.

import CollageCore
import CollageRender
import Dispatch
import Foundation

enum StyleBench {
    /// The look the targets are measured with.
    static let look = CollageStyle(cornerRadius: 8, shadow: true, fill: .blur)

    static func run(_ arguments: [String]) -> Int32 {
        guard let runs = arguments.first.flatMap(Int.init), runs > 0, arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: collage-bench --style-render RUNS PHOTO…\n".utf8))
            return 2
        }
        let photos = arguments.dropFirst().prefix(CollageLayout.maximumPhotos).map { Photo(path: $0) }
        // Gap and margin as a styled collage has them, the same for both.
        let plain = CollageDocument(photos: Array(photos), settings: CollageSettings(gap: 24, margin: 32))
        var styled = plain
        styled.settings.style = look
        var plainTimes: [Double] = [], styledTimes: [Double] = []
        do {
            // A first render of each starts the workers and warms the page cache.
            _ = try Compositor.oneOff().render(plain)
            for _ in 0..<runs {
                plainTimes.append(try milliseconds { _ = try Compositor.oneOff().render(plain) })
                styledTimes.append(try milliseconds { _ = try Compositor.oneOff().render(styled) })
            }
        } catch {
            FileHandle.standardError.write(Data("collage-bench: \(error)\n".utf8))
            return 1
        }
        print(String(format: "plain_render_ms %.1f", median(plainTimes)))
        print(String(format: "styled_render_ms %.1f", median(styledTimes)))
        print(String(format: "styled_render_ratio %.3f", median(styledTimes) / median(plainTimes)))
        return 0
    }
}
