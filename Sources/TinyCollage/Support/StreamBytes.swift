// Reads a GInputStream (what the clipboard hands over) to its end without
// blocking the main loop: one asynchronous read of a chunk at a time, each
// answer on the main loop, until the stream ends, fails or passes `limit`.
// The reader keeps itself and its stream alive while a read is in flight
// (the callback's box holds it), so it needs no owner; what the bytes are
// is the caller's.

import CGtk

@MainActor
final class StreamBytes {
    enum Failure: Error, Sendable {
        /// More than `limit` bytes.
        case tooLarge(limit: Int)
        /// The stream said why (GIO's own words).
        case failed(String)
    }

    /// Bytes asked for at a time.
    private static let chunkBytes = 1 << 20

    nonisolated(unsafe) private let stream: UnsafeMutablePointer<GInputStream>
    private let limit: Int
    private var bytes: [UInt8] = []
    private let completion: @MainActor (Result<[UInt8], Failure>) -> Void

    /// Reads `stream` (taking a reference of its own) and calls `completion` once.
    static func read(_ stream: UnsafeMutablePointer<GInputStream>, limit: Int,
                     completion: @escaping @MainActor (Result<[UInt8], Failure>) -> Void) {
        StreamBytes(stream: stream, limit: limit, completion: completion).next()
    }

    private init(stream: UnsafeMutablePointer<GInputStream>, limit: Int,
                 completion: @escaping @MainActor (Result<[UInt8], Failure>) -> Void) {
        g_object_ref(stream.raw)
        self.stream = stream
        self.limit = limit
        self.completion = completion
    }

    deinit {
        g_object_unref(stream.raw)
    }

    private func next() {
        let (callback, data) = AsyncCallback.make { _, result in
            // Strong on purpose: the reader lives exactly as long as its reads.
            var error: UnsafeMutablePointer<GError>?
            guard let chunk = g_input_stream_read_bytes_finish(self.stream, result, &error) else {
                let message = error.flatMap { string($0.pointee.message) } ?? "unknown error"
                g_clear_error(&error)
                return self.completion(.failure(.failed(message)))
            }
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            let start = g_bytes_get_data(chunk, &size)
            if size == 0 { return self.completion(.success(self.bytes)) }
            guard self.bytes.count + Int(size) <= self.limit else {
                return self.completion(.failure(.tooLarge(limit: self.limit)))
            }
            self.bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: Int(size)))
            self.next()
        }
        g_input_stream_read_bytes_async(stream, gsize(Self.chunkBytes), G_PRIORITY_DEFAULT, nil, callback, data)
    }
}
