// Photos tagged with where and when they were taken, by exiftool (not by our
// code), for the title suggestion's tests.

import Foundation

extension FixtureFolder {
    /// A small JPEG with EXIF DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") and/or
    /// GPS (degrees, negative for south and west).
    @discardableResult
    public func tagged(_ name: String, taken: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
                       colour: String = "orange") throws -> String {
        let path = try solid(name, colour: colour, width: 64, height: 48)
        var arguments = ["-overwrite_original", "-n"]
        if let taken { arguments.append("-DateTimeOriginal=\(taken)") }
        if let latitude, let longitude {
            arguments += ["-GPSLatitude=\(abs(latitude))", "-GPSLatitudeRef=\(latitude < 0 ? "S" : "N")",
                          "-GPSLongitude=\(abs(longitude))", "-GPSLongitudeRef=\(longitude < 0 ? "W" : "E")"]
        }
        let result = try run("/usr/bin/exiftool", arguments + [path])
        guard result.status == 0 else { throw FixtureError.toolFailed("exiftool", result.stderr) }
        return path
    }
}

/// Places for the tests, as (latitude, longitude), with what GeoNames'
/// cities (libgeonames) have around them.
public enum TestPlaces {
    /// The Eiffel Tower: 4 km from the database's Paris.
    public static let paris = (48.8584, 2.2945)
    /// Tokyo station: 7 km from the database's Tokyo (in Shinjuku).
    public static let tokyo = (35.6812, 139.7671)
    /// The middle of the Atlantic: 500 km from the nearest known city.
    public static let ocean = (0.0, -30.0)
    /// Off the coast of Galicia: no city within 30 km, only Spain's within 150 km.
    public static let offGalicia = (44.0, -8.5)
    /// The Gulf of Bothnia: cities of Sweden and Finland alike around.
    public static let bothnia = (63.0, 20.0)
    /// 2 km from Mukō (53,000 people), 9.7 km from Kyoto (1.46 million).
    public static let besideMuko = (34.9507, 135.6910)

    /// Places people photograph, on five continents, and the city each is in
    /// (GeoNames' English name); libgweather's weather stations named most
    /// of the Japanese and European ones wrongly (Kobe → Osaka, Siena → Arezzo).
    public static let famous: [(name: String, latitude: Double, longitude: Double)] = [
        ("Kyoto", 35.01, 135.77),         // central Kyoto, near the Kamo river
        ("Kobe", 34.69, 135.195),         // Sannomiya
        ("Yokohama", 35.4437, 139.638),   // Minato Mirai
        ("Nara", 34.685, 135.805),        // Nara Park
        ("Kamakura", 35.3167, 139.5358),  // the Great Buddha, 15 km from Yokohama
        ("Bruges", 51.2093, 3.2247),      // the Markt
        ("Siena", 43.3188, 11.3308),      // Piazza del Campo
        ("Paris", 48.8584, 2.2945),       // the Eiffel Tower
        ("New York", 40.7484, -73.9857),  // the Empire State Building
        ("Rio de Janeiro", -22.9519, -43.2105), // Christ the Redeemer
        ("Cape Town", -33.9249, 18.4241), // the city centre
        ("Sydney", -33.8568, 151.2153),   // the Opera House
    ]
}
