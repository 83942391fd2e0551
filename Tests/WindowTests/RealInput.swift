// Real X input for the window tests, through xdotool (XTEST): the pointer
// moves, presses and lets go in steps as a hand does, keys are pressed on the
// focused window. Positions are window coordinates as the state dump gives
// them; the window's place on the screen is read from X once. Every gesture
// ends by letting the app handle it (`idle`), so a test reads the outcome.

import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppUnderTest {
    /// Runs xdotool; a failure is a test failure, and a wait that never ends
    /// (its --sync options wait for the X server) is cut off after 15 s.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool"] + arguments)
        if result.status != 0 { throw AppError(description: "xdotool \(arguments): \(result.stderr)") }
        return result.stdout
    }

    /// The app's main X window (popovers and dialogs have windows of their own),
    /// titled "TinyCollage", or "NAME — TinyCollage" for a project. --all: of
    /// this process *and* of that name (xdotool's default takes either, and so
    /// any of the app's windows, a dialog's too).
    func window() throws -> String {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--all", "--sync", "--onlyvisible",
                                                  "--pid", String(process.processIdentifier), "--name", "^(.* — )?TinyCollage$"])
        guard let window = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no window found: \(search.stderr)")
        }
        return window
    }

    /// Where the window's content starts on the screen.
    func screenOrigin(_ state: AppState) throws -> (x: Double, y: Double) {
        let geometry = try xdotool(["getwindowgeometry", "--shell", try window()])
        func value(_ key: String) -> Double {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) } ?? 0
        }
        return (value("X") + state.surfaceOffset.0, value("Y") + state.surfaceOffset.1)
    }

    /// A point of the window (dump coordinates) on the screen, for xdotool.
    func screenPoint(_ point: (Double, Double), state: AppState) throws -> (Int, Int) {
        let (x, y) = try screen(point, state)
        return (Int(x)!, Int(y)!)
    }

    private func screen(_ point: (Double, Double), _ state: AppState) throws -> (String, String) {
        let origin = try screenOrigin(state)
        return (String(Int((origin.x + point.0).rounded())), String(Int((origin.y + point.1).rounded())))
    }

    /// Gives the window the keyboard focus (there is no window manager to do it).
    func focusWindow() throws {
        try xdotool(["windowfocus", "--sync", try window()])
    }

    /// Presses key combinations (xdotool names: "ctrl+z", "alt+Left", "Delete") on the window.
    func key(_ combos: String...) throws {
        try focusWindow()
        try xdotool(["key", "--delay", "40"] + combos)
        usleep(60_000)
    }

    /// Types text into whatever has the focus.
    func type(_ text: String) throws {
        try focusWindow()
        try xdotool(["type", "--delay", "30", text])
        usleep(60_000)
    }

    /// Moves the pointer to `point` without pressing.
    func hover(_ point: (Double, Double), state: AppState) throws {
        let (x, y) = try screen(point, state)
        try movePointer(to: (Int(x)!, Int(y)!))
        usleep(80_000)
    }

    /// xdotool's --sync waits for the pointer to leave where it was: for ever
    /// when it is already at the target, so that case is not a move at all.
    func movePointer(to point: (Int, Int)) throws {
        let location = try xdotool(["getmouselocation", "--shell"])
        func value(_ key: String) -> Int? {
            location.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        if value("X") == point.0, value("Y") == point.1 { return }
        try xdotool(["mousemove", "--sync", String(point.0), String(point.1)])
    }

    /// A click (button 1 left, 3 right) at `point`; `count` 2 is a double-click.
    func click(_ point: (Double, Double), state: AppState, button: Int = 1, count: Int = 1) throws {
        try hover(point, state: state)
        try xdotool(["click", "--repeat", String(count), "--delay", "60", String(button)])
        usleep(120_000)
    }

    /// Wheel steps at `point`: up (button 4) or down (button 5).
    func scroll(at point: (Double, Double), state: AppState, up: Bool, steps: Int = 1) throws {
        try hover(point, state: state)
        for _ in 0..<steps {
            try xdotool(["click", up ? "4" : "5"])
            usleep(40_000)
        }
        usleep(100_000)
    }

    /// A pointer drag from `start` to `end`, pressing, moving in steps and letting go.
    func drag(from start: (Double, Double), to end: (Double, Double), state: AppState, steps: Int = 14) throws {
        let (x0, y0) = try screen(start, state)
        let (x1, y1) = try screen(end, state)
        try dragOnScreen(from: (Int(x0)!, Int(y0)!), to: (Int(x1)!, Int(y1)!), steps: steps)
    }

    /// The same between two points of the screen (from one window to another).
    func dragOnScreen(from start: (Int, Int), to end: (Int, Int), steps: Int = 14) throws {
        try movePointer(to: start)
        try xdotool(["mousedown", "1"])
        for step in 1...steps {
            try xdotool(["mousemove", String(start.0 + (end.0 - start.0) * step / steps),
                         String(start.1 + (end.1 - start.1) * step / steps)])
            usleep(35_000)
        }
        usleep(150_000)
        try xdotool(["mouseup", "1"])
        usleep(300_000)
    }
}
