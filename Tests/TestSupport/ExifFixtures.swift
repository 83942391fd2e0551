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

/// Places for the tests, as (latitude, longitude).
public enum TestPlaces {
    /// The Eiffel Tower: 3 km from the database's Paris.
    public static let paris = (48.8584, 2.2945)
    /// Tokyo station: 1.5 km from the database's Tokyo.
    public static let tokyo = (35.6812, 139.7671)
    /// The middle of the Atlantic: 500 km from the nearest known city.
    public static let ocean = (0.0, -30.0)
    /// Off the coast of Galicia: no city within 50 km, only Spain's within 150 km.
    public static let offGalicia = (44.0, -8.5)
    /// The Gulf of Bothnia: cities of Sweden and Finland alike around.
    public static let bothnia = (63.0, 20.0)
}
