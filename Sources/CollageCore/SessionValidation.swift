// A session read back from disk is checked, never trusted (SPEC §7): the app
// wrote it, but a crash, a disk, a hand or a hostile program may have changed
// it, and every value in it reaches the renderer. Each value is brought into
// what can be drawn — a finite crop zoom within 1…8 and a centre within 0…1,
// an output size and a gap and margin that the layout can compute with and
// that leave room for the photos, one id per photo, a colour within 0…1, a
// look (CollageStyle) whose radius, border and gradient can be drawn —
// and every change is listed, so the app can say the file was corrected. An
// output size past Cairo's 32767 pixels a side (but within `maximumSide`)
// is kept: the preview draws it scaled, and saving it says why it cannot.

import Foundation

public enum SessionValidation {
    /// Sizes, gaps and margins past this (a million pixels) are no collage
    /// anyone made; below it, the layout's arithmetic cannot overflow.
    public static let maximumSide = 1 << 20

    /// Fixes what cannot be used in `document`; returns it with what was changed.
    public static func checked(_ document: CollageDocument) -> (document: CollageDocument, repairs: [String]) {
        var document = document
        var repairs: [String] = []
        if document.photos.count > CollageLayout.maximumPhotos {
            repairs.append("\(document.photos.count) photos, more than a collage holds")
            document.photos = Array(document.photos.prefix(CollageLayout.maximumPhotos))
        }
        var seen = Set<Photo.ID>()
        for index in document.photos.indices {
            var photo = document.photos[index]
            if photo.unreadableFit {
                repairs.append("photo \(index + 1) has a fit that cannot be read: it follows the collage’s")
                photo.unreadableFit = false
            }
            if !seen.insert(photo.id).inserted {
                // The same file twice is allowed; the same id twice would be one photo in two places.
                repairs.append("photo \(index + 1) shares its id")
                photo = Photo(path: photo.path, crop: photo.crop, fit: photo.fit)
                seen.insert(photo.id)
            }
            let crop = checked(photo.crop)
            if crop != photo.crop {
                repairs.append("photo \(index + 1) has a crop that cannot be drawn")
                photo.crop = crop
            }
            document.photos[index] = photo
        }
        document.settings = checked(document.settings, photoCount: document.photos.count, repairs: &repairs)
        if !document.title.unreadable.isEmpty {
            repairs.append("parts of the title that cannot be read (\(document.title.unreadable.joined(separator: ", ")))")
            document.title.unreadable = []
        }
        if let colour = document.title.colour, checked(colour) != colour {
            repairs.append("a title colour out of range")
            document.title.colour = checked(colour)
        }
        return (document, repairs)
    }

    /// The crop with a finite zoom in 1…8 and a finite centre in 0…1.
    static func checked(_ crop: Crop) -> Crop {
        func finite(_ value: Double, otherwise fallback: Double) -> Double { value.isFinite ? value : fallback }
        // Crop's initialiser clamps; the decoder that read the file does not.
        return Crop(zoom: finite(crop.zoom, otherwise: 1), centerX: finite(crop.centerX, otherwise: 0.5),
                    centerY: finite(crop.centerY, otherwise: 0.5))
    }

    private static func checked(_ settings: CollageSettings, photoCount: Int, repairs: inout [String]) -> CollageSettings {
        var settings = settings
        let maximum = maximumSide
        let size = settings.outputSize
        // Three photos across or down need a pixel each, with no gap or margin.
        let least = 3
        let clampedSize = PixelSize(width: min(max(size.width, least), maximum), height: min(max(size.height, least), maximum))
        if clampedSize != size {
            repairs.append("an output size of \(size)")
            settings.outputSize = clampedSize
        }
        if !(0...CollageSettings.maximumSpacing).contains(settings.gap)
            || !(0...CollageSettings.maximumSpacing).contains(settings.margin)
            || !CollageLayout.fits(count: photoCount, settings: settings) {
            repairs.append("a gap of \(settings.gap) and a margin of \(settings.margin) that leave no room")
            settings.gap = 0
            settings.margin = 0
        }
        if !settings.unreadable.isEmpty {
            repairs.append("settings that cannot be read (\(settings.unreadable.joined(separator: ", ")))")
            settings.unreadable = []
        }
        if let unknown = settings.unknownLayout {
            repairs.append("a layout “\(unknown.prefix(40))” this version does not know")
            settings.unknownLayout = nil
        }
        let proportions = checked(settings.proportions)
        if proportions != settings.proportions {
            repairs.append("divider positions that cannot be used")
            settings.proportions = proportions
        }
        let clampedColour = checked(settings.background)
        if clampedColour != settings.background {
            repairs.append("a background colour out of range")
            settings.background = clampedColour
        }
        if settings.unreadableDPI {
            repairs.append("a DPI that is not a number")
            settings.unreadableDPI = false
        }
        if let dpi = settings.dpi, !PaperSize.dpiRange.contains(dpi) {
            repairs.append("a DPI of \(dpi), outside \(PaperSize.dpiRange.lowerBound)…\(PaperSize.dpiRange.upperBound)")
            settings.dpi = min(max(dpi, PaperSize.dpiRange.lowerBound), PaperSize.dpiRange.upperBound)
        }
        settings.style = checked(settings.style, in: settings, photoCount: photoCount, repairs: &repairs)
        return settings
    }

    /// A remembered look (the app's default for new collages) brought into
    /// range for `settings`, as a session's would be.
    public static func checkedStyle(_ style: CollageStyle, in settings: CollageSettings) -> CollageStyle {
        var repairs: [String] = []
        return checked(style, in: settings, photoCount: 0, repairs: &repairs)
    }

    /// The colour with every channel finite and within 0…1.
    static func checked(_ colour: RGBAColor) -> RGBAColor {
        let channels = [colour.red, colour.green, colour.blue, colour.alpha].map { $0.isFinite ? min(max($0, 0), 1) : 1 }
        return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }

    /// The look with a radius within 0…50 %, a border that leaves every
    /// cell (of `settings`' layout, shapes unknown) a pixel of photo, colours
    /// within range and a finite gradient angle.
    private static func checked(_ style: CollageStyle, in settings: CollageSettings, photoCount: Int,
                                repairs: inout [String]) -> CollageStyle {
        var style = style
        if !style.unreadable.isEmpty {
            repairs.append("parts of the collage’s look that cannot be read (\(style.unreadable.joined(separator: ", ")))")
            style.unreadable = []
        }
        let range = CollageStyle.cornerRadiusRange
        if !range.contains(style.cornerRadius) {
            repairs.append("a corner radius of \(style.cornerRadius) %")
            style.cornerRadius = style.cornerRadius.isFinite ? min(max(style.cornerRadius, range.lowerBound), range.upperBound) : 0
        }
        let cells = (try? CollageLayout.arrange(settings.layout, count: max(photoCount, 1), size: settings.outputSize,
                                                gap: settings.gap, margin: settings.margin).cells) ?? []
        let widest = min(CollageStyle.maximumBorderWidth,
                         cells.map { (min($0.width, $0.height) - 1) / 2 }.min() ?? CollageStyle.maximumBorderWidth)
        if !(0...max(widest, 0)).contains(style.borderWidth) {
            repairs.append("a border of \(style.borderWidth) pixels, wider than the cells")
            style.borderWidth = min(max(style.borderWidth, 0), max(widest, 0))
        }
        if checked(style.borderColour) != style.borderColour {
            repairs.append("a border colour out of range")
            style.borderColour = checked(style.borderColour)
        }
        if case let .gradient(from, to, angle) = style.fill {
            let fixed = BackgroundFill.gradient(from: checked(from), to: checked(to),
                                                angle: !angle.isFinite ? BackgroundFill.defaultGradientAngle
                                                    : abs(angle) <= 360 ? angle : angle.truncatingRemainder(dividingBy: 360))
            if fixed != style.fill {
                repairs.append("a background gradient that cannot be drawn")
                style.fill = fixed
            }
        }
        return style
    }

    /// Longest shape a layout of nine photos can have ("a(d(p,p,p),…)").
    static let maximumShapeLength = 64

    /// The proportions with known layout names, a shape of a tree's
    /// letters, split paths of digits, and two to nine finite positive
    /// weights per split; whatever else is dropped.
    static func checked(_ proportions: [String: LayoutProportions]) -> [String: LayoutProportions] {
        var result: [String: LayoutProportions] = [:]
        for (name, value) in proportions where LayoutKind(rawValue: name) != nil {
            guard value.shape.count <= maximumShapeLength,
                  value.shape.allSatisfy({ "adp(),".contains($0) }) else { continue }
            let splits = value.splits.filter { path, weights in
                path.count <= 16 && path.allSatisfy { $0.isNumber || $0 == "." }
                    && (2...CollageLayout.maximumPhotos).contains(weights.count)
                    && weights.allSatisfy { $0.isFinite && $0 > 0 && $0 <= 1 }
            }
            if !splits.isEmpty { result[name] = LayoutProportions(shape: value.shape, splits: splits) }
        }
        return result
    }
}
