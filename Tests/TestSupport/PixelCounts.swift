// Counting dark pixels in part of an image file with ImageMagick (a reader
// other than ours): how the title tests see text in a band.

import Foundation

/// How many pixels of the rectangle are darker than mid-grey.
public func darkPixelCount(_ path: String, x: Int = 0, y: Int, width: Int, height: Int) throws -> Int {
    let result = try run("/usr/bin/convert", [path, "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", "-colorspace", "gray",
                                              "-threshold", "50%", "-format", "%[fx:round(w*h*(1-mean))]", "info:"])
    guard result.status == 0, let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw FixtureError.toolFailed("convert", result.stderr + result.stdout)
    }
    return count
}
