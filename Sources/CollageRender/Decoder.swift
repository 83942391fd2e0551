// How the rest of the app decodes a user's file: `Decoder.isolated` sends
// every probe and decode to the decoder workers (DecoderPool) with the
// file's open descriptor, and turns their answer into a DecodedPhoto whose
// pixels are the worker's own memfd, mapped; a worker that crashed, ran out
// of memory or out of time becomes that photo's LoadError. `inProcess` runs
// ImageLoader right here — for the fuzzer and the loader's own tests, never
// for the app. Callers are synchronous, on background threads.

import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct Decoder: Sendable {
    public var shrinkToCover: Bool
    public var pixelLimit: Int
    /// nil: decode in this process.
    let pool: DecoderPool?

    /// Through the process's shared worker pool.
    public static func isolated(shrinkToCover: Bool = false, pool: DecoderPool = .shared) -> Decoder {
        Decoder(shrinkToCover: shrinkToCover, pixelLimit: ImageLoader.defaultPixelLimit, pool: pool)
    }

    /// In this process, with ImageLoader: only for what must not start workers.
    public static func inProcess(shrinkToCover: Bool = false) -> Decoder {
        Decoder(shrinkToCover: shrinkToCover, pixelLimit: ImageLoader.defaultPixelLimit, pool: nil)
    }

    private var loader: ImageLoader {
        ImageLoader(pixelLimit: pixelLimit, shrinkToCover: shrinkToCover)
    }

    /// The stored size of `path`, from its header (see ImageLoader.probe).
    public func probe(_ path: String) throws(LoadError) -> PixelSize {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        guard let pool else { return try loader.probe(file, path: path) }
        let request = DecodeMessage.Request(kind: .probe, pixelLimit: pixelLimit,
                                            cpuSeconds: Self.cpuSeconds(.probe))
        return try answer(pool.run(request, file: file.descriptor, purpose: .probe), path: path) { reply, _ in
            if case let .probed(size) = reply, !size.isEmpty { return size }
            return nil
        }
    }

    /// The stored size of `path` and what its metadata says of when and
    /// where it was taken, in one request, under a probe's limits and
    /// deadline. In process (`inProcess`) only the size is read: metadata
    /// is parsed in workers, never here.
    public func facts(_ path: String) throws(LoadError) -> (size: PixelSize, facts: TitleFacts) {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        guard let pool else { return (try loader.probe(file, path: path), TitleFacts()) }
        let request = DecodeMessage.Request(kind: .facts, pixelLimit: pixelLimit, cpuSeconds: Self.cpuSeconds(.probe))
        return try answer(pool.run(request, file: file.descriptor, purpose: .probe), path: path) { reply, _ in
            if case let .facts(size, taken, coordinate) = reply, !size.isEmpty {
                return (size, TitleFacts(taken: taken, coordinate: coordinate))
            }
            return nil
        }
    }

    /// How much of a file its metadata is read from (MetadataReader).
    public static var metadataReadLimit: Int { MetadataReader.readLimit }

    /// Decodes `path` covering `cover` (see ImageLoader.load).
    public func load(_ path: String, covering cover: PixelSize?, swapsAxes: Bool? = nil,
                     purpose: DecodePurpose) throws(LoadError) -> DecodedPhoto {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        return try decode(file, path: path, covering: cover, swapsAxes: swapsAxes, purpose: purpose)
    }

    func decode(_ file: PhotoFile, path: String, covering cover: PixelSize?, swapsAxes: Bool?,
                purpose: DecodePurpose) throws(LoadError) -> DecodedPhoto {
        guard let pool else { return try loader.decode(file, path: path, covering: cover, swapsAxes: swapsAxes) }
        let request = DecodeMessage.Request(kind: .decode, cover: cover, swapsAxes: swapsAxes, shrinkToCover: shrinkToCover,
                                            pixelLimit: pixelLimit, cpuSeconds: Self.cpuSeconds(purpose))
        let (header, image) = try image(from: pool.run(request, file: file.descriptor, purpose: purpose), path: path)
        guard !header.originalSize.isEmpty else { throw LoadError(path: path, reason: .crashed) }
        return DecodedPhoto(image: image, originalSize: header.originalSize, swapsAxes: header.swapsAxes)
    }

    /// Reads a freedesktop thumbnail-cache PNG (it may have been put there by anyone).
    public func thumbnailFile(_ path: String) throws(LoadError) -> ThumbnailFile {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        guard let pool else { return try loader.thumbnailFile(file, path: path) }
        let request = DecodeMessage.Request(kind: .thumbnailFile, cpuSeconds: Self.cpuSeconds(.thumbnail))
        let (header, image) = try image(from: pool.run(request, file: file.descriptor, purpose: .thumbnail), path: path)
        return ThumbnailFile(image: image, uri: header.thumbURI, modified: header.thumbMTime, note: header.thumbNote)
    }

    /// The small picture a JPEG carries in its EXIF, upright and at the
    /// photo's proportions; nil when it has none. For the moments before
    /// the photo's decode (SmallImage): `purpose` is how long it may take.
    public func embeddedThumbnail(_ path: String, purpose: DecodePurpose) throws(LoadError) -> SmallImage? {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        guard let pool else {
            return try loader.embeddedThumbnail(file, path: path).map {
                SmallImage(image: $0.image, photoSize: $0.photoSize, origin: .exif)
            }
        }
        let request = DecodeMessage.Request(kind: .embeddedThumbnail, cpuSeconds: Self.cpuSeconds(purpose))
        let outcome = pool.run(request, file: file.descriptor, purpose: purpose)
        if case .reply(.nothing, nil) = outcome { return nil }
        let (header, image) = try image(from: outcome, path: path)
        guard !header.originalSize.isEmpty else { throw LoadError(path: path, reason: .crashed) }
        return SmallImage(image: image, photoSize: header.originalSize, origin: .exif)
    }

    /// The image of an image reply; any other answer as the photo's error.
    private func image(from outcome: WorkerProcess.Outcome, path: String) throws(LoadError)
        -> (DecodeMessage.ImageHeader, CairoImage) {
        try answer(outcome, path: path) { reply, image in
            if case let .image(header) = reply, let image { return (header, image) }
            return nil
        }
    }

    /// What `take` makes of the reply; a refusal as the photo's error, and
    /// any answer it does not take as a broken worker's.
    private func answer<Value>(_ outcome: WorkerProcess.Outcome, path: String,
                               _ take: (DecodeMessage.Reply, CairoImage?) -> Value?) throws(LoadError) -> Value {
        switch outcome {
        case let .reply(reply, image):
            if let value = take(reply, image) { return value }
            if case let .failed(reason) = reply { throw LoadError(path: path, reason: reason) }
            throw LoadError(path: path, reason: .crashed)
        case let .lost(reason):
            throw LoadError(path: path, reason: reason)
        }
    }

    private static func cpuSeconds(_ purpose: DecodePurpose) -> Int {
        Int(purpose.deadlineSeconds.rounded(.up))
    }
}
