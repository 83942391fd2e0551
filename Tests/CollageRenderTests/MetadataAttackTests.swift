// Metadata is parsed only in decoder workers, under their limits (issue 19
// points 3 and 4): what Exiv2 throws is caught in C++ (shown here by reading
// the hostile files in this very process, which would abort otherwise),
// quadratic XMP ends at the request's deadline, a huge packet is read no
// further than the limit, and a file that is no image is refused from its
// header before any metadata is parsed.

@testable import CollageRender
import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct MetadataAttackTests {
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    static func readHere(_ path: String) -> (facts: TitleFacts, thrown: String?) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        return MetadataReader.read(fd: fd)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test func exiv2sExceptionsEndInItsOwnLanguage() throws {
        let folder = try FixtureFolder()
        let canon = Self.readHere(try folder.canonAFInfoJPEG())
        #expect(canon.thrown?.contains("range") == true, "Exiv2 threw out_of_range and it was caught: \(canon)")
        #expect(canon.facts == TitleFacts())
        let webp = Self.readHere(try folder.riffSizeWebP())
        #expect(webp.facts == TitleFacts())
    }

    @Test func aCanonMakerNoteCostsNothingInAWorker() throws {
        let folder = try FixtureFolder()
        let answer = try Decoder.isolated().facts(try folder.canonAFInfoJPEG())
        #expect(answer.size == PixelSize(width: 16, height: 16))
        #expect(answer.facts == TitleFacts())
        // The worker is fine: the next photo is read by it as ever.
        let tagged = try folder.tagged("tagged.jpg", taken: "2026:04:03 12:00:00")
        #expect(try Decoder.isolated().facts(tagged).facts.taken == CalendarDay(year: 2026, month: 4, day: 3))
    }

    @Test func quadraticXMPEndsAtTheDeadline() throws {
        let folder = try FixtureFolder()
        // 50,000 properties in 1 MB: half a minute of Exiv2's time on 25f418c.
        let path = try folder.pngWithXMP("xmp.png", FixtureFolder.xmpPacket(properties: 50_000))
        var reason: LoadError.Reason?
        let took = Self.seconds {
            do throws(LoadError) {
                _ = try Decoder.isolated().facts(path)
            } catch {
                reason = error.reason
            }
        }
        #expect(reason == .timedOut)
        #expect(took < DecodePurpose.probe.deadlineSeconds + 5, "took \(took) s")
    }

    @Test func aHugePacketIsReadNoFurtherThanTheLimit() throws {
        let folder = try FixtureFolder()
        // 60 MB of XMP: 620 MB of Exiv2's memory in the app on 25f418c.
        let path = try folder.pngWithXMP("huge.png", FixtureFolder.xmpPacket(properties: 10, padding: 60 << 20))
        #expect(MetadataReader.readLimit < 60 << 20)
        // Exiv2 gets the first 16 MB, in which the packet does not end: at once, nothing.
        var here: (facts: TitleFacts, thrown: String?)?
        let parsing = Self.seconds { here = Self.readHere(path) }
        #expect(here?.facts == TitleFacts())
        #expect(parsing < 1, "took \(parsing) s")
        // In a worker, libpng wades through the chunk before it knows the
        // size; the answer (a size or a reason) still comes by the deadline.
        let took = Self.seconds {
            do throws(LoadError) {
                _ = try Decoder.isolated().facts(path)
            } catch {
                #expect([.timedOut, .notAnImage].contains(error.reason) || { if case .corrupt = error.reason { return true }; return false }(),
                        "\(error)")
            }
        }
        #expect(took < DecodePurpose.probe.deadlineSeconds + 5, "took \(took) s")
    }

    @Test func xmpThatIsNoImageIsRefusedUnparsed() throws {
        let folder = try FixtureFolder()
        let sidecar = try folder.write("photo.xmp", bytes: FixtureFolder.xmpPacket(properties: 50_000))
        var reason: LoadError.Reason?
        let took = Self.seconds {
            do throws(LoadError) {
                _ = try Decoder.isolated().facts(sidecar)
            } catch {
                reason = error.reason
            }
        }
        #expect(reason == .notAnImage)
        // Parsing it would take the deadline's full time.
        #expect(took < 2, "took \(took) s")
    }
}
