// Starts the window (plain `tinycollage [FILE…]`).

@MainActor
enum AppLauncher {
    static func run(_ arguments: [String]) -> Int32 {
        Application().run(arguments)
    }
}
