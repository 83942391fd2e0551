// The limits a decoder worker runs under, each with the reason for its
// value. Measured on this project's machine (Debian 12, 2 cores): a worker
// with every gdk-pixbuf loader in (15 modules: HEIF and AVIF bring libaom,
// dav1d and libde265) has an address space of about 180 MB before it reads
// a byte (mostly mapped code) and is ready 21 ms after it is started; it
// peaks at 34 MB resident decoding 24 MP JPEGs at a collage cell's size.
// Applying them is Sandbox's job; choosing the purpose, the caller's.

import Foundation

/// What a decode is for, which sets how long it may take.
public enum DecodePurpose: Sendable {
    /// Admitting a file: the header only.
    case probe
    /// A gallery or strip thumbnail.
    case thumbnail
    /// The preview in the window.
    case preview
    /// A collage saved at its output size (the command line, Save).
    case export

    /// The wall-clock time after which the worker is killed and the photo
    /// refused as "took too long", and the CPU time it may use (RLIMIT_CPU,
    /// the same seconds: a loader's own threads must not get more).
    ///   probe       5 s   a header is read in milliseconds, even from a
    ///                     100 MB file; 5 s is a disk waking up on a busy machine.
    ///   thumbnail   8 s   a thumbnail of a 100 MP PNG (decoded whole) takes
    ///                     about 1.5 s here; the hostile SVGs hang for minutes.
    ///                     Two slots serve the gallery, so a stuck one costs
    ///                     half the gallery for this long.
    ///   preview    15 s   the same decodes at the cell's size, which the
    ///                     preview waits for: longer, as a slow photo left out
    ///                     of the preview would look like a broken one.
    ///   export     30 s   a full-size decode at the pixel limit (250 MP)
    ///                     takes about 6 s here, up to 3× that under load.
    public var deadlineSeconds: Double {
        switch self {
        case .probe: return 5
        case .thumbnail: return 8
        case .preview: return 15
        case .export: return 30
        }
    }
}

enum DecodeLimits {
    /// Address space (RLIMIT_AS) a worker may take beyond its own at start-up.
    /// 1.5 GiB holds the largest legitimate decode at full size — a 100 MP
    /// RGBA PNG is 400 MB as a GdkPixbuf plus 400 MB of Cairo pixels, with
    /// libpng's rows besides — and a 24 MP JPEG needs 170 MB. Past it malloc
    /// fails inside the worker ("used too much memory"), never in the app;
    /// with the app's own ~0.2 GB and two workers the machine never pages.
    static let addressSpaceHeadroom = 1536 << 20

    /// CPU seconds over a worker's whole life (RLIMIT_CPU's hard limit, which
    /// an unprivileged process cannot raise again): a worker is retired
    /// before it could meet it with the longest deadline still to go.
    static let lifetimeCPUSeconds = 600

    /// Requests one worker serves before it is replaced, so that what a
    /// loader leaks or fragments never adds up.
    static let requestsPerWorker = 500

    /// A worker must be ready this long after it was started: it loads every
    /// loader module (~15 ms here, 40 ms with a cold disk cache).
    static let startupSeconds = 10.0

    /// No core files: a crashing worker is expected, and its core could be
    /// gigabytes.
    static let coreFileBytes = 0

    /// Workers at most: one per core, and one more, which thumbnails may not
    /// take (DecoderPool): the gallery keeps its two decodes at once on a
    /// two-core machine and a file that hangs one of them never keeps the
    /// preview waiting. A one-off render starts only one per core.
    static var maximumWorkers: Int { cores + 1 }

    static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
