// Photos that carry a small picture of their own, and small pictures left
// in the freedesktop thumbnail cache, made with exiftool and ImageMagick
// (not our code), for the tests of the progressive preview (issue 14). The
// small picture can be given another colour than the photo, so a test can
// tell which one is on screen or in a file.

import Foundation

extension FixtureFolder {
    /// A `width`×`height` JPEG of `colour` whose EXIF holds a JPEG thumbnail
    /// of `thumbnailColour`, `thumbnail` large, with the photo fitted inside
    /// it on black as cameras do (`letterbox`), or stretched to fill it.
    @discardableResult
    public func photoWithThumbnail(_ name: String, colour: String, width: Int = 1200, height: Int = 800,
                                   thumbnailColour: String, thumbnail: (width: Int, height: Int) = (160, 120),
                                   letterbox: Bool = true, orientation: Int? = nil) throws -> String {
        let path = try solid(name, colour: colour, width: width, height: height)
        let small = file(name + ".thumb.jpg")
        let inner = letterbox ? fitted(width: width, height: height, in: thumbnail) : thumbnail
        var arguments = ["-size", "\(inner.width)x\(inner.height)", "xc:\(thumbnailColour)"]
        if letterbox {
            arguments += ["-background", "black", "-gravity", "center", "-extent", "\(thumbnail.width)x\(thumbnail.height)"]
        }
        try convert(arguments + ["-quality", "90"], to: name + ".thumb.jpg")
        var tags = ["-overwrite_original", "-ThumbnailImage<=\(small)"]
        if let orientation { tags += ["-n", "-Orientation=\(orientation)"] }
        let result = try run("/usr/bin/exiftool", tags + [path])
        guard result.status == 0 else { throw FixtureError.toolFailed("exiftool", result.stderr) }
        try FileManager.default.removeItem(atPath: small)
        return path
    }

    /// The thumbnail a 160×120 box holds of a `width`×`height` photo.
    private func fitted(width: Int, height: Int, in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

/// The freedesktop thumbnail cache under `cacheHome` ($XDG_CACHE_HOME).
public struct ThumbnailCacheFixture {
    public let cacheHome: String

    public init(cacheHome: String) {
        self.cacheHome = cacheHome
    }

    /// Where the thumbnail of `path` goes in `flavour` ("normal", "large"):
    /// the MD5 of its file URI, as the Thumbnail Managing Standard says.
    public func file(for path: String, flavour: String = "large") throws -> String {
        let uri = "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        let md5 = try run("/usr/bin/sh", ["-c", "printf %s \"$0\" | md5sum", uri]).stdout.prefix(32)
        return cacheHome + "/thumbnails/\(flavour)/\(md5).png"
    }

    /// Leaves a thumbnail of `colour` for `path` that says it shows the file
    /// as modified at `modified` (its real mtime unless told otherwise).
    @discardableResult
    public func put(for path: String, colour: String, width: Int = 256, height: Int = 171, flavour: String = "large",
                    modified: Int? = nil) throws -> String {
        let target = try file(for: path, flavour: flavour)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mtime = modified ?? Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let uri = "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        let result = try run("/usr/bin/convert", ["-size", "\(width)x\(height)", "xc:\(colour)", "-set", "Thumb::URI", uri,
                                                  "-set", "Thumb::MTime", String(mtime), target])
        guard result.status == 0 else { throw FixtureError.toolFailed("convert", result.stderr) }
        return target
    }
}
