// Strings GLib and its libraries hand over (transfer full: a gchar* the
// caller must g_free). One helper, so every call site frees the same way;
// the app's takeString (Pointers.swift) is this one too.

import CPixbuf

public enum GLibString {
    /// A Swift string from a C string we now own; frees it. Nil for NULL.
    public static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }
}
