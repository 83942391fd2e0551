// Starts the window (plain `tinycollage [FILE…]`). Photos given on the
// command line are checked by a decoder worker as soon as the window is
// there, so one worker starts first, loading its image readers on another
// core while GTK starts on this one.

import CollageRender

@MainActor
enum AppLauncher {
    static func run(_ arguments: [String]) -> Int32 {
        if hasFiles(arguments) { DecoderPool.shared.prestart(upTo: 1) }
        return Application().run(arguments)
    }

    /// Whether anything but options (and --camera-source's value) is given.
    static func hasFiles(_ arguments: [String]) -> Bool {
        var rest = arguments[...]
        while let first = rest.popFirst() {
            if first == "--" { return !rest.isEmpty }
            if first == "--camera-source" {
                _ = rest.popFirst()
            } else if !first.hasPrefix("-") {
                return true
            }
        }
        return false
    }
}
