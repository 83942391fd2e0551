// Where `tinycollage suggest-title` says photos were taken, as a user runs
// it on photos tagged by exiftool: famous places on five continents, the big
// city over the near suburb, the country far from cities, nothing at sea,
// and the names in Japanese from libgeonames' own translations.

import Foundation
import Testing
import TestSupport

extension TitleCommandTests {
    @Test(arguments: TestPlaces.famous)
    func famousPlacesAreNamed(_ place: (name: String, latitude: Double, longitude: Double)) throws {
        let folder = try FixtureFolder()
        let photo = try folder.tagged("photo.jpg", taken: "2026:04:03 12:00:00", latitude: place.latitude, longitude: place.longitude)
        let result = try headless(["suggest-title", photo])
        #expect(result.status == 0 && result.stdout == "\(place.name), 3 April 2026\n", "\(result.stdout) \(result.stderr)")
    }

    @Test(arguments: [
        ("Kyoto", "京都市"), ("Kobe", "神戸市"), ("Yokohama", "横浜市"), ("Kamakura", "鎌倉市"),
        ("Paris", "パリ"), ("Bruges", "ブルッヘ"), ("Siena", "シエーナ"), ("Rio de Janeiro", "リオデジャネイロ"),
    ])
    func namesAreInTheUsersLanguage(_ english: String, _ japanese: String) throws {
        let place = try #require(TestPlaces.famous.first { $0.name == english })
        let folder = try FixtureFolder()
        let photo = try folder.tagged("photo.jpg", taken: "2026:04:03 12:00:00", latitude: place.latitude, longitude: place.longitude)
        let result = try headless(["suggest-title", photo], language: "ja")
        #expect(result.stdout == "\(japanese)、2026年4月3日\n", "\(result.stdout) \(result.stderr)")
    }

    @Test func theBigCityNearbyOverTheSuburbAtHand() throws {
        let folder = try FixtureFolder()
        let photo = try folder.tagged("muko.jpg", taken: "2026:04:03 12:00:00", latitude: TestPlaces.besideMuko.0,
                                      longitude: TestPlaces.besideMuko.1)
        #expect(try headless(["suggest-title", photo]).stdout == "Kyoto, 3 April 2026\n")
    }

    @Test func theCountryFarFromCitiesAndNothingAtSea() throws {
        let folder = try FixtureFolder()
        let boat = try folder.tagged("boat.jpg", taken: "2026:04:03 12:00:00", latitude: TestPlaces.offGalicia.0,
                                     longitude: TestPlaces.offGalicia.1)
        #expect(try headless(["suggest-title", boat]).stdout == "Spain, 3 April 2026\n")
        #expect(try headless(["suggest-title", boat], language: "ja").stdout == "スペイン、2026年4月3日\n")
        let between = try folder.tagged("gulf.jpg", taken: "2026:04:03 12:00:00", latitude: TestPlaces.bothnia.0,
                                        longitude: TestPlaces.bothnia.1)
        #expect(try headless(["suggest-title", between]).stdout == "3 April 2026\n")
        let sea = try folder.tagged("sea.jpg", latitude: TestPlaces.ocean.0, longitude: TestPlaces.ocean.1)
        let nothing = try headless(["suggest-title", sea])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty, "\(nothing.stdout)")
    }
}
