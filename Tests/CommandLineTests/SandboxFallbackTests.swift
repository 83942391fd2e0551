// Where user namespaces are forbidden (some containers), decoder workers run
// with their limits and filter alone, the collage is still made, and the log
// says so once — not once per worker (issue 19 point 2). The forbidding is
// real: the command runs in a user namespace of its own whose limit on
// further user namespaces is 0, as a container's would be.

import Foundation
import Testing
import TestSupport

@Suite struct SandboxFallbackTests {
    static let fallbackWords = "decoder workers run without bubblewrap"

    @Test func withoutUserNamespacesTheCollageIsMadeAndTheLogSaysSoOnce() throws {
        let folder = try FixtureFolder()
        let photos = try ["red", "lime", "blue", "yellow"].map { try folder.solid("\($0).jpg", colour: $0) }
        let output = folder.file("c.png")
        let script = "echo 0 > /proc/sys/user/max_user_namespaces && exec \"$@\""
        let result = try run("/usr/bin/unshare", ["--user", "--map-root-user", "/bin/sh", "-c", script, "sh",
                                                  binary, "render", "--output", output] + photos)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.exists("c.png"))
        let said = result.stderr.components(separatedBy: Self.fallbackWords).count - 1
        #expect(said == 1, "said \(said) times: \(result.stderr)")
        #expect(result.stderr.contains("max_*_namespaces"), "bwrap's own reason is given: \(result.stderr)")
    }

    @Test func withUserNamespacesNothingIsSaid() throws {
        let folder = try FixtureFolder()
        let photos = try ["red", "blue"].map { try folder.solid("\($0).jpg", colour: $0) }
        let result = try tinycollage(["render", "--output", folder.file("c.png")] + photos)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains(Self.fallbackWords), "\(result.stderr)")
    }
}
