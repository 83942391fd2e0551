// Names the place at a coordinate from GeoNames' cities of 15,000 people or
// more (Debian's libgeonames: 24,361 cities with population, region and
// country, offline), in the user's language where libgeonames' own
// translations have the name, else GeoNames' name. A city only when one is
// near enough to be true; otherwise the country, when every city around is in
// that one country; otherwise (at sea, between countries) nothing. Putting the
// place into a title is TitleSuggestion's and the app's.

internal import CMetadata
import CollageCore
import Foundation

public enum PlaceFinder {
    /// A city farther than this from the photo is not where it was taken.
    public static let cityRadiusKilometres = 30.0
    /// Further out, the nearest city's country, when no other country's
    /// city is within this distance either.
    public static let countryRadiusKilometres = 150.0

    /// The rule: of the cities within the radius, the one with the highest
    /// population ÷ distance^1.5 (distance counted as at least 1 km, so a
    /// photo on a city's centre point does not make it infinitely likely).
    /// People name the largest well-known city around rather than the nearest
    /// point on a map: Kyoto (1.46 M people, 9.7 km) beats Mukō (53,000, 2 km).
    /// Yet a town of its own is not swallowed by a metropolis beyond it:
    /// Kamakura (166,000, 1.2 km) beats Yokohama (3.6 M, 15 km). Population
    /// over distance² would give the suburb; over distance alone, the
    /// metropolis; the power 1.5 between them gives both right.
    static func score(population: Double, kilometres: Double) -> Double {
        population / pow(max(kilometres, 1), 1.5)
    }

    public static func place(near coordinate: Coordinate) -> Place? {
        lock.withLock {
            let cities = table
            var best: (city: City, score: Double)?
            var nearest: (city: City, kilometres: Double)?
            for city in cities {
                let distance = kilometres(coordinate, city)
                if distance < (nearest?.kilometres ?? .infinity) { nearest = (city, distance) }
                guard distance <= cityRadiusKilometres else { continue }
                let value = score(population: city.population, kilometres: distance)
                if value > (best?.score ?? -1) { best = (city, value) }
            }
            if let best {
                return named(best.city).map { .city($0.name, country: $0.country) }
            }
            guard let nearest, nearest.kilometres <= countryRadiusKilometres else { return nil }
            // The nearest city of any other country must be out of reach too.
            let doubt = cities.contains { city in
                city.countryCode != nearest.city.countryCode && kilometres(coordinate, city) <= countryRadiusKilometres
            }
            guard !doubt, let country = named(nearest.city)?.country else { return nil }
            return .country(country)
        }
    }

    /// What the search needs of a city, read from libgeonames once.
    private struct City {
        let index: Int32
        let latitude: Double
        let longitude: Double
        let population: Double
        let countryCode: String
    }

    /// Read once and kept: 24,361 cities, about 2 MB.
    private static let table: [City] = (0..<geonames_get_n_cities()).compactMap { index in
        guard let city = geonames_get_city(index) else { return nil }
        defer { geonames_city_free(city) }
        return City(index: index, latitude: geonames_city_get_latitude(city), longitude: geonames_city_get_longitude(city),
                    population: Double(geonames_city_get_population(city)),
                    countryCode: geonames_city_get_country_code(city).map { String(cString: $0) } ?? "")
    }

    /// The city's and its country's names in the language of the moment
    /// (libgeonames asks its gettext domain for them each time).
    private static func named(_ city: City) -> (name: String, country: String?)? {
        guard let entry = geonames_get_city(city.index) else { return nil }
        defer { geonames_city_free(entry) }
        guard let name = text(geonames_city_get_name(entry)) else { return nil }
        return (name, text(geonames_city_get_country(entry)))
    }

    /// Along the Earth's surface (haversine, on a sphere of the mean radius).
    private static func kilometres(_ coordinate: Coordinate, _ city: City) -> Double {
        let radians = Double.pi / 180
        let φ1 = coordinate.latitude * radians, φ2 = city.latitude * radians
        let Δφ = φ2 - φ1, Δλ = (city.longitude - coordinate.longitude) * radians
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(h)))
    }

    /// libgeonames loads its database on first use and is not known to be
    /// safe for several threads at once.
    private static let lock = NSLock()

    private static func text(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text, text.pointee != 0 else { return nil }
        return String(cString: text)
    }
}
