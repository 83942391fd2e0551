// A decoder worker that cannot be started, or that sends pixels the app must
// refuse, keeps its reason (issue 19 point 8): the photo gets a LoadError,
// and the log says what happened — the program that could not be started and
// why, or what the worker sent. The misbehaving worker is a small Python
// program speaking the real protocol on the real socket (the bytes come from
// DecodeMessage itself), sending a real memfd that is wrong in one way.

@testable import CollageRender
import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct WorkerErrorTests {
    /// Announces itself, takes one request and answers it with an image
    /// header and a memfd of `size` bytes (sealable or not).
    static let pixelsWorker = """
        import os, socket, sys
        s = socket.socket(fileno=3)
        s.send(bytes.fromhex(sys.argv[1]))
        socket.recv_fds(s, 65536, 1)
        fd = os.memfd_create("pixels", os.MFD_ALLOW_SEALING if sys.argv[4] == "sealable" else 0)
        os.ftruncate(fd, int(sys.argv[3]))
        socket.send_fds(s, [bytes.fromhex(sys.argv[2])], [fd])
        s.recv(1)
        """

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [(100, "sealable", "100 bytes of pixels for an image of 16000"),
                      (1 << 20, "sealable", "1048576 bytes of pixels for an image of 16000"),
                      (16000, "not sealable", "a descriptor that cannot be sealed")])
    func pixelsThatCannotBeUsedAreRefusedAndTheLogSaysWhy(size: Int, sealing: String, said: String) throws {
        let envelope = { (reply: DecodeMessage.Reply) in
            Self.hex(DecodeMessage.encode(DecodeMessage.Envelope(reply: reply, cpuMilliseconds: 1, peakResidentKiB: 1)))
        }
        // 100×40 ARGB: a stride of 400 bytes, 16000 in all.
        let header = DecodeMessage.ImageHeader(width: 100, height: 40, stride: 400, isOpaque: true,
                                               originalSize: PixelSize(width: 100, height: 40), swapsAxes: false)
        let worker = try WorkerProcess.spawn(executable: "/usr/bin/python3",
                                             arguments: ["-c", Self.pixelsWorker, envelope(.ready(baselineBytes: 0)),
                                                         envelope(.image(header)), String(size), sealing],
                                             sandbox: .limitsOnly("a test"))
        let photo = open("/dev/null", O_RDONLY)
        defer { close(photo) }
        var outcome: WorkerProcess.Outcome?
        let logged = LogCapture.messages {
            outcome = worker.perform(DecodeMessage.Request(kind: .decode), file: photo, deadlineSeconds: 20)
        }
        guard case .lost(.crashed) = outcome else {
            Issue.record("pixels of \(size) bytes (\(sealing)) were taken: \(String(describing: outcome))")
            return
        }
        #expect(!worker.isAlive, "a worker that sends such pixels is stopped")
        #expect(logged.contains { $0.contains("decoder worker \(worker.pid) sent") && $0.contains(said) }, "\(logged)")
    }

    @Test(arguments: [false, true])
    func aWorkerThatCannotBeStartedIsNamedWithItsReason(throughBubblewrap: Bool) throws {
        if throughBubblewrap, case .limitsOnly = WorkerSandbox.mode() { return }  // no user namespaces here
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red")
        let missing = folder.file("no-such-decoder")
        // Without bubblewrap posix_spawn says ENOENT; through it, bwrap's last words name the program.
        let mode: WorkerSandbox.Mode = throughBubblewrap ? WorkerSandbox.mode() : .limitsOnly("a test")
        let pool = DecoderPool(executable: missing, sandbox: mode)
        var thrown: LoadError?
        let logged = LogCapture.messages {
            do throws(LoadError) {
                _ = try Decoder.isolated(pool: pool).probe(red)
            } catch {
                thrown = error
            }
        }
        #expect(thrown?.path == red, "the photo is named: \(String(describing: thrown))")
        #expect(logged.contains { $0.contains("decoder worker") && $0.contains(missing) }, "\(logged)")
        if !throughBubblewrap {
            #expect(thrown?.reason == .ioError("the image reader could not be started (\(missing): No such file or directory)"),
                    "\(String(describing: thrown))")
            let prestarted = LogCapture.messages { DecoderPool(executable: missing, sandbox: mode).prestart(upTo: 1) }
            #expect(prestarted.contains { $0.contains("could not be started") && $0.contains("No such file or directory") },
                    "\(prestarted)")
        }
    }
}
