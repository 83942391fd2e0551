// `tinycollage render`: the collage without a window (SPEC §6), through the
// same CollageCore document and CollageRender compositor as the window.
// Exit status: 0 written, 1 bad input or a failed write (the message names
// the file and the reason, and no output file is left — not even when a
// signal ends it mid-write), 2 a usage mistake. Photos are decoded by the
// decoder workers, started as soon as there are photos to read.

import CollageCore
import CollageMetadata
import CollageRender
import Foundation

struct RenderCommand {
    struct Options: Equatable {
        var output: String?
        var settings = CollageSettings()
        var quality = ImageFormat.defaultJPEGQuality
        var force = false
        var title = CollageTitle()
        /// `--title auto`: the title the photos' metadata suggests.
        var autoTitle = false
        var photos: [String] = []
        /// A project given instead of photos: its photos with their crops;
        /// its settings and title are the options' starting values, so
        /// options after it override them.
        var project: String?
        var projectPhotos: [Photo]?
        /// `--paper` and `--dpi`, applied over the settings once all options are read.
        var paper = PaperOptions()
        /// What reading the project had to correct, said when it is rendered.
        var projectRepairs: [String] = []
        var help = false
    }

    enum Failure: Error {
        case usage(String)
        case input(String)
    }

    static func usage() -> String {
        HelpText.render([
            .line(tr("Usage: tinycollage render --output FILE [OPTION…] PHOTO…")),
            .line(tr("   or: tinycollage render --output FILE PROJECT [OPTION…]")),
            .blank,
            .line(tr("Renders the collage of up to %s photos, as the window does, and writes FILE.", String(CollageLayout.maximumPhotos))),
            .line(tr("The format follows FILE’s extension: .png, .jpg, .jpeg or .pdf.")),
            .line(tr("A PDF is one page of the collage’s size at its DPI (72 when it has none), the photos at that resolution and the title as text.")),
            .line(tr("A PROJECT (.tinycollage) is drawn as it was saved; options after it change what they name.")),
            .blank,
            .line(tr("Options:")),
            .option("-o, --output FILE", tr("where to write the collage (required)")),
            .option("-s, --size WxH", tr("output size in pixels, up to %s a side (default %s)", String(CollageSettings.maximumSide),
                                         "\(CollageSettings.defaultOutputSize.width)x\(CollageSettings.defaultOutputSize.height)")),
            PaperOptions.paperHelp,
            PaperOptions.dpiHelp,
            .option("-g, --gap PX", tr("space between photos in pixels, 0 to %s (default 0)", String(CollageSettings.maximumSpacing))),
            .option("-m, --margin PX", tr("space around the photos in pixels, 0 to %s (default 0)", String(CollageSettings.maximumSpacing))),
            .option("-l, --layout NAME", tr("how the photos are arranged: %s (default %s)",
                                            LayoutKind.names.joined(separator: ", "), LayoutKind.default.rawValue)),
            .option("-b, --background COLOR", tr("white, black, transparent, #rrggbb or #rrggbbaa (default white)")),
            .option("-b, --background blur", tr("the photos themselves, blurred and darkened, behind the cells")),
            .option("-b, --background gradient:C1,C2[,DEG]",
                    tr("a gradient from colour C1 to C2 at an angle as CSS reads it, %s to %s (default %s: C1 at the top)",
                       "-360", "360", String(Int(BackgroundFill.defaultGradientAngle)))),
            .option("--corner-radius PCT", tr("rounded corners, in percent of each cell’s shorter side, %s to %s (default 0; 50 makes a square cell a circle)",
                                              String(Int(CollageStyle.cornerRadiusRange.lowerBound)),
                                              String(Int(CollageStyle.cornerRadiusRange.upperBound)))),
            .option("--border PX", tr("a border around each photo inside its cell, in pixels, 0 to %s (default 0)",
                                      String(CollageStyle.maximumBorderWidth))),
            .option("--border-color COLOR", tr("the border’s colour: white, black, #rrggbb or #rrggbbaa (default white)")),
            .option("--shadow, --no-shadow", tr("a soft shadow below and right of each photo, or none (default none)")),
            .option("--fit cover|contain", tr("cover: photos fill their cells, cropped; contain: each photo shown whole (default cover)")),
            .option("-q, --quality Q", tr("JPEG quality from 1 to 100, also of a PDF’s photos that were JPEGs (default 92)")),
            .option("-t, --title TEXT|auto", tr("a title on the collage; “auto” suggests one from where and when the photos were taken")),
            .option("--title-position POS", tr("top, bottom or overlay (over the photos) (default top)")),
            .option("--title-size PERCENT", tr("the title’s height in percent of the collage’s shorter side, 2 to 20 (default 6)")),
            .option("--title-color COLOR", tr("the title’s colour, or auto: black or white, whichever reads best (default auto)")),
            .option("-f, --force", tr("replace FILE if it exists")),
            .option("-h, --help", tr("show this help")),
            .blank,
            .line(tr("Layouts:")),
            .line(tr("  columns  photos fill columns top to bottom, columns left to right; photos per column:")),
            .line("           1 | 1,1 | 1,2 | 2,2 | 2,3 | 3,3 | 2,2,3 | 3,3,2 | 3,3,3"),
            .line(tr("  rows     the same turned a quarter: photos fill rows left to right, rows top to bottom")),
            .line(tr("  feature  the first photo on two thirds of the long side, the others beside it")),
            .line(tr("  mosaic   the split into one to three columns or rows that crops the photos’ own shapes least")),
            .line(tr("With --title auto and photos that say neither where nor when they were taken, the collage has no title and a note says so.")),
            .line(tr("Exit status: 0 on success, 1 on bad input or a failed write, 2 on a usage error.")),
        ])
    }

    static func parse(_ arguments: [String]) throws(Failure) -> Options {
        var options = Options()
        var index = 0
        var onlyPhotos = false
        func value(for flag: String) throws(Failure) -> String {
            index += 1
            guard index < arguments.count else { throw .usage(tr("%s needs a value", flag)) }
            return arguments[index]
        }
        func number(_ text: String, flag: String, range: ClosedRange<Int>) throws(Failure) -> Int {
            guard let n = Int(text), range.contains(n) else {
                throw .usage(tr("%s takes a whole number from %s to %s, not “%s”", flag, String(range.lowerBound),
                                String(range.upperBound), FilePathText.displayText(text)))
            }
            return n
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if !onlyPhotos, argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: eq)...])
                argument = String(argument[..<eq])
            }
            func next() throws(Failure) -> String {
                if let inline { return inline }
                return try value(for: argument)
            }
            switch onlyPhotos ? "" : argument {
            case "--": onlyPhotos = true
            case "-h", "--help": options.help = true
            case "-o", "--output": options.output = try next()
            case "-s", "--size":
                let text = try next()
                guard let size = PixelSize(parsing: text) else {
                    throw .usage(tr("--size takes WIDTHxHEIGHT in pixels, like 1080x1080, not “%s”", FilePathText.displayText(text)))
                }
                guard size.width <= CollageSettings.maximumSide, size.height <= CollageSettings.maximumSide else {
                    throw .usage(tr("--size %s is over the limit of %s pixels a side", FilePathText.displayText(text),
                                     String(CollageSettings.maximumSide)))
                }
                options.settings.outputSize = size
                options.paper.sizeGiven = true
            case "--paper": try options.paper.read(paper: try next())
            case "--dpi": options.paper.dpi = try number(try next(), flag: "--dpi", range: PaperSize.dpiRange)
            case "-l", "--layout":
                let text = try next()
                guard let layout = LayoutKind(rawValue: text) else {
                    throw .usage(tr("--layout takes one of %s, not “%s”", LayoutKind.names.joined(separator: ", "), FilePathText.displayText(text)))
                }
                options.settings.layout = layout
            case "-g", "--gap": options.settings.gap = try number(try next(), flag: "--gap", range: 0...CollageSettings.maximumSpacing)
            case "-m", "--margin": options.settings.margin = try number(try next(), flag: "--margin", range: 0...CollageSettings.maximumSpacing)
            case "-q", "--quality": options.quality = try number(try next(), flag: "--quality", range: 1...100)
            case "-b", "--background":
                let text = try next()
                guard let background = BackgroundFill.parse(text) else {
                    throw .usage(tr("--background takes a colour such as white, transparent or #336699, blur, or gradient:COLOR,COLOR[,DEGREES] with degrees from -360 to 360, not “%s”", FilePathText.displayText(text)))
                }
                options.settings.style.fill = background.fill
                if let colour = background.colour { options.settings.background = colour }
            case "--corner-radius":
                let text = try next()
                let range = CollageStyle.cornerRadiusRange
                guard let percent = Double(text), range.contains(percent) else {
                    throw .usage(tr("--corner-radius takes a percentage from %s to %s, not “%s”", String(Int(range.lowerBound)),
                                    String(Int(range.upperBound)), FilePathText.displayText(text)))
                }
                options.settings.style.cornerRadius = percent
            case "--border":
                options.settings.style.borderWidth = try number(try next(), flag: "--border",
                                                                range: 0...CollageStyle.maximumBorderWidth)
            case "--border-color":
                let text = try next()
                guard let colour = RGBAColor(parsing: text) else {
                    throw .usage(tr("--border-color takes a colour such as white, #336699 or #33669980, not “%s”", FilePathText.displayText(text)))
                }
                options.settings.style.borderColour = colour
            case "--shadow", "--no-shadow":
                if inline != nil { throw .usage(tr("%s takes no value", argument)) }
                options.settings.style.shadow = argument == "--shadow"
            case "--fit":
                let text = try next()
                guard let fit = PhotoFit(rawValue: text) else {
                    throw .usage(tr("--fit takes cover or contain, not “%s”", FilePathText.displayText(text)))
                }
                options.settings.style.fit = fit
            case "-f", "--force": options.force = true
            case "-t", "--title":
                let text = try next()
                options.autoTitle = text == "auto"
                // argv's bytes that are not UTF-8 arrive as FilePathText: draw them as "�".
                options.title.text = options.autoTitle ? "" : FilePathText.decodedText(text)
            case "--title-position":
                let text = try next()
                guard let position = CollageTitle.Position(rawValue: text) else {
                    throw .usage(tr("--title-position takes top, bottom or overlay, not “%s”", FilePathText.displayText(text)))
                }
                options.title.position = position
            case "--title-size":
                let text = try next()
                let range = CollageTitle.sizeRange
                guard let percent = Double(text), (range.lowerBound * 100...range.upperBound * 100).contains(percent) else {
                    throw .usage(tr("--title-size takes a percentage from 2 to 20, not “%s”", FilePathText.displayText(text)))
                }
                options.title.size = percent / 100
            case "--title-color":
                let text = try next()
                if text == "auto" {
                    options.title.colour = nil
                } else {
                    guard let colour = RGBAColor(parsing: text) else {
                        throw .usage(tr("--title-color takes a colour such as black, #336699 or auto, not “%s”", FilePathText.displayText(text)))
                    }
                    options.title.colour = colour
                }
            default:
                if !onlyPhotos, argument.hasPrefix("-"), argument.count > 1 {
                    throw .usage(tr("unknown option “%s”", FilePathText.displayText(argument)))
                }
                let path = arguments[index]
                if options.project != nil {
                    throw .usage(tr("%s: a project is rendered alone, without other photos", FilePathText.displayText(path)))
                }
                if options.photos.isEmpty, ProjectIO.isProject(path: path) {
                    try use(project: path, in: &options)
                } else {
                    options.photos.append(path)
                }
            }
            index += 1
        }
        try options.paper.apply(to: &options.settings)
        return options
    }

    /// The project's document as the options so far; what follows changes it.
    private static func use(project path: String, in options: inout Options) throws(Failure) {
        let read: (document: CollageDocument, repairs: [String])
        do {
            read = try ProjectIO.read(path: path)
        } catch {
            throw .input(tr("%s: %s", FilePathText.displayText(path), tr(error.reason.wording)))
        }
        options.project = path
        options.settings = read.document.settings
        options.title = read.document.title
        options.photos = read.document.photos.map(\.path)
        options.projectPhotos = read.document.photos
        options.projectRepairs = read.repairs
    }

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            return report(error)
        }
        if options.help {
            print(usage())
            return 0
        }
        do {
            try render(options)
            return 0
        } catch {
            return report(error)
        }
    }

    private static func report(_ failure: Failure) -> Int32 {
        switch failure {
        case let .usage(message):
            printError("tinycollage: " + message + "\n" + tr("Try “tinycollage render --help”."))
            return 2
        case let .input(message):
            printError("tinycollage: " + message)
            return 1
        }
    }

    static func render(_ options: Options) throws(Failure) {
        guard let output = options.output else { throw .usage(tr("--output FILE is required")) }
        guard let format = ImageFormat(path: output, quality: options.quality) else {
            throw .usage(tr("%s: the output must end in .png, .jpg, .jpeg or .pdf", FilePathText.displayText(output)))
        }
        if !format.keepsTransparency, !options.settings.backgroundIsOpaque {
            throw .usage(tr("%s: JPEG has no transparency; use a .png file for a transparent background", FilePathText.displayText(output)))
        }
        if let project = options.project {
            guard !options.photos.isEmpty else { throw .input(Messages.noPhotos(project: project)) }
            if !options.projectRepairs.isEmpty { printError("tinycollage: " + Messages.corrected(project: project, options.projectRepairs)) }
        }
        guard !options.photos.isEmpty else { throw .usage(tr("no photos given")) }
        CommandRender.prepare(photoCount: options.photos.count)
        defer { reportDecoderStatistics() }
        if options.photos.count > CollageLayout.maximumPhotos {
            let first = options.photos[CollageLayout.maximumPhotos]
            throw .input(tr("%s: too many photos: %s given, a collage holds at most %s",
                            FilePathText.displayText(first), String(options.photos.count), String(CollageLayout.maximumPhotos)))
        }
        if !options.force, AtomicFile.exists(output) {
            throw .input(tr("%s: %s (use --force to replace it)", FilePathText.displayText(output), Messages.reason(ExportError.Reason.exists)))
        }
        var title = options.title
        var note: String?
        if options.autoTitle {
            if let suggestion = TitleSuggester.suggestion(for: options.photos) {
                title.text = TitleSuggestionText.text(suggestion)
            } else {
                note = tr("no title: the photos say neither where nor when they were taken")
            }
        }
        let document = CollageDocument(photos: options.projectPhotos ?? options.photos.map { Photo(path: $0) }, settings: options.settings, title: title)
        // A size or a gap that cannot be drawn came from the project, when there is one.
        let naming = options.project ?? output
        let cells: [CellRect]
        if format == .pdf {
            cells = try CommandRender.drawPDF(document, to: output, replacing: options.force,
                                              photoQuality: options.quality, naming: naming)
        } else {
            let result = try CommandRender.draw(document, naming: naming)
            cells = Array(result.cells.values)
            try CommandRender.save(consuming: result.image, to: output, format: format, dpi: options.settings.dpi,
                                   replacing: options.force)
        }
        if let note { printError("tinycollage: " + note) }
        if let narrowed = narrowedBorder(options.settings.style, cells: cells) {
            printError("tinycollage: " + tr("--border %s is wider than the cells leave room for; drawn %s pixels wide in the smallest",
                                            String(options.settings.style.borderWidth), String(narrowed)))
        }
    }
}

/// The border drawn in the narrowest of `cells` when it is less than asked for (a pixel of photo is kept).
private func narrowedBorder(_ style: CollageStyle, cells: [CellRect]) -> Int? {
    guard let drawn = cells.map({ style.borderWidth(in: $0.size, scale: 1) }).min(), drawn < style.borderWidth else { return nil }
    return drawn
}

/// For `make bench` and the thumbnail's tests: this process's own peak
/// memory and its workers', on standard error, when TINYCOLLAGE_DECODE_STATS is set.
func reportDecoderStatistics() {
    guard ProcessInfo.processInfo.environment["TINYCOLLAGE_DECODE_STATS"] != nil else { return }
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
        .split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    let workers = DecoderPool.shared.statistics
    printError("decode-stats: own-peak-kib=\(peak) workers=\(workers.workersStarted) worker-peak-kib=\(workers.peakWorkerResidentKiB)")
}
