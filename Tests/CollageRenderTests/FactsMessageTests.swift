// The facts reply (issue 19 point 3) as the app reads it from a worker that
// may be compromised: a day that exists and a place on the globe come
// through, anything else makes the whole reply a broken worker's.

@testable import CollageRender
import CollageCore
import Testing

@Suite struct FactsMessageTests {
    static func envelope(_ reply: DecodeMessage.Reply) -> [UInt8] {
        DecodeMessage.encode(DecodeMessage.Envelope(reply: reply, cpuMilliseconds: 1, peakResidentKiB: 1))
    }

    @Test func realFactsComeThrough() {
        let day = CalendarDay(year: 2026, month: 4, day: 3)
        let place = Coordinate(latitude: -33.86, longitude: 151.21)
        for reply in [DecodeMessage.Reply.facts(PixelSize(width: 6000, height: 4000), taken: day, coordinate: place),
                      .facts(PixelSize(width: 1, height: 1), taken: nil, coordinate: nil)] {
            #expect(DecodeMessage.decodeReply(Self.envelope(reply))?.reply == reply)
        }
    }

    @Test func aDayThatIsNoneOrAPlaceOffTheGlobeIsRefused() {
        let good = Self.envelope(.facts(PixelSize(width: 10, height: 10), taken: CalendarDay(year: 2026, month: 4, day: 3),
                                        coordinate: Coordinate(latitude: 10, longitude: 20)))
        // After magic, version, two accounts and the tag: width, height, parts, year, month, day, latitude, longitude.
        let parts = 4 + 2 + 8 + 8 + 2 + 8
        func changed(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            var copy = good
            copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return copy
        }
        #expect(DecodeMessage.decodeReply(good) != nil)
        #expect(DecodeMessage.decodeReply(changed(parts, [0xFF])) == nil, "unknown parts")
        #expect(DecodeMessage.decodeReply(changed(parts + 5, [13])) == nil, "month 13")
        #expect(DecodeMessage.decodeReply(changed(parts + 6, [31])) == nil, "30 days hath April")
        let nan = Double.nan.bitPattern, far = 200.0.bitPattern
        let le: (UInt64) -> [UInt8] = { v in (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        #expect(DecodeMessage.decodeReply(changed(parts + 7, le(nan))) == nil, "latitude NaN")
        #expect(DecodeMessage.decodeReply(changed(parts + 15, le(far))) == nil, "longitude 200°")
        #expect(DecodeMessage.decodeReply(Array(good.dropLast())) == nil, "cut short")
    }
}
