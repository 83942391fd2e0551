// Entry point: `tinycollage render …`, `suggest-title …` and `thumbnail …` are
// the command line (SPEC §6, §9), `--help` documents them, a word that is
// neither a command nor a file is a usage mistake (MistypedCommand), anything
// else opens the window. Images are decoded by tinycollage-decoder, a program of
// its own beside this one (DecoderPool), never by this one.

import CollageCore
import CollageRender
import Foundation

// Before anything can start a thread: files are made with the mode this umask gives.
AtomicFile.readUmaskBeforeThreads()
Localization.setUp()

// From argv's own bytes: CommandLine.arguments would garble names that are not UTF-8.
let arguments = (1..<Int(CommandLine.argc)).map { FilePathText.text(fromCString: CommandLine.unsafeArgv[$0]!) }

func mainHelp() -> String {
    HelpText.render([
        .line(tr("Usage: tinycollage [--camera-source PIPELINE] [FILE…]")),
        .line(tr("       tinycollage render --output FILE [OPTION…] PHOTO…")),
        .line(tr("       tinycollage render --output FILE PROJECT [OPTION…]")),
        .line(tr("       tinycollage suggest-title PHOTO…")),
        .line(tr("       tinycollage thumbnail [-s SIZE] INPUT OUTPUT")),
        .blank,
        .line(tr("TinyCollage turns up to 9 photos into one collage image.")),
        .line(tr("Without a command, it opens the window with the given photos added,")),
        .line(tr("or with the given project (NAME.tinycollage) open as it was saved.")),
        .blank,
        .line(tr("Commands:")),
        .option("render", tr("write the collage to a file without a window (see “tinycollage render --help”)")),
        .option("suggest-title", tr("print the title the photos’ places and dates suggest (see “tinycollage suggest-title --help”)")),
        .option("thumbnail", tr("write a small picture of a project, for file managers (see “tinycollage thumbnail --help”)")),
        .blank,
        .line(tr("Options:")),
        .option("--camera-source PIPELINE", tr("take photos from this GStreamer source (a gst-launch description such as “v4l2src device=/dev/video2” or “rtspsrc location=rtsp://…”) instead of the camera found automatically")),
        .option("-h, --help", tr("show this help")),
        .option("--version", tr("show the version")),
    ])
}

switch arguments.first {
case "render":
    exit(RenderCommand.run(Array(arguments.dropFirst())))
case "suggest-title":
    exit(SuggestTitleCommand.run(Array(arguments.dropFirst())))
case "thumbnail":
    exit(ThumbnailCommand.run(Array(arguments.dropFirst())))
case "-h", "--help":
    print(mainHelp())
    print("")
    print(RenderCommand.usage())
    print("")
    print(SuggestTitleCommand.usage())
    print("")
    print(ThumbnailCommand.usage())
    exit(0)
case "--version":
    print(AppInfo.versionText)
    exit(0)
default:
    if let first = arguments.first, let mistake = MistypedCommand.message(for: first) {
        printError("tinycollage: " + mistake + "\n" + tr("Try “tinycollage --help”."))
        exit(2)
    }
    exit(AppLauncher.run(arguments))
}
