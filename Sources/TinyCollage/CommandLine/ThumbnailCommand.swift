// `tinycollage thumbnail -s SIZE INPUT OUTPUT`: the freedesktop thumbnailer
// for project files (data/…thumbnailer runs it as GNOME's own thumbnailers
// are run, `-s %s %u %o`, so INPUT is a file:// URI or a path). The project
// is read as carefully as any (ProjectIO) and drawn through the same path as
// `render` (CommandRender) at a size whose longer side is at most SIZE, each
// photo decoded at its cell's size with a thumbnail's deadline, and written
// atomically as PNG whatever OUTPUT's name. Photos that cannot be read are
// left out; with none left, nothing is written. An overall deadline ends the
// process, its temporary file removed, should the workers' own not be enough.
// Exit status: 0 written, 1 a bad project, unreadable photos, a failed write
// or no thumbnail in time, 2 a usage mistake — each said in one line that
// names the file.

import CGtk
import CollageCore
import CollageRender
import Foundation

enum ThumbnailCommand {
    struct Options: Equatable {
        var size = defaultSize
        var timeout = defaultTimeout
        var input: String?
        var output: String?
        var help = false
    }

    /// GNOME's "large" thumbnail; the thumbnailer entry always passes its own.
    static let defaultSize = 256
    /// Eight times GNOME's largest (xx-large, 1024) is no thumbnail any more.
    static let maximumSize = 8192
    /// Seconds for the whole thumbnail: one photo's decode may take the
    /// thumbnail deadline (DecodePurpose.thumbnail, 8 s), and two hung
    /// photos on two cores should not keep a file manager waiting longer.
    static let defaultTimeout = 20
    static let timeoutRange = 1...600

    static func usage() -> String {
        HelpText.render([
            .line(tr("Usage: tinycollage thumbnail [-s SIZE] INPUT OUTPUT")),
            .blank,
            .line(tr("Writes a PNG picture of the project INPUT (a path or a file:// URI) at OUTPUT, at most SIZE pixels on its longer side: the thumbnail a file manager shows.")),
            .line(tr("Photos that cannot be read are left out; when none can be read, nothing is written.")),
            .blank,
            .line(tr("Options:")),
            .option("-s, --size SIZE", tr("the thumbnail’s longer side at most, in pixels, 1 to %s (default %s)",
                                          String(maximumSize), String(defaultSize))),
            .option("--timeout SECONDS", tr("give up after this many seconds, %s to %s (default %s)",
                                            String(timeoutRange.lowerBound), String(timeoutRange.upperBound), String(defaultTimeout))),
            .option("-h, --help", tr("show this help")),
            .blank,
            .line(tr("Exit status: 0 on success, 1 on a bad project, unreadable photos, a failed write or a timeout, 2 on a usage error.")),
        ])
    }

    static func parse(_ arguments: [String]) throws(RenderCommand.Failure) -> Options {
        var options = Options()
        var files: [String] = []
        var index = 0
        var onlyFiles = false
        func number(_ flag: String, range: ClosedRange<Int>, seconds: Bool) throws(RenderCommand.Failure) -> Int {
            var text: String
            if let eq = arguments[index].firstIndex(of: "="), arguments[index].hasPrefix("--") {
                text = String(arguments[index][arguments[index].index(after: eq)...])
            } else {
                index += 1
                guard index < arguments.count else { throw .usage(tr("%s needs a value", flag)) }
                text = arguments[index]
            }
            guard let n = Int(text), range.contains(n) else {
                let low = String(range.lowerBound), high = String(range.upperBound), shown = FilePathText.displayText(text)
                throw .usage(seconds ? tr("%s takes a whole number of seconds from %s to %s, not “%s”", flag, low, high, shown)
                    : tr("%s takes a whole number of pixels from %s to %s, not “%s”", flag, low, high, shown))
            }
            return n
        }
        // A mistake is said with the project it was made for, so the rest is read first.
        var mistake: String?
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            do throws(RenderCommand.Failure) {
                switch onlyFiles ? "" : name {
                case "--": onlyFiles = true
                case "-h", "--help": options.help = true
                case "-s", "--size":
                    options.size = try number(name, range: 1...maximumSize, seconds: false)
                case "--timeout":
                    options.timeout = try number(name, range: timeoutRange, seconds: true)
                default:
                    if !onlyFiles, argument.hasPrefix("-"), argument.count > 1 {
                        throw .usage(tr("unknown option “%s”", FilePathText.displayText(argument)))
                    }
                    files.append(argument)
                }
            } catch {
                if mistake == nil, case let .usage(message) = error { mistake = message }
            }
            index += 1
        }
        if options.help { return options }
        if mistake == nil, files.count != 2 {
            mistake = tr("thumbnail takes two names, an INPUT project and an OUTPUT file")
        }
        if let mistake {
            throw .usage(files.first.map { tr("%s: %s", FilePathText.displayText($0), mistake) } ?? mistake)
        }
        options.input = files[0]
        options.output = files[1]
        return options
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
            try thumbnail(options)
            return 0
        } catch {
            return report(error)
        }
    }

    /// One line: a thumbnailer's standard error ends up in a log, a line per failure.
    private static func report(_ failure: RenderCommand.Failure) -> Int32 {
        switch failure {
        case let .usage(message):
            printError("tinycollage: " + tr("%s (see “tinycollage thumbnail --help”)", message))
            return 2
        case let .input(message):
            printError("tinycollage: " + message)
            return 1
        }
    }

    static func thumbnail(_ options: Options) throws(RenderCommand.Failure) {
        guard let input = options.input, let output = options.output else { throw .usage(tr("no INPUT given")) }
        let path = try localPath(input)
        let shown = FilePathText.displayText(path)
        startDeadline(seconds: options.timeout,
                      message: tr("%s: no thumbnail after %s seconds; its photos take too long to read", shown,
                                  String(options.timeout)))
        let document: CollageDocument
        do {
            let read = try ProjectIO.read(path: path)
            document = read.document
            if !read.repairs.isEmpty { printError("tinycollage: " + Messages.corrected(project: path, read.repairs)) }
        } catch {
            throw .input(tr("%s: %s", shown, tr(error.reason.wording)))
        }
        guard !document.photos.isEmpty else { throw .input(Messages.noPhotos(project: path)) }
        CommandRender.prepare(photoCount: document.photos.count)
        defer { reportDecoderStatistics() }
        let size = Compositor.size(of: document.settings.outputSize,
                                   fitting: PixelSize(width: options.size, height: options.size))
        let result = try CommandRender.draw(document, size: size, purpose: .thumbnail, skipFailures: true, naming: path)
        if result.failures.count == document.photos.count,
           let first = document.photos.lazy.compactMap({ result.failures[$0.id] }).first {
            let photo = FilePathText.displayText(first.path), reason = Messages.reason(first.reason)
            // GNOME's thumbnailer sandbox shows the project file alone: the preview saved in it stands in.
            if let preview = try? ProjectIO.preview(path: path),
               let drawn = try? fromPreview(preview, shape: document.settings.outputSize, size: size, naming: path) {
                try CommandRender.save(consuming: drawn.image, to: output, format: .png, replacing: true)
                printError("tinycollage: " + tr("%s: drawn from the preview saved in it, as its photos cannot be read (%s: %s)",
                                                shown, photo, reason))
                return
            }
            let count = document.photos.count
            throw .input(count == 1 ? tr("%s: its photo cannot be read (%s: %s)", shown, photo, reason)
                : trn("%s: none of its %s photo can be read (%s: %s)", "%s: none of its %s photos can be read (%s: %s)",
                      count, shown, String(count), photo, reason))
        }
        try CommandRender.save(consuming: result.image, to: output, format: .png, replacing: true)
        for photo in document.photos {
            guard let failure = result.failures[photo.id] else { continue }
            printError("tinycollage: " + tr("%s: left out of the thumbnail: %s: %s", shown, FilePathText.displayText(failure.path),
                                            Messages.reason(failure.reason)))
        }
    }

    /// The project's saved preview drawn as a one-photo collage of the
    /// project's shape, decoded by the workers as any photo (its bytes are the
    /// file's, so not to be trusted), from a temporary file that has no name
    /// from the moment it is made.
    private static func fromPreview(_ bytes: Data, shape: PixelSize, size: PixelSize,
                                    naming path: String) throws(RenderCommand.Failure) -> RenderResult {
        var template = Array((NSTemporaryDirectory() + "/tinycollage-preview-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .input(tr("%s: %s", FilePathText.displayText(path), String(cString: strerror(errno)))) }
        defer { close(fd) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let failed = bytes.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
        if let failed { throw .input(tr("%s: %s", FilePathText.displayText(path), String(cString: strerror(failed)))) }
        let document = CollageDocument(photos: [Photo(path: "/proc/self/fd/\(fd)")], settings: CollageSettings(outputSize: shape))
        return try CommandRender.draw(document, size: size, purpose: .thumbnail, naming: path)
    }

    /// A path from a path or a file:// URI (GLib's reading of it: %-escapes
    /// are bytes, not necessarily UTF-8); any other URI is not a local file.
    /// `input` is argv's text (FilePathText): its own bytes are what was given.
    static func localPath(_ input: String) throws(RenderCommand.Failure) -> String {
        let given = FilePathText.decodedText(input)
        let scheme = given.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
        guard let first = scheme.first, first.isLetter, given.dropFirst(scheme.count).hasPrefix(":"),
              given.contains("://") || scheme.lowercased() == "file" else { return input }
        guard scheme.lowercased() == "file" else {
            throw .input(tr("%s: only local files (file://) can be read", FilePathText.displayText(input)))
        }
        var error: UnsafeMutablePointer<GError>?
        var host: UnsafeMutablePointer<gchar>?
        guard let filename = FilePathText.withCString(input, { g_filename_from_uri($0, &host, &error) }) else {
            let why = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            throw .input(tr("%s: %s", FilePathText.displayText(input), why))
        }
        defer { g_free(filename); g_free(host) }
        // file://elsewhere/… names another machine's file, not this one's.
        if let host, String(cString: host) != "localhost" {
            throw .input(tr("%s: only local files (file://) can be read", FilePathText.displayText(input)))
        }
        return FilePathText.text(fromCString: filename)
    }

    /// Ends the process after `seconds` with `message` and status 1, the
    /// output's temporary removed, whatever the workers are doing by then.
    private static func startDeadline(seconds: Int, message: String) {
        let thread = Thread {
            Thread.sleep(forTimeInterval: Double(seconds))
            printError("tinycollage: " + message)
            AtomicFile.removeTemporariesAndExit(1)
        }
        thread.name = "thumbnail deadline"
        thread.start()
    }
}
