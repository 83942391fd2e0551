// Pixels that cross from a decoder worker to the app without a copy. The
// worker draws into a memfd it maps shared, unmaps it and sends the
// descriptor; the app seals the memfd (no shrinking, growing or writing from
// anyone, so a worker cannot change or cut the pixels under it: a cut would
// be a SIGBUS in the app), checks its size against the header, maps it
// privately and wraps it as a Cairo image surface. Either side's mapping goes
// with the surface: Cairo's user data unmaps it when the last reference (a
// CairoImage, a GdkTexture sharing the pixels) lets go.

import CPangoCairo
import CPixbuf
import CLinux
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a new image's pixels live.
public enum PixelStorage: Sendable {
    case heap
    /// A memfd, so a worker can hand the pixels to the app (see `sharedMemoryDescriptor`).
    case sharedMemory
}

/// A mapping and, on the worker's side, the memfd behind it, released with the surface.
private final class Mapping {
    let address: UnsafeMutableRawPointer
    let length: Int
    let descriptor: Int32

    init(address: UnsafeMutableRawPointer, length: Int, descriptor: Int32) {
        self.address = address
        self.length = length
        self.descriptor = descriptor
    }

    deinit {
        munmap(address, length)
        if descriptor >= 0 { close(descriptor) }
    }
}

/// The key under which a surface keeps its Mapping; only its address matters.
nonisolated(unsafe) private let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

extension CairoImage {
    /// Why pixels from a worker were refused.
    enum SharedPixelsError: Error, Equatable, CustomStringConvertible {
        case badHeader(String)
        case notSealable(Int32)
        case wrongSize(expected: Int, actual: Int)
        case mapFailed(Int32)

        var description: String {
            switch self {
            case let .badHeader(why): return "a header that does not hold (\(why))"
            case let .notSealable(error): return "a descriptor that cannot be sealed (\(String(cString: strerror(error))))"
            case let .wrongSize(expected, actual): return "\(actual) bytes of pixels for an image of \(expected)"
            case let .mapFailed(error): return "pixels that cannot be mapped (\(String(cString: strerror(error))))"
            }
        }
    }

    static func makeShared(width: Int, height: Int, opaque: Bool) -> CairoImage? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let length = stride * height
        let fd = tc_memfd_create("tinycollage-pixels")
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(length)) == 0,
              let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            close(fd)
            return nil
        }
        // A new memfd reads as zeros: transparent, as make() promises.
        return wrap(Mapping(address: address, length: length, descriptor: fd), width: width, height: height,
                    stride: stride, opaque: opaque)
    }

    /// The memfd behind a shared-memory image (owned by the image), or nil.
    var sharedMemoryDescriptor: Int32? {
        guard let data = cairo_surface_get_user_data(surface, mappingKey) else { return nil }
        let descriptor = Unmanaged<Mapping>.fromOpaque(data).takeUnretainedValue().descriptor
        return descriptor >= 0 ? descriptor : nil
    }

    /// Takes a memfd of pixels from a worker, with the header it sent. Closes
    /// `fd` whatever happens.
    static func adoptSharedPixels(_ fd: Int32, header: DecodeMessage.ImageHeader) throws(SharedPixelsError) -> CairoImage {
        defer { close(fd) }
        let maximum = CollageSettings.maximumSide
        guard (1...maximum).contains(header.width), (1...maximum).contains(header.height) else {
            throw .badHeader("size \(header.width)×\(header.height)")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(header.width)))
        guard header.stride == stride else { throw .badHeader("stride \(header.stride), not \(stride)") }
        let length = stride * header.height
        // Fails for anything but a sealable memfd, and (EBUSY) while the
        // worker still has it mapped for writing.
        let seals = Int32(TC_F_SEAL_SHRINK | TC_F_SEAL_GROW | TC_F_SEAL_WRITE | TC_F_SEAL_SEAL)
        guard fcntl(fd, Int32(TC_F_ADD_SEALS), seals) == 0 else { throw .notSealable(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == length else {
            throw .wrongSize(expected: length, actual: Int(info.st_size))
        }
        // Private and writable: reads share the worker's pages, and should
        // anything draw on the image it gets copies of its own.
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw .mapFailed(errno)
        }
        guard let image = wrap(Mapping(address: address, length: length, descriptor: -1), width: header.width,
                               height: header.height, stride: stride, opaque: header.isOpaque) else {
            throw .mapFailed(0)
        }
        return image
    }

    private static func wrap(_ mapping: Mapping, width: Int, height: Int, stride: Int, opaque: Bool) -> CairoImage? {
        let surface = cairo_image_surface_create_for_data(mapping.address.assumingMemoryBound(to: UInt8.self),
                                                          CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                          Int32(stride))!
        let box = Unmanaged.passRetained(mapping).toOpaque()
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(surface, mappingKey, box, { data in
                  Unmanaged<Mapping>.fromOpaque(data!).release()
              }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            Unmanaged<Mapping>.fromOpaque(box).release()
            return nil
        }
        return CairoImage(adopting: surface, isOpaque: opaque)
    }
}
