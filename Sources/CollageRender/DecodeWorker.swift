// The decoder worker: the process that reads users' image files, so that a
// file that crashes a loader, hangs it or eats memory costs this process and
// never the app (DESIGN "Decoding out of process"). Run by
// tinycollage-decoder (and the fuzzer), which DecoderPool starts inside
// bubblewrap (WorkerSandbox) with its socket on descriptor 3. In order:
// limits, every gdk-pixbuf loader module loaded, the address-space limit on
// top of what that took, the seccomp allow-list, "ready"; then one request
// at a time — the file comes as a descriptor, the pixels go back in a memfd,
// a photo's facts (its size, date and place) in the reply — until the app
// closes the socket. Decoding is ImageLoader's, metadata MetadataReader's;
// the rules are Sandbox's and DecodeLimits'.

import CPangoCairo
import CPixbuf
import CLinux
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum DecodeWorker {
    /// The hidden sub-command that runs this (main.swift, collage-fuzz).
    public static let command = "decode-worker"
    static let socketDescriptor: Int32 = 3

    /// Serves requests until the app goes; returns the exit status.
    public static func run() -> Int32 {
        let socket = socketDescriptor
        var info = stat()
        guard fstat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else {
            printToStandardError("decode-worker: descriptor 3 is not the app's socket; this command is the app's own")
            return 2
        }
        guard let baseline = enterSandbox() else { return 3 }
        guard send(.ready(baselineBytes: baseline), memfd: -1, on: socket) else { return 1 }
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumSize)
        while true {
            var fd: Int32 = -1, extra: Int32 = 0, truncated: Int32 = 0
            let count = buffer.withUnsafeMutableBytes {
                tc_recv_with_fd(socket, $0.baseAddress, $0.count, &fd, &extra, &truncated)
            }
            if count <= 0 { return count == 0 ? 0 : 1 }  // the app has gone
            let request = truncated == 0 ? DecodeMessage.decodeRequest(Array(buffer[0..<count])) : nil
            guard let request, fd >= 0 else {
                if fd >= 0 { close(fd) }
                guard send(.failed(.ioError("the request was not understood")), memfd: -1, on: socket) else { return 1 }
                continue
            }
            Sandbox.allowCPU(seconds: request.cpuSeconds)
            let (reply, memfd) = handle(request, file: fd)
            close(fd)
            let sent = send(reply, memfd: memfd, on: socket)
            if memfd >= 0 { close(memfd) }
            guard sent else { return 1 }
        }
    }

    /// Everything a worker gives up before it reads a user's byte, in order:
    /// limits, every loader loaded, the address-space limit on top of what
    /// that took, the seccomp filter. Returns the address space in use
    /// before the limit, or nil (said on standard error) when the filter
    /// could not be installed. Public for the sandbox's own tests, which run
    /// hostile code after it, as a compromised loader would.
    public static func enterSandbox() -> Int? {
        Sandbox.setEarlyLimits()
        preloadLoaders()
        let baseline = Sandbox.addressSpaceInUse()
        Sandbox.limitAddressSpace(to: baseline + DecodeLimits.addressSpaceHeadroom)
        Sandbox.limitLifetimeCPU()
        do {
            try Sandbox.install()
        } catch {
            printToStandardError("decode-worker: \(error)")
            return nil
        }
        return baseline
    }

    /// Loads every loader module now, while files may still be opened for it.
    private static func preloadLoaders() {
        // Loaders complain about a close without data (HEIF: "No 'ftyp' box"): not worth showing.
        let savedError = dup(2)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 { dup2(null, 2); close(null) }
        defer {
            if savedError >= 0 { dup2(savedError, 2); close(savedError) }
        }
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var list = formats
        while let node = list {
            if let format = node.pointee.data, let name = gdk_pixbuf_format_get_name(OpaquePointer(format)) {
                if let loader = gdk_pixbuf_loader_new_with_type(name, nil) {
                    gdk_pixbuf_loader_close(loader, nil)
                    g_object_unref(loader)
                }
                g_free(name)
            }
            list = node.pointee.next
        }
    }

    /// Runs one request; the reply, and the memfd of an image reply (else -1).
    /// Every image made here is gone by the return, its mapping with it, so
    /// the app can seal the memfd against writes.
    private static func handle(_ request: DecodeMessage.Request, file descriptor: Int32) -> (DecodeMessage.Reply, Int32) {
        lseek(descriptor, 0, SEEK_SET)
        let file = PhotoFile(descriptor: descriptor, identity: FileIdentity(
            path: "", device: 0, inode: 0, size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0))
        var loader = ImageLoader(pixelLimit: request.pixelLimit, shrinkToCover: request.shrinkToCover)
        loader.storage = .sharedMemory
        do throws(LoadError) {
            switch request.kind {
            case .probe:
                return (.probed(try loader.probe(file, path: "")), -1)
            case .facts:
                // Only an image's metadata is read: anything else is refused
                // from its header first (a 60 MB .xmp is never parsed).
                let size = try loader.probe(file, path: "")
                let facts = MetadataReader.facts(fd: descriptor)
                return (.facts(size, taken: facts.taken, coordinate: facts.coordinate), -1)
            case .decode:
                let photo = try loader.decode(file, path: "", covering: request.cover, swapsAxes: request.swapsAxes)
                return hand(photo.image, originalSize: photo.originalSize, swapsAxes: photo.swapsAxes)
            case .thumbnailFile:
                let thumbnail = try loader.thumbnailFile(file, path: "")
                return hand(thumbnail.image, originalSize: thumbnail.image.size, swapsAxes: false,
                            text: (thumbnail.uri, thumbnail.modified, thumbnail.note))
            case .embeddedThumbnail:
                guard let embedded = try loader.embeddedThumbnail(file, path: "") else { return (.nothing, -1) }
                return hand(embedded.image, originalSize: embedded.photoSize, swapsAxes: embedded.swapsAxes)
            }
        } catch {
            return (.failed(error.reason), -1)
        }
    }

    /// The reply for an image in shared memory, with a descriptor of its own
    /// for the memfd (the image's goes with the image).
    private static func hand(_ image: CairoImage, originalSize: PixelSize, swapsAxes: Bool,
                             text: (uri: String, modified: String, note: String) = ("", "", ""))
        -> (DecodeMessage.Reply, Int32) {
        cairo_surface_flush(image.surface)
        guard let shared = image.sharedMemoryDescriptor else { return (.failed(.outOfMemory), -1) }
        let fd = fcntl(shared, F_DUPFD_CLOEXEC, 0)
        guard fd >= 0 else { return (.failed(.outOfMemory), -1) }
        let header = DecodeMessage.ImageHeader(width: image.width, height: image.height, stride: image.stride,
                                               isOpaque: image.isOpaque, originalSize: originalSize,
                                               swapsAxes: swapsAxes, thumbURI: text.uri, thumbMTime: text.modified,
                                               thumbNote: text.note)
        return (.image(header), fd)
    }

    private static func send(_ reply: DecodeMessage.Reply, memfd: Int32, on socket: Int32) -> Bool {
        let envelope = DecodeMessage.Envelope(reply: reply, cpuMilliseconds: Sandbox.cpuMillisecondsUsed(),
                                              peakResidentKiB: Sandbox.peakResidentKiB())
        let bytes = DecodeMessage.encode(envelope)
        return bytes.withUnsafeBytes { tc_send_with_fd(socket, $0.baseAddress, $0.count, memfd) } == bytes.count
    }

    private static func printToStandardError(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
