// The output size chosen as a paper (issue 22): which paper a collage is
// made for, and the settings after choosing a paper, an orientation, a DPI
// or a screen size. One rule for the settings panel and `render --paper
// --dpi`: a paper's pixels follow its DPI, a screen size has no DPI, and a
// size typed in pixels keeps the DPI it had. The words and widgets are the
// panel's and the command line's; the sizes are PaperSize's.

extension PaperSize {
    /// `a4`, `a4-landscape`, …: the command line's words for a paper and its orientation.
    public init?(word: String) {
        let landscapeMark = "-landscape"
        let name = word.hasSuffix(landscapeMark) ? String(word.dropLast(landscapeMark.count)) : word
        guard let paper = PaperSize(rawValue: name) else { return nil }
        self = paper
    }

    /// Whether a word PaperSize(word:) reads names the landscape side.
    public static func isLandscape(word: String) -> Bool { word.hasSuffix("-landscape") }
}

extension CollageSettings {
    /// The paper and orientation the output size is, at the collage's DPI;
    /// nil for a screen image (no DPI) or a size no paper has.
    public var paper: (paper: PaperSize, landscape: Bool)? {
        dpi.flatMap { PaperSize.matching(outputSize, dpi: $0) }
    }

    /// Made for `paper`: at the DPI the collage has (the default when it has
    /// none) and the orientation of the paper it was on (portrait when it
    /// was on none), unless given.
    public func onPaper(_ paper: PaperSize, landscape: Bool? = nil, dpi: Int? = nil) -> CollageSettings {
        var next = self
        let dpi = dpi ?? self.dpi ?? PaperSize.defaultDPI
        next.dpi = dpi
        next.outputSize = paper.pixels(dpi: dpi, landscape: landscape ?? self.paper?.landscape ?? false)
        return next
    }

    /// At `dpi`: a collage on a paper stays on it (its pixels follow), any
    /// other keeps its pixels and so changes its size on paper.
    public func atDPI(_ dpi: Int) -> CollageSettings {
        if let current = paper { return onPaper(current.paper, landscape: current.landscape, dpi: dpi) }
        var next = self
        next.dpi = dpi
        return next
    }

    /// Turned to landscape (or portrait): the sides swapped when they are the other way.
    public func turned(landscape: Bool) -> CollageSettings {
        var next = self
        let isLandscape = outputSize.width > outputSize.height
        if isLandscape != landscape, outputSize.width != outputSize.height {
            next.outputSize = PixelSize(width: outputSize.height, height: outputSize.width)
        }
        return next
    }

    /// A screen size: these pixels and no DPI (a screen image has no size on paper).
    public func onScreen(_ size: PixelSize) -> CollageSettings {
        var next = self
        next.outputSize = size
        next.dpi = nil
        return next
    }
}
