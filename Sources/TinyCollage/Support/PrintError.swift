// A line on standard error: the command line's words to the person who ran
// it, and the window's note of what it also said on screen. The words are the
// caller's; this only writes them, whole, with their newline.

import Foundation

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
