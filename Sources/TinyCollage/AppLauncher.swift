// Starts the window. Until the window lands, plain `tinycollage` prints help.

enum AppLauncher {
    static func run(_ arguments: [String]) -> Int32 {
        print(mainHelp())
        return 0
    }
}
