// Where a collage goes on a printed page (issue 22, Print…): at its physical
// size — its pixels at CollageSettings.dpi, in points (1/72 inch) — when it
// has a DPI and that fits the printable area, else as large as fits with its
// aspect kept; centred on the sheet as far as the printable area allows.
// Pure arithmetic: asking GTK for the printable area and painting there are
// left to the window's PrintController.

public struct PrintPlacement: Equatable, Sendable {
    /// Offset from the printable area's top left corner, and size, in points.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Printed at its pixels / DPI rather than scaled to fit.
    public var isPhysicalSize: Bool

    public init(x: Double, y: Double, width: Double, height: Double, isPhysicalSize: Bool) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isPhysicalSize = isPhysicalSize
    }

    public static let pointsPerInch = 72.0
    /// How far past the printable area a physical size may reach and still count
    /// as fitting (points): pixel rounding, not a real overhang.
    public static let fitTolerance = 0.5

    /// The collage's size at `dpi` in points, nil without a DPI.
    public static func physicalSize(of pixels: PixelSize, dpi: Int?) -> (width: Double, height: Double)? {
        guard let dpi, dpi > 0, !pixels.isEmpty else { return nil }
        return (Double(pixels.width) / Double(dpi) * pointsPerInch, Double(pixels.height) / Double(dpi) * pointsPerInch)
    }

    /// The printable area on its sheet of paper, in points: where it starts
    /// on the sheet and its size, and the sheet's size (printer margins are
    /// seldom even: GTK's A4 keeps more at the bottom).
    public struct Area: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var paperWidth: Double
        public var paperHeight: Double

        public init(x: Double = 0, y: Double = 0, width: Double, height: Double, paperWidth: Double? = nil,
                    paperHeight: Double? = nil) {
            self.x = x
            self.y = y
            self.width = max(0, width)
            self.height = max(0, height)
            // Without a sheet: one whose margins are even.
            self.paperWidth = paperWidth ?? 2 * x + max(0, width)
            self.paperHeight = paperHeight ?? 2 * y + max(0, height)
        }
    }

    /// `pixels` placed in `area`: its size from the DPI or the area, centred on
    /// the sheet as far as the printable area allows. The result's x and y
    /// are from the printable area's corner, as GTK's print context draws.
    public static func place(_ pixels: PixelSize, dpi: Int?, in area: Area) -> PrintPlacement {
        let size: (width: Double, height: Double), physical: Bool
        if let real = physicalSize(of: pixels, dpi: dpi),
           real.width <= area.width + fitTolerance, real.height <= area.height + fitTolerance {
            size = real
            physical = true
        } else if pixels.isEmpty {
            size = (0, 0)
            physical = false
        } else {
            let scale = min(area.width / Double(pixels.width), area.height / Double(pixels.height))
            size = (Double(pixels.width) * scale, Double(pixels.height) * scale)
            physical = false
        }
        func centred(_ side: Double, start: Double, room: Double, paper: Double) -> Double {
            let onPaper = (paper - side) / 2 - start
            return min(max(onPaper, min(0, room - side)), max(0, room - side))
        }
        return PrintPlacement(x: centred(size.width, start: area.x, room: area.width, paper: area.paperWidth),
                              y: centred(size.height, start: area.y, room: area.height, paper: area.paperHeight),
                              width: size.width, height: size.height, isPhysicalSize: physical)
    }

    /// Landscape paper for a collage wider than tall; a square one stays portrait.
    public static func isLandscape(_ pixels: PixelSize) -> Bool { pixels.width > pixels.height }
}
