// Decoding a JPEG's embedded EXIF thumbnail (EmbeddedThumbnail finds it) in
// a decoder worker, without touching the photo's own pixels: the head of
// the file is read (up to its frame header, at most a megabyte), the small
// JPEG goes through the same gdk-pixbuf loader and limits as any decode,
// it is turned upright by the photo's EXIF orientation, and a camera's
// letterbox (a 3:2 photo in a 160×120 thumbnail, black above and below) is
// cut away so that the picture has the photo's own proportions — the crop
// geometry of a cell is then the same on it as on the photo. A thumbnail
// whose shape differs and whose margins are not dark is not this photo's
// (an editor that did not update it), and is not used.

import CPangoCairo
import CPixbuf
import CLinux
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ImageLoader {
    /// An embedded thumbnail, upright and at the photo's proportions.
    struct Embedded {
        let image: CairoImage
        /// The photo's full size, upright.
        let photoSize: PixelSize
        let swapsAxes: Bool
    }

    /// How far into a file its frame header is looked for: cameras put it
    /// within the first 100 KB; a file that buries it deeper goes without.
    static let embeddedSearchLimit = 1 << 20

    /// The file's embedded thumbnail, or nil when it has none that can be used.
    func embeddedThumbnail(_ file: PhotoFile, path: String) throws(LoadError) -> Embedded? {
        guard let (bytes, found) = Self.findEmbedded(file.descriptor) else { return nil }
        let memfd = tc_memfd_create("tinycollage-thumbnail")
        guard memfd >= 0 else { throw LoadError(path: path, reason: .outOfMemory) }
        defer { close(memfd) }
        let written = bytes[found.jpeg].withUnsafeBytes { AtomicFile.writeAll(memfd, $0.baseAddress!, count: $0.count) }
        guard written == nil else { throw LoadError(path: path, reason: .outOfMemory) }
        lseek(memfd, 0, SEEK_SET)
        let small = PhotoFile(descriptor: memfd, identity: file.identity)
        var limited = self
        limited.pixelLimit = Self.thumbnailPixelLimit
        // A broken thumbnail is no reason to refuse the photo: there is just no small picture.
        guard let (loaded, _, _) = try? limited.runLoader(small, path: path, covering: nil, swapsAxes: false) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        // The small JPEG carries no EXIF of its own: the photo's orientation applies.
        gdk_pixbuf_remove_option(loaded, "orientation")
        gdk_pixbuf_set_option(loaded, "orientation", String(found.orientation))
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            throw LoadError(path: path, reason: .outOfMemory)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let swaps = (5...8).contains(found.orientation)
        let photo = swaps ? found.photoSize.transposed : found.photoSize
        guard let cropped = Self.withoutLetterbox(upright, aspect: Double(photo.width) / Double(photo.height)) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(cropped)) }
        guard let image = CairoImage.from(pixbuf: cropped, storage: storage) else {
            throw LoadError(path: path, reason: .outOfMemory)
        }
        return Embedded(image: image, photoSize: photo, swapsAxes: swaps)
    }

    /// The head of the file and what it holds, read in growing steps.
    private static func findEmbedded(_ descriptor: Int32) -> ([UInt8], EmbeddedThumbnail)? {
        var bytes: [UInt8] = []
        var wanted = 64 * 1024
        var atEnd = false
        lseek(descriptor, 0, SEEK_SET)
        while true {
            while !atEnd, bytes.count < wanted {
                var chunk = [UInt8](repeating: 0, count: wanted - bytes.count)
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    atEnd = true
                } else {
                    bytes += chunk[0..<count]
                }
            }
            switch EmbeddedThumbnail.find(in: bytes) {
            case let .found(thumbnail):
                return (bytes, thumbnail)
            case .none:
                return nil
            case .needsMoreBytes:
                guard !atEnd, wanted < embeddedSearchLimit else { return nil }
                wanted = min(wanted * 4, embeddedSearchLimit)
            }
        }
    }

    /// The part of `pixbuf` with the photo's proportions (a new reference),
    /// or nil when what lies outside it is not a dark margin.
    static func withoutLetterbox(_ pixbuf: OpaquePointer, aspect: Double) -> OpaquePointer? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        guard width > 2, height > 2, aspect.isFinite, aspect > 0 else { return nil }
        let own = Double(width) / Double(height)
        // Bars above and below (a photo wider than its thumbnail), or at the sides.
        let rows = own < aspect
        let length = rows ? height : width, across = rows ? width : height
        let expected = rows ? Double(width) / aspect : Double(height) * aspect
        // Within a pixel of the photo's shape: nothing to cut.
        guard Double(length) - expected > 1 else { return gdk_pixbuf_new_subpixbuf(pixbuf, 0, 0, Int32(width), Int32(height)) }
        guard expected * 2 >= Double(length) else { return nil }
        let lines = LineDarkness(pixbuf, rows: rows)
        var start = Int(((Double(length) - expected) / 2).rounded()), end = start + Int(expected.rounded())
        guard lines.dark(0..<start), lines.dark(end..<length) else { return nil }
        // Where the bars really end (a camera rounds them either way), unless
        // the picture's own edge is as dark; then one line more, which JPEG
        // has blurred into the bar.
        var lead = 0, trail = 0
        while lead < start + 2, lines.dark(lead..<(lead + 1)) { lead += 1 }
        while trail < length - end + 2, lines.dark((length - trail - 1)..<(length - trail)) { trail += 1 }
        if abs(length - lead - trail - Int(expected.rounded())) <= 1 {
            start = lead
            end = length - trail
        }
        start += 1
        end -= 1
        let keepAcross = min(across, max(1, Int((Double(end - start) * (rows ? aspect : 1 / aspect)).rounded())))
        let offset = (across - keepAcross) / 2
        return rows
            ? gdk_pixbuf_new_subpixbuf(pixbuf, Int32(offset), Int32(start), Int32(keepAcross), Int32(end - start))
            : gdk_pixbuf_new_subpixbuf(pixbuf, Int32(start), Int32(offset), Int32(end - start), Int32(keepAcross))
    }
}

/// How dark the rows (or columns) of a pixbuf are.
private struct LineDarkness {
    let pixels: UnsafePointer<UInt8>?
    let width, height, channels, stride: Int
    let rows: Bool

    init(_ pixbuf: OpaquePointer, rows: Bool) {
        pixels = gdk_pixbuf_read_pixels(pixbuf)
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        self.rows = rows
    }

    /// Whether these lines average near black (JPEG's ringing allowed); an empty range is.
    func dark(_ lines: Range<Int>) -> Bool {
        guard let pixels, channels >= 3 else { return false }
        var sum = 0, count = 0
        for line in lines {
            for i in 0..<(rows ? width : height) {
                let (x, y) = rows ? (i, line) : (line, i)
                let p = pixels + y * stride + x * channels
                sum += Int(p[0]) + Int(p[1]) + Int(p[2])
                count += 3
            }
        }
        return count == 0 || sum / count <= 40
    }
}
