// Strings and paths across the C boundary: who frees a C string GLib hands
// us, and how a path text (FilePathText) becomes a GFile and back.

import CGtk
import CollageCore
import CollageRender

/// A Swift string from a C string GLib owns (nil for NULL).
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// A file path GLib gave us (and we now own), kept losslessly even when it
/// is not UTF-8 (see FilePathText); frees it with g_free.
func takePath(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return FilePathText.text(fromCString: pointer)
}

/// A GFile for one of our path texts (a new reference).
func fileForPath(_ path: String) -> OpaquePointer {
    FilePathText.withCString(path) { g_file_new_for_path($0) }
}

/// A Swift string from a C string we own: frees it with g_free.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    GLibString.take(pointer)
}
