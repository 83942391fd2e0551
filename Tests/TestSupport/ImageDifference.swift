// How far apart two pictures of one size are, as one number: ImageMagick's
// mean absolute error, normalized (0 the same, 1 as far as can be). For
// comparing renders that may differ by antialiasing, not in what they show
// (a PDF's raster against the PNG of the same collage).

import Foundation

public func meanDifference(_ a: String, _ b: String) throws -> Double {
    let sizes = (try identify(a), try identify(b))
    guard sizes.0.width == sizes.1.width, sizes.0.height == sizes.1.height else {
        throw FixtureError.toolFailed("meanDifference", "the sizes differ: \(sizes)")
    }
    let compared = try run("/usr/bin/compare", ["-metric", "MAE", a, b, "null:"])
    // "167.6 (0.00256)": the normalized value in brackets.
    guard let open = compared.stderr.firstIndex(of: "("), let close = compared.stderr.firstIndex(of: ")"),
          let value = Double(compared.stderr[compared.stderr.index(after: open)..<close]) else {
        throw FixtureError.toolFailed("compare", compared.stderr)
    }
    return value
}
