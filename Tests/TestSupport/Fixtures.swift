// Real image files for tests, made by ImageMagick and exiftool (installed by
// `make check`), in a fresh temporary folder per test; and a way to run a
// program and read what it said. Tests own their folder and remove it.

import Foundation

public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

@discardableResult
public func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, or a chatty child blocks.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// A program of this build, beside the test bundle (or $TINYCOLLAGE_BIN for `tinycollage`).
public func builtProgram(_ name: String = "tinycollage") -> String {
    if name == "tinycollage", let path = ProcessInfo.processInfo.environment["TINYCOLLAGE_BIN"] { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
}

public enum FixtureError: Error, CustomStringConvertible {
    case toolFailed(String, String)
    public var description: String {
        switch self {
        case let .toolFailed(tool, message): return "\(tool) failed: \(message)"
        }
    }
}

public final class FixtureFolder {
    public let path: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tinycollage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(file(name), &info) == 0
    }

    /// Every entry in the folder, hidden ones too (to spot leftover temporary files).
    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// ImageMagick `convert` with these arguments, writing `name`.
    @discardableResult
    public func convert(_ arguments: [String], to name: String) throws -> String {
        let result = try run("/usr/bin/convert", arguments + [file(name)])
        guard result.status == 0 else { throw FixtureError.toolFailed("convert", result.stderr) }
        return file(name)
    }

    /// A solid-colour image (format from the name's extension).
    @discardableResult
    public func solid(_ name: String, colour: String, width: Int = 120, height: Int = 80) throws -> String {
        try convert(["-size", "\(width)x\(height)", "xc:\(colour)", "-quality", "100"], to: name)
    }

    /// Writes raw bytes.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// The first `count` bytes of another fixture.
    @discardableResult
    public func truncated(_ source: String, to name: String, keeping fraction: Double) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        return try write(name, bytes: Array(data.prefix(Int(Double(data.count) * fraction))))
    }

    /// Sets the EXIF orientation tag (1...8) with exiftool.
    public func setOrientation(_ name: String, _ orientation: Int) throws {
        let result = try run("/usr/bin/exiftool", ["-overwrite_original", "-n", "-Orientation=\(orientation)", file(name)])
        guard result.status == 0 else { throw FixtureError.toolFailed("exiftool", result.stderr) }
    }

    /// A PNG whose header claims `width`×`height` and holds no pixel data:
    /// a decompression bomb as far as any reader that trusts the header knows.
    @discardableResult
    public func pngBomb(_ name: String, width: UInt32, height: UInt32) throws -> String {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        let ihdr = be(13) + body + be(crc32(body))
        let idatBody: [UInt8] = Array("IDAT".utf8) + [0x78, 0x9C, 0x03, 0x00]
        let idat = be(4) + idatBody + be(crc32(idatBody))
        return try write(name, bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + idat)
    }

    /// A real JPEG whose frame header is patched to claim `width`×`height`.
    @discardableResult
    public func jpegBomb(_ name: String, width: UInt16, height: UInt16) throws -> String {
        let source = try solid("bomb-source.jpg", colour: "orange", width: 64, height: 64)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
        guard let sof = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        else { throw FixtureError.toolFailed("jpegBomb", "no frame header") }
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return try write(name, bytes: bytes)
    }

    /// An image whose four quadrants are red, green, blue and white (TL, TR, BL, BR)
    /// when upright, stored so that EXIF orientation `orientation` turns it upright.
    @discardableResult
    public func orientedQuadrants(_ name: String, orientation: Int, width: Int = 80, height: Int = 40) throws -> String {
        let w = width / 2, h = height / 2
        // The inverse of what each orientation asks a viewer to do.
        let inverse: [Int: [String]] = [
            1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"],
            5: ["-transpose"], 6: ["-rotate", "-90"], 7: ["-transverse"], 8: ["-rotate", "90"],
        ]
        try convert(["(", "-size", "\(w)x\(h)", "xc:red", "-size", "\(w)x\(h)", "xc:lime", "+append", ")",
                     "(", "-size", "\(w)x\(h)", "xc:blue", "-size", "\(w)x\(h)", "xc:white", "+append", ")",
                     "-append"] + inverse[orientation]! + ["-quality", "100"], to: name)
        try setOrientation(name, orientation)
        return file(name)
    }
}

/// Reads one pixel of an image file with ImageMagick (a decoder other than ours), 0...255 per channel.
public func pixelWithImageMagick(_ path: String, x: Int, y: Int) throws -> (r: Int, g: Int, b: Int, a: Int) {
    let p = "p{\(x),\(y)}"
    let format = ["r", "g", "b", "a"].map { "%[fx:round(255*\(p).\($0))]" }.joined(separator: " ")
    let result = try run("/usr/bin/convert", [path, "-alpha", "on", "-format", format, "info:"])
    guard result.status == 0 else { throw FixtureError.toolFailed("convert", result.stderr) }
    let v = result.stdout.split(separator: " ").map { Int($0) ?? -1 }
    guard v.count == 4 else { throw FixtureError.toolFailed("convert", result.stdout) }
    return (v[0], v[1], v[2], v[3])
}

/// The name in `palette` of the colour nearest `pixel` (sum of channel differences).
public func nearestName(_ pixel: (r: Int, g: Int, b: Int, a: Int), among palette: [(String, (Int, Int, Int))]) -> String {
    func distance(_ c: (Int, Int, Int)) -> Int { abs(c.0 - pixel.r) + abs(c.1 - pixel.g) + abs(c.2 - pixel.b) }
    return palette.min { distance($0.1) < distance($1.1) }!.0
}

/// Width, height and format of an image file, as ImageMagick's identify sees it.
public func identify(_ path: String) throws -> (width: Int, height: Int, format: String) {
    let result = try run("/usr/bin/identify", ["-format", "%w %h %m", path])
    guard result.status == 0 else { throw FixtureError.toolFailed("identify", result.stderr) }
    let parts = result.stdout.split(separator: " ")
    return (Int(parts[0]) ?? 0, Int(parts[1]) ?? 0, String(parts[2]))
}

/// CRC-32 as PNG chunks use it.
public func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
}

/// Runs a program with arguments given as raw bytes (Process only takes
/// Strings, which cannot hold file names that are not UTF-8).
public func runWithRawArguments(_ executable: String, _ arguments: [[UInt8]], environment: [String: String]) throws -> ProcessOutput {
    let folder = try FixtureFolder()
    let out = folder.file("stdout"), err = folder.file("stderr")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([Array(executable.utf8)] + arguments).map { bytes in
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        return p
    } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { $0?.deallocate() }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw FixtureError.toolFailed(executable, String(cString: strerror(spawned))) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ProcessOutput(status: code, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                         stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

/// Renames a fixture to a name made of raw bytes (e.g. not UTF-8); returns the byte path.
public func renameToBytes(_ path: String, folder: FixtureFolder, name: [UInt8]) -> [UInt8] {
    let target = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
    let cTarget = target.map { CChar(bitPattern: $0) } + [0]
    rename(path, cTarget)
    return target
}
