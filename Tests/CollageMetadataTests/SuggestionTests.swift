// Suggestions from real photos tagged by exiftool: what the metadata says is
// read back (date, GPS), places are named only when near a known city, and
// photos that say nothing suggest nothing.

import CollageCore
import CollageMetadata
import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct SuggestionTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d)! }

    @Test func theDateAndPlaceAreReadFromTheFile() throws {
        let folder = try FixtureFolder()
        let path = try folder.tagged("paris.jpg", taken: "2026:04:03 10:15:00", latitude: TestPlaces.paris.0,
                                     longitude: TestPlaces.paris.1)
        let facts = try PhotoMetadata.read(path: path)
        #expect(facts.taken == day(2026, 4, 3))
        let coordinate = try #require(facts.coordinate)
        #expect(abs(coordinate.latitude - 48.8584) < 1e-4 && abs(coordinate.longitude - 2.2945) < 1e-4)
        // Read in a decoder worker, with the header's size in the same answer.
        let both = try Decoder.isolated().facts(path)
        #expect(both.size == PixelSize(width: 64, height: 48) && both.facts == facts)
    }

    @Test func westAndSouthAreNegative() throws {
        let folder = try FixtureFolder()
        let path = try folder.tagged("sydney.jpg", latitude: -33.8688, longitude: -151.2093)
        let coordinate = try #require(try PhotoMetadata.read(path: path).coordinate)
        #expect(coordinate.latitude < -33 && coordinate.longitude < -151)
    }

    @Test func parisInApril() throws {
        let folder = try FixtureFolder()
        let photos = try [3, 4, 5].map { d in
            try folder.tagged("p\(d).jpg", taken: "2026:04:0\(d) 12:00:00", latitude: TestPlaces.paris.0, longitude: TestPlaces.paris.1)
        }
        let suggestion = try #require(TitleSuggester.suggestion(for: photos))
        #expect(suggestion.places == .one("Paris"))
        #expect(suggestion.time == .days(day(2026, 4, 3), day(2026, 4, 5)))
    }

    @Test func acrossTwoMonths() throws {
        let folder = try FixtureFolder()
        let photos = [
            try folder.tagged("a.jpg", taken: "2026:03:30 09:00:00", latitude: TestPlaces.paris.0, longitude: TestPlaces.paris.1),
            try folder.tagged("b.jpg", taken: "2026:04:02 18:00:00", latitude: TestPlaces.paris.0, longitude: TestPlaces.paris.1),
        ]
        #expect(TitleSuggester.suggestion(for: photos)?.time == .days(day(2026, 3, 30), day(2026, 4, 2)))
    }

    @Test func inTheMiddleOfTheOceanThereIsNoPlace() throws {
        let folder = try FixtureFolder()
        let photo = try folder.tagged("sea.jpg", taken: "2026:04:03 12:00:00", latitude: TestPlaces.ocean.0, longitude: TestPlaces.ocean.1)
        #expect(PlaceFinder.place(near: Coordinate(latitude: TestPlaces.ocean.0, longitude: TestPlaces.ocean.1)!) == nil)
        let suggestion = try #require(TitleSuggester.suggestion(for: [photo]))
        #expect(suggestion.places == nil)
        #expect(suggestion.time == .day(day(2026, 4, 3)))
        // With no date either, nothing at all.
        let dateless = try folder.tagged("sea2.jpg", latitude: TestPlaces.ocean.0, longitude: TestPlaces.ocean.1)
        #expect(TitleSuggester.suggestion(for: [dateless]) == nil)
    }

    @Test func photosWithoutMetadataSuggestNothing() throws {
        let folder = try FixtureFolder()
        let plain = try folder.solid("plain.jpg", colour: "green")
        let png = try folder.solid("plain.png", colour: "green")
        #expect(try PhotoMetadata.read(path: plain) == TitleFacts())
        #expect(TitleSuggester.suggestion(for: [plain, png]) == nil)
    }

    @Test func filesThatAreNotPhotosSayNothingAndMissingOnesAreErrors() throws {
        let folder = try FixtureFolder()
        let text = try folder.write("notes.jpg", bytes: Array("not a photo at all".utf8))
        let empty = try folder.write("empty.jpg", bytes: [])
        let bomb = try folder.jpegBomb("bomb.jpg", width: 60000, height: 60000)
        let truncated = try folder.truncated(try folder.tagged("t.jpg", taken: "2026:04:03 12:00:00"), to: "cut.jpg", keeping: 0.1)
        for path in [text, empty, bomb, truncated, folder.path] {
            #expect(try PhotoMetadata.read(path: path).coordinate == nil, "\(path)")
        }
        #expect(throws: PhotoMetadata.ReadError.self) { try PhotoMetadata.read(path: folder.file("gone.jpg")) }
        #expect(TitleSuggester.suggestion(for: [text, folder.file("gone.jpg")]) == nil)
    }

    @Test func aPhotoBeyondTheReadLimitStillSaysWhatItsStartSays() throws {
        // A JPEG's EXIF is at its start: a huge file (padded at its end, as a
        // motion photo's trailing video is) is read up to the limit and no further.
        let folder = try FixtureFolder()
        let path = try folder.tagged("big.jpg", taken: "2026:04:03 12:00:00")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(PhotoMetadata.readLimit) * 2)
        try handle.close()
        #expect(try PhotoMetadata.read(path: path).taken == day(2026, 4, 3))
    }

    @Test func hostileValuesInTheTagsAreRefused() throws {
        let folder = try FixtureFolder()
        let blank = try folder.tagged("blank.jpg", taken: "0000:00:00 00:00:00")
        let nonsense = try folder.tagged("nonsense.jpg", taken: "2026:02:30 25:61:00")
        #expect(try PhotoMetadata.read(path: blank).taken == nil)
        #expect(try PhotoMetadata.read(path: nonsense).taken == nil)
        // A latitude of 200° is off the globe: exiftool writes it, we ignore it.
        let path = try folder.solid("off.jpg", colour: "red")
        _ = try run("/usr/bin/exiftool", ["-overwrite_original", "-n", "-GPSLatitude=200", "-GPSLatitudeRef=N",
                                         "-GPSLongitude=10", "-GPSLongitudeRef=E", path])
        #expect(try PhotoMetadata.read(path: path).coordinate == nil)
    }
}
