// Finding the app's data when it runs from the build tree (`make run`,
// tests): compiled schemas and message catalogues sit in .build/, icons in
// data/, a few folders above the binary. Installed copies are found the usual way.

import Foundation

enum BuildTree {
    /// The folders from the binary's own upwards, symlinks resolved.
    static var ancestors: [URL] {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var result: [URL] = []
        for _ in 0..<5 {
            result.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return result
    }

    /// The first `relative` path under one of the binary's ancestors that exists.
    static func find(_ relative: String) -> String? {
        ancestors.map { $0.appendingPathComponent(relative).path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }
}
