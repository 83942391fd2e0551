// The freedesktop shared thumbnail cache (Thumbnail Managing Standard), so
// the gallery opens a folder other apps already showed at the speed of
// reading small PNGs, and leaves thumbnails for them in turn:
// $XDG_CACHE_HOME/thumbnails/{normal,large}/<md5 of the file's URI>.png, each
// PNG carrying Thumb::URI and Thumb::MTime; a thumbnail counts only when both
// match the file as it is now. Written atomically (temporary file, rename),
// 0600 in 0700 folders as the standard asks. Deciding when to use it is
// ThumbnailService's job; decoding the photo is ImageLoader's.

import CGtk
import CollageCore
import CollageRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum SharedThumbnailCache {
    /// "normal" thumbnails fit 128×128, "large" ones 256×256.
    enum Flavour: String {
        case normal
        case large

        var side: Int { self == .normal ? 128 : 256 }

        static func fitting(_ side: Int) -> Flavour { side <= 128 ? .normal : .large }
    }

    struct Entry {
        let uri: String
        let modified: Int64
        let file: String
    }

    static var root: String {
        (string(g_get_user_cache_dir()) ?? NSHomeDirectory() + "/.cache") + "/thumbnails"
    }

    /// Where the thumbnail of `path` would be, and what it must say; nil for a
    /// file that cannot be stat'ed (it will fail to decode too, with the reason).
    static func entry(for path: String, flavour: Flavour) -> Entry? {
        var info = stat()
        guard FilePathText.withCString(path, { stat($0, &info) }) == 0,
              let uri = FilePathText.withCString(path, { takeString(g_filename_to_uri($0, nil, nil)) }),
              let md5 = takeString(g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)) else { return nil }
        return Entry(uri: uri, modified: Int64(info.st_mtim.tv_sec),
                     file: root + "/" + flavour.rawValue + "/" + md5 + ".png")
    }

    /// The cached thumbnail, if it is there and still matches the file.
    static func read(_ entry: Entry) -> CairoImage? {
        guard let pixbuf = gdk_pixbuf_new_from_file(entry.file, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard string(gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::URI")) == entry.uri,
              string(gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::MTime")).flatMap({ Int64($0) }) == entry.modified
        else { return nil }
        return CairoImage.from(pixbuf: pixbuf)
    }

    /// Leaves a thumbnail for `entry`; failures only cost the next visit a decode.
    static func write(_ image: CairoImage, for entry: Entry, original: PixelSize) {
        let folder = (entry.file as NSString).deletingLastPathComponent
        g_mkdir_with_parents(folder, 0o700)
        var template = Array((folder + "/.tinycollage-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        close(fd)
        let temporary = String(cString: template)
        guard let pixbuf = image.pixbufCopy() else {
            unlink(temporary)
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let options: [(String, String)] = [
            ("tEXt::Thumb::URI", entry.uri), ("tEXt::Thumb::MTime", String(entry.modified)),
            ("tEXt::Thumb::Image::Width", String(original.width)), ("tEXt::Thumb::Image::Height", String(original.height)),
            ("tEXt::Software", AppInfo.name),
            // A 256 px thumbnail is small either way; zlib's fastest level
            // keeps the cache from competing with the decodes on screen.
            ("compression", "1"),
        ]
        var keys = options.map { strdup($0.0) } + [nil]
        var values = options.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        if gdk_pixbuf_savev(pixbuf, temporary, "png", &keys, &values, nil) != 0, rename(temporary, entry.file) == 0 {
            chmod(entry.file, 0o600)
        } else {
            unlink(temporary)
        }
    }
}
