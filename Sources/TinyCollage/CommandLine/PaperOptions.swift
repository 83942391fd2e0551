// `render --paper NAME[-landscape]` and `--dpi N` (issue 22): read while
// RenderCommand parses, applied once all options are in (so `--dpi` may come
// before or after `--paper`), over the photos' defaults or a project's own
// settings. A paper sets the output size at the DPI; `--size` with `--paper`
// is a usage error, since one of them would be silently dropped. What a paper
// measures and how its pixels follow a DPI are CollageCore's.

import CollageCore

struct PaperOptions: Equatable {
    var paper: PaperSize?
    var landscape = false
    var dpi: Int?
    /// `--size` was given too.
    var sizeGiven = false

    static var paperHelp: HelpText.Line {
        .option("--paper NAME", tr("the output size of a paper at the DPI: %s; add -landscape for the long side across (a4-landscape)",
                                   PaperSize.allCases.map(\.rawValue).joined(separator: ", ")))
    }

    static var dpiHelp: HelpText.Line {
        .option("--dpi N", tr("dots per inch written into the file, %s to %s (with --paper, %s unless given)",
                              String(PaperSize.dpiRange.lowerBound), String(PaperSize.dpiRange.upperBound),
                              String(PaperSize.defaultDPI)))
    }

    mutating func read(paper word: String) throws(RenderCommand.Failure) {
        guard let paper = PaperSize(word: word) else {
            throw .usage(tr("--paper takes one of %s, each with -landscape or without, not “%s”",
                            PaperSize.allCases.map(\.rawValue).joined(separator: ", "), FilePathText.displayText(word)))
        }
        self.paper = paper
        landscape = PaperSize.isLandscape(word: word)
    }

    /// The settings with the paper and DPI given. A DPI alone keeps a
    /// project's paper (its pixels follow); with `--size` it only sets the DPI.
    func apply(to settings: inout CollageSettings) throws(RenderCommand.Failure) {
        if let paper {
            guard !sizeGiven else { throw .usage(tr("--size and --paper both set the output size; give one of them")) }
            settings = settings.onPaper(paper, landscape: landscape, dpi: dpi)
        } else if let dpi {
            if sizeGiven {
                settings.dpi = dpi
            } else {
                settings = settings.atDPI(dpi)
            }
        }
    }
}
