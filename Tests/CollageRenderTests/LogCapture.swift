// What the render layer says in the app's log (Log.swift: GLib's structured
// logging), caught in this test process: a GLib log writer, installed once,
// keeps every message of the "tinycollage" domain and passes it on to GLib's
// default writer as before.

@testable import CollageRender
import CPixbuf
import Foundation

enum LogCapture {
    nonisolated(unsafe) private static var lines: [String] = []
    private static let lock = NSLock()
    private static let installed: Void = {
        g_log_set_writer_func({ level, fields, count, _ in
            var domain = "", message = ""
            for i in 0..<Int(count) {
                guard let field = fields?[i], let key = field.key, let value = field.value else { continue }
                let text = field.length < 0
                    ? String(cString: value.assumingMemoryBound(to: CChar.self))
                    : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
                switch String(cString: key) {
                case "GLIB_DOMAIN": domain = text
                case "MESSAGE": message = text
                default: break
                }
            }
            if domain == Log.domain { LogCapture.lock.withLock { LogCapture.lines.append(message) } }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }()

    /// The messages logged while `body` ran.
    static func messages(during body: () throws -> Void) rethrows -> [String] {
        _ = installed
        let before = lock.withLock { lines.count }
        try body()
        return lock.withLock { Array(lines[before...]) }
    }
}
