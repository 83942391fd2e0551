// GIO's asynchronous calls report through a C callback with a user-data
// pointer; this boxes a Swift closure into that pointer and releases it
// when the callback has run (GIO calls each callback exactly once, also
// when the call is cancelled), so an async call keeps its closure alive
// exactly as long as it is in flight.

import CGtk

@MainActor
enum AsyncCallback {
    typealias Ready = @MainActor (_ source: OpaquePointer?, _ result: OpaquePointer?) -> Void

    private final class Box: Sendable {
        let ready: Ready
        init(_ ready: @escaping Ready) { self.ready = ready }
    }

    /// The callback and user data to pass to a `…_async` call.
    static func make(_ ready: @escaping Ready) -> (GAsyncReadyCallback, UnsafeMutableRawPointer) {
        let callback: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
            nonisolated(unsafe) let source = source.map { OpaquePointer($0) }
            nonisolated(unsafe) let result = result
            MainActor.assumeIsolated { box.ready(source, result) }
        }
        return (callback, Unmanaged.passRetained(Box(ready)).toOpaque())
    }
}
