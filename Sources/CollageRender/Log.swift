// The app's log: GLib's structured logging (g_log_structured_array), so a
// line goes where GNOME's logs go — the journal when standard error is one,
// else standard error as "tinycollage-Message: …" — with the fields a log
// reader filters by (GLIB_DOMAIN, PRIORITY). What a person reads in the
// window is the window's business; this is what is left for whoever reads
// the log afterwards.

import CPixbuf
#if canImport(Glibc)
import Glibc
#endif

public enum Log {
    /// The log domain (G_MESSAGES_DEBUG, journalctl GLIB_DOMAIN=…).
    public static let domain = "tinycollage"

    /// Something worth knowing that went as planned (a fallback taken).
    public static func message(_ text: String) {
        write(text, level: G_LOG_LEVEL_MESSAGE, priority: "5")
    }

    /// Something that failed: what, and why.
    public static func warning(_ text: String) {
        write(text, level: G_LOG_LEVEL_WARNING, priority: "4")
    }

    private static func write(_ text: String, level: GLogLevelFlags, priority: String) {
        // Copies that live through the call: a Swift string passed as a
        // pointer to an initialiser lives only as long as that initialiser.
        let words = ["GLIB_DOMAIN", domain, "MESSAGE", text, "PRIORITY", priority]
        let texts = words.map { strdup($0)! }
        defer { texts.forEach { free($0) } }
        var fields = stride(from: 0, to: texts.count, by: 2).map {
            GLogField(key: texts[$0], value: UnsafeRawPointer(texts[$0 + 1]), length: -1)
        }
        g_log_structured_array(level, &fields, gsize(fields.count))
    }
}
