// Names and numbers that identify the app to the desktop. The version is the
// one number that data/…metainfo.xml's newest <release> and debian/changelog
// also carry; Tests/CommandLineTests/VersionTests.swift fails when they part.

enum AppInfo {
    static let id = "io.github.tinycollage.TinyCollage"
    static let version = "0.1.0"
    static let name = "TinyCollage"

    /// What `tinycollage --version` prints, as GNU programs do: a first line
    /// whose last word is the version (help2man and scripts read it), then
    /// copyright and licence. Not translated: it is read by programs too.
    static let versionText = """
        tinycollage (\(name)) \(version)
        Copyright (C) 2026 TinyCollage engineers
        License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
        This is free software: you are free to change and redistribute it.
        There is NO WARRANTY, to the extent permitted by law.
        """
}
