// Names and numbers that identify the app to the desktop.

enum AppInfo {
    static let id = "io.github.tinycollage.TinyCollage"
    static let version = "0.1.0"
    static let name = "TinyCollage"
}
