// The loading path frees what the C libraries hand it (issue 19 point 9):
// gdk-pixbuf's format name (transfer full) was kept as a Swift string and
// never freed, once per probe and per decode in every worker. The fuzzer's
// in-process replay (`collage-fuzz --run FILE`: a probe and a decode through
// ImageLoader, as a worker runs them) goes under valgrind's memcheck, and no
// block it made may be definitely lost.

import Foundation
import Testing
import TestSupport

@Suite struct LoaderLeakTests {
    @Test(arguments: ["png", "jpg", "gif"])
    func probingAndDecodingLoseNothing(format: String) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("photo.\(format)", colour: "red", width: 300, height: 200)
        let result = try run("/usr/bin/valgrind", ["--leak-check=full", "--show-leak-kinds=definite",
                                                   "--errors-for-leak-kinds=definite", "--error-exitcode=99",
                                                   builtProgram("collage-fuzz"), "--run", photo])
        #expect(result.stderr.contains("LEAK SUMMARY") || result.stderr.contains("All heap blocks were freed"),
                "\(result.stderr.suffix(1500))")
        #expect(result.status == 0, "\(format): \(result.stderr.components(separatedBy: "\n").filter { $0.contains("definitely") || $0.contains(".swift") }.prefix(20).joined(separator: "\n"))")
    }
}
