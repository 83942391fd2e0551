// Knobs for the window tests, compiled into debug builds only (the release
// binary has none), read from the environment once. They change timing,
// never the document or what is saved.
//
//   TINYCOLLAGE_SLOW_FULL_DECODES_MS=N   the preview's decodes start N ms
//                                        after its draft is on screen, and
//                                        each strip or gallery thumbnail's N ms
//                                        after its small picture, so a test
//                                        can see (and act during) the
//                                        progressive phase

#if DEBUG

import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum DebugKnobs {
    static let slowFullDecodesMilliseconds: UInt32 = {
        ProcessInfo.processInfo.environment["TINYCOLLAGE_SLOW_FULL_DECODES_MS"].flatMap { UInt32($0) } ?? 0
    }()

    /// Between a small picture and the decode that replaces it.
    static func slowFullDecodes() {
        if slowFullDecodesMilliseconds > 0 { usleep(slowFullDecodesMilliseconds * 1000) }
    }
}

#endif
