// The place a suggested title names, from GeoNames' cities (libgeonames):
// photos tagged by exiftool at famous places are named for their city, the
// rule between a big city and a near suburb holds both ways, and far from
// cities it is the country or nothing.

import CollageCore
import CollageMetadata
import Testing
import TestSupport

@Suite struct PlaceFinderTests {
    func place(_ at: (Double, Double)) -> Place? {
        PlaceFinder.place(near: Coordinate(latitude: at.0, longitude: at.1)!)
    }

    @Test(arguments: TestPlaces.famous)
    func famousPlacesAreNamedFromTheirPhotos(_ place: (name: String, latitude: Double, longitude: Double)) throws {
        let folder = try FixtureFolder()
        let photo = try folder.tagged("photo.jpg", taken: "2026:04:03 12:00:00", latitude: place.latitude, longitude: place.longitude)
        let suggestion = try #require(TitleSuggester.suggestion(for: [photo]))
        #expect(suggestion.places == .one(place.name))
    }

    @Test func aBigCityNearbyBeatsTheSuburbAtHand() throws {
        // Mukō (53,000 people) is 2 km away, Kyoto (1.46 million) 9.7 km.
        #expect(place(TestPlaces.besideMuko) == .city("Kyoto", country: "Japan"))
        // But a town of its own keeps its name beside a metropolis: Kamakura
        // (166,000, 1.6 km) and not Yokohama (3.6 million, 15 km).
        let kamakura = try #require(TestPlaces.famous.first { $0.name == "Kamakura" })
        #expect(place((kamakura.latitude, kamakura.longitude)) == .city("Kamakura", country: "Japan"))
        // Tokyo station is in Tokyo, not in a ward or a neighbour city.
        #expect(place(TestPlaces.tokyo) == .city("Tokyo", country: "Japan"))
    }

    @Test func twoCitiesAreBothNamedAndMoreGiveTheirCountry() throws {
        let folder = try FixtureFolder()
        let cities = try ["Kyoto", "Nara", "Kobe"].map { name in
            let place = try #require(TestPlaces.famous.first { $0.name == name })
            return try folder.tagged("\(name).jpg", latitude: place.latitude, longitude: place.longitude)
        }
        #expect(TitleSuggester.suggestion(for: Array(cities.prefix(2)))?.places == .two("Kyoto", "Nara"))
        #expect(TitleSuggester.suggestion(for: cities)?.places == .one("Japan"))
    }

    @Test func farFromCitiesTheCountryWhenItIsClearAndNothingAtSea() {
        // 61 km from Narón, and no other country's city within 150 km.
        #expect(place(TestPlaces.offGalicia) == .country("Spain"))
        // Between Sweden and Finland: either would be a guess.
        #expect(place(TestPlaces.bothnia) == nil)
        #expect(place(TestPlaces.ocean) == nil)
        // The poles and the date line are no trouble for the distance.
        #expect(place((90, 0)) == nil && place((-90, 180)) == nil && place((0, 180)) == nil)
    }
}
