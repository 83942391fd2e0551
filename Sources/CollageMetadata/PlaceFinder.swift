// Names the place at a coordinate from libgweather's offline database of
// the world's cities (the one GNOME Weather uses), in the user's language
// when the database has it. A city only when it is near enough to be true;
// otherwise the country, when every city around is in that one country;
// otherwise nothing. Nothing leaves the computer.

internal import CMetadata
import CollageCore
import Foundation

public enum PlaceFinder {
    /// A photo taken this close to a known city is said to be in it.
    public static let cityRadiusKilometres = 50.0
    /// Further out, the nearest city's country, when no other country's
    /// city is within this distance either.
    public static let countryRadiusKilometres = 150.0

    public static func place(near coordinate: Coordinate) -> Place? {
        lock.withLock {
            guard let world = gweather_location_get_world() else { return nil }
            defer { unref(world) }
            guard let city = gweather_location_find_nearest_city(world, coordinate.latitude, coordinate.longitude) else {
                return nil
            }
            defer { unref(city) }
            let distance = kilometres(from: coordinate, to: city)
            let country = takeString(gweather_location_get_country_name(city))
            if distance <= cityRadiusKilometres, let name = string(gweather_location_get_name(city)) {
                return .city(name, country: country)
            }
            guard distance <= countryRadiusKilometres, let country,
                  let code = gweather_location_get_country(city) else { return nil }
            // The nearest city of any other country must be out of reach too.
            let box = Unmanaged.passRetained(CountryFilter(String(cString: code)))
            let other = gweather_location_find_nearest_city_full(world, coordinate.latitude, coordinate.longitude, { location, data in
                // Asked of every level from the world down: skip the one country, descend into the rest.
                let filter = Unmanaged<CountryFilter>.fromOpaque(data!).takeUnretainedValue()
                guard let location, let code = gweather_location_get_country(location) else { return 1 }
                return String(cString: code) == filter.excluded ? 0 : 1
            }, box.toOpaque(), { data in Unmanaged<CountryFilter>.fromOpaque(data!).release() })
            defer { if let other { unref(other) } }
            if let other, kilometres(from: coordinate, to: other) <= countryRadiusKilometres { return nil }
            return .country(country)
        }
    }

    private final class CountryFilter {
        let excluded: String
        init(_ excluded: String) { self.excluded = excluded }
    }

    /// libgweather measures along the Earth's surface between two locations.
    private static func kilometres(from coordinate: Coordinate, to location: OpaquePointer) -> Double {
        let here = gweather_location_new_detached("", nil, coordinate.latitude, coordinate.longitude)!
        defer { unref(here) }
        return gweather_location_get_distance(here, location)
    }

    /// The database is loaded once and is not meant for several threads at once.
    private static let lock = NSLock()

    private static func unref(_ object: OpaquePointer) { g_object_unref(UnsafeMutableRawPointer(object)) }
    private static func string(_ text: UnsafePointer<CChar>?) -> String? { text.map { String(cString: $0) } }
    private static func takeString(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }
}
