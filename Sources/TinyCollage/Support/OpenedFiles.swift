// Files that reach the app as GFiles — dropped, "Open With", D-Bus Open, the
// command line — split into the local paths the app can check and add, and
// the rest (an http:// or sftp:// location GIO cannot map to a path), named
// by their URI so the user is told about each, never silently left out
// (issue 19 point 4). Checking and adding the paths is CollageController's.

import CGtk

struct OpenedFiles: Sendable {
    var paths: [String] = []
    /// URIs of files that are not on this computer's file system.
    var elsewhere: [String] = []

    var isEmpty: Bool { paths.isEmpty && elsewhere.isEmpty }

    init(paths: [String] = [], elsewhere: [String] = []) {
        self.paths = paths
        self.elsewhere = elsewhere
    }

    /// Takes GFiles as they come (references stay the caller's).
    init(files: [OpaquePointer]) {
        for file in files { append(file) }
    }

    mutating func append(_ file: OpaquePointer) {
        if let path = takePath(g_file_get_path(file)) {
            paths.append(path)
        } else if let uri = takePath(g_file_get_uri(file)) {
            elsewhere.append(uri)
        }
    }
}
