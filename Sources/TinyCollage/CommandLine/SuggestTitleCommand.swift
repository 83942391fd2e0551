// `tinycollage suggest-title PHOTO…` (SPEC §9): prints, on one line, the
// title the photos' metadata suggests — where (a nearby city or the
// country, from libgweather's offline database) and when (their EXIF
// dates) — or nothing when they say neither. Needs no display. Exit status:
// 0 (with or without a suggestion), 1 a file that is not a readable image
// (named, with the reason), 2 a usage mistake.

import CollageCore
import CollageMetadata
import CollageRender
import Foundation

enum SuggestTitleCommand {
    static func usage() -> String {
        HelpText.render([
            .line(tr("Usage: tinycollage suggest-title PHOTO…")),
            .blank,
            .line(tr("Prints a title for a collage of these photos, from where and when they were taken")),
            .line(tr("(their EXIF GPS position and date), looked up offline. Prints nothing when the photos")),
            .line(tr("say neither; the window and “render --title auto” suggest the same.")),
            .blank,
            .line(tr("Options:")),
            .option("-h, --help", tr("show this help")),
            .blank,
            .line(tr("Exit status: 0 with or without a suggestion, 1 when a file is not a readable image, 2 on a usage error.")),
        ])
    }

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        var photos: [String] = []
        var onlyPhotos = false
        for argument in arguments {
            if !onlyPhotos, argument == "--" {
                onlyPhotos = true
            } else if !onlyPhotos, argument == "-h" || argument == "--help" {
                print(usage())
                return 0
            } else if !onlyPhotos, argument.hasPrefix("-"), argument.count > 1 {
                return usageError(tr("unknown option “%s”", FilePathText.displayText(argument)))
            } else {
                photos.append(argument)
            }
        }
        guard !photos.isEmpty else { return usageError(tr("no photos given")) }
        // Each file must be an image, as for `render`: a typo is named, not
        // ignored. Its header and metadata are read in a decoder worker, in
        // one request: a file that crashes a loader costs the worker.
        DecoderPool.shared.prestart(upTo: photos.count)
        var facts: [CollageCore.PhotoFacts] = []
        for photo in photos {
            do throws(LoadError) {
                facts.append(try Decoder.isolated().facts(photo).facts)
            } catch {
                printError("tinycollage: " + tr("%s: %s", FilePathText.displayText(photo), Messages.reason(error.reason)))
                return 1
            }
        }
        if let suggestion = TitleSuggester.suggestion(from: facts) {
            print(TitleSuggestionText.text(suggestion))
        }
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        printError("tinycollage: " + message + "\n" + tr("Try “tinycollage suggest-title --help”."))
        return 2
    }
}
