// The real image files that mutants start from, made at start with
// ImageMagick (/usr/bin/convert) and exiftool into a folder of their own:
// JPEG baseline, progressive, grey and with an EXIF thumbnail and
// orientation, PNG plain, interlaced and with alpha, GIF still, interlaced and
// animated, WebP lossy and lossless, SVG plain and with small filters (text,
// written here), plus any files given on the command line. Their content is fixed
// (`-seed`, no date chunks) so a run's seed replays the same mutants.
// Installing the tools is `make deps`' job; mutating is Mutator's.

import Foundation

struct Seed {
    let name: String
    let bytes: [UInt8]
    /// Made here, so it must decode unmutated (a file from the command line need not).
    let generated: Bool
}

enum SeedError: Error, CustomStringConvertible {
    case tool(String, String)
    case unreadable(String)

    var description: String {
        switch self {
        case let .tool(command, message): return "seed generation failed: \(command): \(message)"
        case let .unreadable(path): return "cannot read seed file \(path)"
        }
    }
}

enum Seeds {
    static let convert = "/usr/bin/convert"
    static let exiftool = "/usr/bin/exiftool"

    /// The generated seeds: file name and the convert arguments before it.
    static let recipes: [(name: String, arguments: [String])] = [
        ("baseline.jpg", ["-size", "160x120", "-seed", "1", "plasma:fractal", "-quality", "85"]),
        ("progressive.jpg", ["-size", "128x96", "-seed", "2", "plasma:fractal", "-quality", "80",
                             "-sampling-factor", "1x1", "-interlace", "Plane"]),
        ("grey.jpg", ["-size", "72x40", "-seed", "3", "plasma:fractal", "-colorspace", "Gray", "-quality", "70"]),
        ("exif.jpg", ["-size", "120x90", "-seed", "4", "plasma:fractal", "-quality", "85"]),
        ("plain.png", ["-size", "96x64", "-seed", "5", "plasma:fractal"]),
        ("interlaced.png", ["-size", "80x60", "-seed", "6", "plasma:fractal", "-interlace", "PNG"]),
        ("alpha.png", ["-size", "64x48", "gradient:rgba(255,0,0,1)-rgba(0,0,255,0.25)", "PNG32:"]),
        ("still.gif", ["-size", "64x48", "-seed", "7", "plasma:fractal", "-colors", "32"]),
        ("interlaced.gif", ["-size", "56x40", "-seed", "11", "plasma:fractal", "-colors", "32", "-interlace", "GIF"]),
        ("animated.gif", ["-delay", "10", "-size", "40x30", "xc:red", "-seed", "8", "plasma:fractal", "-colors", "16"]),
        ("lossy.webp", ["-size", "64x48", "-seed", "9", "plasma:fractal", "-quality", "60"]),
        ("lossless.webp", ["-size", "48x32", "-seed", "10", "plasma:fractal", "-define", "webp:lossless=true"]),
        // With a date and a place in EXIF or XMP, for the metadata request.
        ("xmp.png", ["-size", "40x30", "-seed", "12", "plasma:fractal"]),
        ("exif.webp", ["-size", "40x30", "-seed", "13", "plasma:fractal", "-quality", "70"]),
    ]

    /// exiftool's tags for the seeds that carry metadata.
    static let metadata: [String: [String]] = [
        "exif.jpg": ["-DateTimeOriginal=2026:04:03 10:15:00", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N",
                     "-GPSLongitude=2.2945", "-GPSLongitudeRef=E", "-Make=Canon", "-Model=Canon EOS 5D"],
        "xmp.png": ["-XMP-exif:DateTimeOriginal=2026:04:03 10:15:00", "-XMP-exif:GPSLatitude=35.68",
                    "-XMP-exif:GPSLongitude=139.77", "-XMP-dc:Title=Tokyo"],
        "exif.webp": ["-DateTimeOriginal=2026:03:30 09:00:00", "-GPSLatitude=0", "-GPSLatitudeRef=N",
                      "-GPSLongitude=30", "-GPSLongitudeRef=W"],
    ]

    /// SVG seeds: shapes and gradients, and the filters whose parameters the
    /// hostile SVGs of issue 10 push too far (at sizes that are fine).
    static let svgSeeds: [(name: String, text: String)] = [
        ("shapes.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">"#
            + #"<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>"#
            + #"</linearGradient></defs><rect width="120" height="80" fill="url(#g)"/>"#
            + #"<circle cx="60" cy="40" r="30" fill="yellow" opacity="0.5"/><path d="M10 70 L60 10 L110 70 Z" fill="none" stroke="black" stroke-width="3"/></svg>"#),
        ("filters.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64"><filter id="f">"#
            + #"<feGaussianBlur stdDeviation="2"/><feMorphology operator="dilate" radius="1"/>"#
            + #"<feConvolveMatrix order="3" kernelMatrix="0 1 0 1 -4 1 0 1 0"/></filter>"#
            + #"<rect x="10" y="10" width="76" height="44" fill="green" filter="url(#f)"/></svg>"#),
        ("turbulence.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="t">"#
            + #"<feTurbulence baseFrequency="0.05" numOctaves="2"/></filter><rect width="64" height="64" filter="url(#t)"/></svg>"#),
    ]

    /// Makes the seeds in `folder` and reads them with the `extra` files.
    static func make(in folder: String, extra: [String]) throws -> [Seed] {
        var seeds: [Seed] = []
        for svg in svgSeeds {
            let path = folder + "/" + svg.name
            guard FileManager.default.createFile(atPath: path, contents: Data(svg.text.utf8)) else {
                throw SeedError.unreadable(path)
            }
            seeds.append(Seed(name: svg.name, bytes: Array(svg.text.utf8), generated: true))
        }
        for recipe in recipes {
            let path = folder + "/" + recipe.name
            var arguments = recipe.arguments
            // "PNG32:" is a format prefix for the output name.
            var output = path
            if arguments.last?.hasSuffix(":") == true { output = arguments.removeLast() + path }
            try run(convert, arguments + ["-strip", "-define", "png:exclude-chunks=date,time", output])
            if recipe.name == "exif.jpg" {
                let thumb = folder + "/thumb.jpg"
                try run(convert, ["-size", "32x24", "xc:orange", "-strip", thumb])
                try run(exiftool, ["-q", "-overwrite_original", "-n", "-Orientation=6", "-ThumbnailImage<=" + thumb, path])
            }
            if let tags = metadata[recipe.name] {
                try run(exiftool, ["-q", "-overwrite_original", "-n"] + tags + [path])
            }
            seeds.append(Seed(name: recipe.name, bytes: try read(path), generated: true))
        }
        for path in extra {
            seeds.append(Seed(name: (path as NSString).lastPathComponent, bytes: try read(path), generated: false))
        }
        return seeds
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw SeedError.unreadable(path) }
        return [UInt8](data)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let command = ([tool] + arguments).joined(separator: " ")
        do { try process.run() } catch { throw SeedError.tool(command, "\(error)") }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SeedError.tool(command, String(decoding: message, as: UTF8.self))
        }
    }
}

extension Seeds {
    /// The seeds `make` left in `folder`, for a worker process.
    static func load(from folder: String, extra: [String]) throws -> [Seed] {
        let svg = svgSeeds.map { Seed(name: $0.name, bytes: Array($0.text.utf8), generated: true) }
        let images = try recipes.map { Seed(name: $0.name, bytes: try read(folder + "/" + $0.name), generated: true) }
        return svg + images + (try extra.map { Seed(name: ($0 as NSString).lastPathComponent, bytes: try read($0), generated: false) })
    }
}
