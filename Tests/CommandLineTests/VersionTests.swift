// The version has one number, written in three places that cannot share a
// file: the program (AppInfo, shown by --version and About), the metainfo's
// newest <release> (software centres, Flathub) and debian/changelog (the
// package). These tests fail when any two of them part, and read each the
// way its own tools do: the binary as a user runs it, the files as text.

import Foundation
import Testing
import TestSupport

/// The source tree: three folders above this file.
private let sourceRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func text(_ relative: String) throws -> String {
    try String(contentsOf: sourceRoot.appendingPathComponent(relative), encoding: .utf8)
}

/// Each `<release version="…" date="…">` of the metainfo, in the file's order.
private func metainfoReleases() throws -> [(version: String, date: String)] {
    let xml = try text("data/io.github.tinycollage.TinyCollage.metainfo.xml")
    let pattern = try Regex(#"<release\s+version="([^"]+)"\s+date="([^"]+)""#)
    return xml.matches(of: pattern).map { match in
        (String(match.output[1].substring ?? ""), String(match.output[2].substring ?? ""))
    }
}

/// The newest entry of debian/changelog: its upstream version (before the
/// Debian revision) and its day, as YYYY-MM-DD.
private func changelogNewest() throws -> (version: String, date: String) {
    let changelog = try text("debian/changelog")
    let first = try #require(changelog.split(separator: "\n").first)
    let version = try #require(first.firstMatch(of: #/^tinycollage \(([^)]+)\)/#)?.output.1)
    let trailer = try #require(changelog.firstMatch(of: #/\n -- .+>  \w{3}, (\d{1,2}) (\w{3}) (\d{4}) /#))
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let month = try #require(months.firstIndex(of: String(trailer.output.2))) + 1
    let day = try #require(Int(trailer.output.1))
    let upstream = String(version.split(separator: "-").first ?? version)
    return (upstream, "\(trailer.output.3)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)")
}

@Suite struct VersionTests {
    @Test func versionPrintsNameAndVersionAsGNUProgramsDo() throws {
        let result = try tinycollage(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("tinycollage (TinyCollage) ") == true, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("License GPLv3+") }, "\(result.stdout)")
    }

    @Test func programMetainfoAndChangelogAgree() throws {
        let printed = try tinycollage(["--version"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
        let program = String(printed.split(separator: " ").last ?? "")
        let newest = try #require(try metainfoReleases().first)
        let changelog = try changelogNewest()
        #expect(program == newest.version, "--version says \(program), the metainfo's newest release is \(newest.version)")
        #expect(program == changelog.version, "--version says \(program), debian/changelog \(changelog.version)")
        #expect(newest.date == changelog.date, "released \(newest.date) in the metainfo, \(changelog.date) in debian/changelog")
    }

    /// AppStream reads the first <release> as the newest: they must be in order.
    @Test func metainfoReleasesAreNewestFirst() throws {
        let dates = try metainfoReleases().map(\.date)
        #expect(!dates.isEmpty)
        #expect(dates == dates.sorted(by: >), "\(dates)")
    }
}
