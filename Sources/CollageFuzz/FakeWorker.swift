// A decoder worker that misbehaves on purpose, for ProtocolTarget: started
// as `collage-fuzz fake-decode-worker SEED INDEX` on the socket a real worker
// gets, it announces itself (or not), then answers each request in a way
// drawn from SEED and INDEX: honestly (the real ImageLoader, pixels in a
// memfd), with random bytes, a real answer cut short, padded or with bytes
// changed, the wrong kind of answer, two answers, a descriptor that is not a
// memfd, a memfd of the wrong size, one it still maps, one that cannot be
// sealed, extra descriptors, a flood on standard error, silence, or death by
// exit, abort, a segfault or its own SIGKILL.

// It reaches the decoder's internals, which only a debug build (testable) opens.
#if DEBUG
import CLinux
import CollageCore
import Foundation
@testable import CollageRender
#if canImport(Glibc)
import Glibc
#endif

enum FakeWorker {
    static let command = "fake-decode-worker"
    static let socket: Int32 = 3

    static func run(_ arguments: [String]) -> Never {
        guard arguments.count >= 2, let seed = UInt64(arguments[0]), let index = Int(arguments[1]) else { exit(2) }
        var rng = SplitMix64(seed: seed ^ 0xFA4E, index: index)
        if rng.oneIn(12) {
            misbehave(rng.below(4), request: nil, file: -1, rng: &rng)
        } else {
            send(DecodeMessage.encode(envelope(.ready(baselineBytes: 1 << 20))))
        }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var fd: Int32 = -1, extra: Int32 = 0, truncated: Int32 = 0
            let count = buffer.withUnsafeMutableBytes { tc_recv_with_fd(socket, $0.baseAddress, $0.count, &fd, &extra, &truncated) }
            if count <= 0 { exit(0) }
            let request = DecodeMessage.decodeRequest(Array(buffer[0..<count]))
            if rng.oneIn(3) {
                honest(request, file: fd)
            } else {
                misbehave(rng.below(16), request: request, file: fd, rng: &rng)
            }
            if fd >= 0 { close(fd) }
        }
    }

    private static func envelope(_ reply: DecodeMessage.Reply) -> DecodeMessage.Envelope {
        DecodeMessage.Envelope(reply: reply, cpuMilliseconds: 1, peakResidentKiB: 1)
    }

    /// The answer a real worker would give.
    private static func honestReply(_ request: DecodeMessage.Request?, file: Int32) -> (DecodeMessage.Reply, Int32) {
        guard let request, file >= 0 else { return (.failed(.ioError("no request")), -1) }
        lseek(file, 0, SEEK_SET)
        let photo = PhotoFile(descriptor: file, identity: FileIdentity(path: "", device: 0, inode: 0, size: 0,
                                                                      modifiedSeconds: 0, modifiedNanoseconds: 0))
        var loader = ImageLoader(pixelLimit: request.pixelLimit, shrinkToCover: request.shrinkToCover)
        loader.storage = .sharedMemory
        do {
            if request.kind == .probe { return (.probed(try loader.probe(photo, path: "")), -1) }
            if request.kind == .facts {
                return (.facts(try loader.probe(photo, path: ""), taken: CalendarDay(year: 2026, month: 4, day: 3),
                               coordinate: Coordinate(latitude: 48.85, longitude: 2.29)), -1)
            }
            if request.kind == .embeddedThumbnail {
                guard let small = try loader.embeddedThumbnail(photo, path: "") else { return (.nothing, -1) }
                let header = DecodeMessage.ImageHeader(width: small.image.width, height: small.image.height,
                                                       stride: small.image.stride, isOpaque: small.image.isOpaque,
                                                       originalSize: small.photoSize, swapsAxes: small.swapsAxes)
                return (.image(header), dup(small.image.sharedMemoryDescriptor ?? -1))
            }
            let decoded = try loader.decode(photo, path: "", covering: request.cover, swapsAxes: request.swapsAxes)
            let image = decoded.image
            let header = DecodeMessage.ImageHeader(width: image.width, height: image.height, stride: image.stride,
                                                   isOpaque: image.isOpaque, originalSize: decoded.originalSize,
                                                   swapsAxes: decoded.swapsAxes)
            return (.image(header), dup(image.sharedMemoryDescriptor ?? -1))
        } catch {
            return (.failed(error.reason), -1)
        }
    }

    private static func honest(_ request: DecodeMessage.Request?, file: Int32) {
        let (reply, memfd) = honestReply(request, file: file)
        send(DecodeMessage.encode(envelope(reply)), fd: memfd)
        if memfd >= 0 { close(memfd) }
    }

    private static func misbehave(_ how: Int, request: DecodeMessage.Request?, file: Int32, rng: inout SplitMix64) {
        let (reply, memfd) = honestReply(request, file: file)
        var bytes = DecodeMessage.encode(envelope(reply))
        switch how {
        case 0:  // random bytes, from nothing to more than a message may be
            send((0..<rng.pick([0, 1, 7, 40, 8191, 8193, 60000])).map { _ in rng.byte() })
        case 1:  // cut short
            send(Array(bytes.prefix(rng.below(bytes.count))), fd: memfd)
        case 2:  // padded
            send(bytes + (0..<rng.int(1, 100)).map { _ in rng.byte() }, fd: memfd)
        case 3:  // bytes changed: sizes, strides, tags
            for _ in 0..<rng.int(1, 4) where !bytes.isEmpty { bytes[rng.below(bytes.count)] = rng.pick([0, 1, 0x7F, 0x80, 0xFF]) }
            send(bytes, fd: memfd)
        case 4:  // the wrong kind of answer
            let wrong: DecodeMessage.Reply = rng.pick([.ready(baselineBytes: 0), .probed(PixelSize(width: 3, height: 3)),
                                                       .failed(.corrupt("made up")), .nothing,
                                                       .facts(PixelSize(width: 0, height: 0), taken: nil, coordinate: nil)])
            send(DecodeMessage.encode(envelope(wrong)), fd: rng.oneIn(2) ? memfd : -1)
        case 5:  // two answers
            send(bytes, fd: memfd)
            send(bytes, fd: memfd)
        case 6:  // an image header with no memfd, or a memfd with no image
            if case .image = reply { send(bytes) } else { send(bytes, fd: memfdOfSize(4096)) }
        case 7:  // a pipe, a file, /dev/zero instead of a memfd
            var ends: [Int32] = [-1, -1]
            _ = tc_pipe_cloexec(&ends)
            send(bytes, fd: rng.pick([ends[0], file, open("/dev/zero", O_RDONLY)]))
        case 8:  // a memfd of the wrong size
            if case let .image(header) = reply {
                send(bytes, fd: memfdOfSize(max(0, header.stride * header.height + rng.pick([-4096, -1, 1, 1 << 20]))))
            } else {
                send(bytes)
            }
        case 9:  // a memfd still mapped for writing (it cannot be sealed against writes)
            if memfd >= 0 {
                var info = stat()
                fstat(memfd, &info)
                _ = mmap(nil, Int(info.st_size), PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0)
            }
            send(bytes, fd: memfd)
        case 10:  // extra descriptors
            send(bytes, fds: [memfd, memfdOfSize(64), file].filter { $0 >= 0 })
        case 11:  // a flood on standard error, then the answer
            let line = Array(String(repeating: "warning: something odd ", count: 200).utf8) + [10]
            for _ in 0..<rng.int(1, 400) { _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
            send(bytes, fd: memfd)
        case 12:  // silence
            sleep(3600)
        case 13:  // last words of an allocation failure, then death
            let words = Array("memory allocation of 4000000000 bytes failed\n".utf8)
            _ = words.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            abort()
        case 14:
            rng.oneIn(2) ? exit(0) : abort()
        default:
            raise(rng.pick([SIGSEGV, SIGKILL, SIGXCPU, SIGBUS]))
        }
        if memfd >= 0 { close(memfd) }
    }

    private static func memfdOfSize(_ size: Int) -> Int32 {
        let fd = tc_memfd_create("fake")
        _ = ftruncate(fd, off_t(size))
        return fd
    }

    private static func send(_ bytes: [UInt8], fd: Int32 = -1) {
        _ = bytes.withUnsafeBytes { tc_send_with_fd(socket, $0.baseAddress, $0.count, fd) }
    }

    private static func send(_ bytes: [UInt8], fds: [Int32]) {
        _ = bytes.withUnsafeBytes { tc_send_with_fds(socket, $0.baseAddress, $0.count, fds, Int32(fds.count)) }
    }
}
#endif
