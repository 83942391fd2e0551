// The files of issue 10, made by the tests themselves: SVGs that crash
// librsvg 2.54, hang it or ask for gigabytes, a GIF whose screen is a bomb,
// and valid photos that used to be refused with the wrong words (a 40000 px
// panorama, an animated WebP, a GIF frame smaller than its screen, an
// arithmetic-coded JPEG) next to variants that cannot be read here (float
// and 16-bit CMYK TIFF). Each is a few lines of text, bytes or a tool call.

import Foundation

extension FixtureFolder {
    /// A 3.4 KB SVG whose feConvolveMatrix of order 40 makes librsvg 2.54
    /// panic ("Data storage buffer dimension mismatch") and abort.
    @discardableResult
    public func convolveSVG(_ name: String = "convolve.svg") throws -> String {
        let kernel = Array(repeating: "1", count: 40 * 40).joined(separator: " ")
        return try svg(name, width: 100, height: 100,
                       filter: #"<feConvolveMatrix order="40" kernelMatrix="\#(kernel)"/>"#)
    }

    /// Turbulence with a billion octaves: librsvg works on it for ever.
    @discardableResult
    public func turbulenceSVG(_ name: String = "turbulence.svg") throws -> String {
        try svg(name, width: 1000, height: 1000, filter: #"<feTurbulence baseFrequency="0.01" numOctaves="1000000000"/>"#)
    }

    /// 200 chained blurs: minutes at the declared size, seconds at a cell's.
    @discardableResult
    public func blursSVG(_ name: String = "blurs.svg") throws -> String {
        try svg(name, width: 1000, height: 1000,
                filter: String(repeating: #"<feGaussianBlur stdDeviation="50"/>"#, count: 200))
    }

    /// A morphology radius larger than any image.
    @discardableResult
    public func morphologySVG(_ name: String = "morphology.svg") throws -> String {
        try svg(name, width: 1000, height: 1000, filter: #"<feMorphology operator="dilate" radius="100000"/>"#)
    }

    /// About 230 bytes declaring 16000×15000 with a blur: 6.4 GB at its declared size.
    @discardableResult
    public func hugeBlurSVG(_ name: String = "huge.svg") throws -> String {
        try svg(name, width: 16000, height: 15000, filter: #"<feGaussianBlur stdDeviation="300"/>"#, fill: "orange")
    }

    private func svg(_ name: String, width: Int, height: Int, filter: String, fill: String = "red") throws -> String {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)">"#
            + #"<filter id="f">\#(filter)</filter>"#
            + #"<rect width="\#(width)" height="\#(height)" fill="\#(fill)" filter="url(#f)"/></svg>"#
        return try write(name, bytes: Array(text.utf8))
    }

    /// A GIF of a few dozen bytes whose logical screen is `side`² (one 1×1 frame).
    @discardableResult
    public func gifScreenBomb(_ name: String = "screen.gif", side: UInt16 = 15000) throws -> String {
        func le(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let header: [UInt8] = Array("GIF89a".utf8) + le(side) + le(side) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        let frame: [UInt8] = [0x2C] + le(0) + le(0) + le(1) + le(1) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
        return try write(name, bytes: header + frame)
    }

    /// A GIF whose one 64×48 green frame sits at (10, 10) of a 200×150 screen.
    @discardableResult
    public func gifFrameSmallerThanScreen(_ name: String = "frame.gif") throws -> String {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try solid("frame-source.gif", colour: "lime",
                                                                               width: 64, height: 48))))
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        bytes.replaceSubrange(6..<10, with: le(200) + le(150))
        guard let descriptor = (13..<bytes.count).first(where: { bytes[$0] == 0x2C }) else {
            throw FixtureError.toolFailed("gifFrameSmallerThanScreen", "no image descriptor")
        }
        bytes.replaceSubrange((descriptor + 1)..<(descriptor + 5), with: le(10) + le(10))
        return try write(name, bytes: bytes)
    }

    /// A two-frame animated WebP, red then blue (img2webp, from Debian's webp).
    @discardableResult
    public func animatedWebP(_ name: String = "animated.webp") throws -> String {
        let red = try solid("frame-red.png", colour: "red", width: 64, height: 48)
        let blue = try solid("frame-blue.png", colour: "blue", width: 64, height: 48)
        let result = try run("/usr/bin/img2webp", ["-loop", "0", "-lossless", red, "-d", "200", blue, "-o", file(name)])
        guard result.status == 0 else { throw FixtureError.toolFailed("img2webp", result.stderr) }
        return file(name)
    }

    /// A 40000×2000 JPEG, dark on the left and light on the right (libvips:
    /// ImageMagick's policy refuses a side that long).
    @discardableResult
    public func panorama(_ name: String = "panorama.jpg") throws -> String {
        let result = try run("/usr/bin/vips", ["grey", file(name), "40000", "2000", "--uchar"])
        guard result.status == 0 else { throw FixtureError.toolFailed("vips", result.stderr) }
        return file(name)
    }

    /// An arithmetic-coded JPEG (cjpeg -arithmetic, from libjpeg-turbo-progs).
    @discardableResult
    public func arithmeticJPEG(_ name: String = "arithmetic.jpg", colour: String = "blue") throws -> String {
        let source = try convert(["-size", "120x80", "xc:\(colour)"], to: "arithmetic-source.ppm")
        let result = try run("/usr/bin/cjpeg", ["-arithmetic", "-outfile", file(name), source])
        guard result.status == 0 else { throw FixtureError.toolFailed("cjpeg", result.stderr) }
        return file(name)
    }

    /// A TIFF with 32-bit floating-point samples (libvips: `linear` makes floats).
    @discardableResult
    public func floatTIFF(_ name: String = "float.tif") throws -> String {
        for arguments in [["black", file("float-source.v"), "120", "80", "--bands", "3"],
                          ["linear", file("float-source.v"), file(name), "1", "0.5"]] {
            let result = try run("/usr/bin/vips", arguments)
            guard result.status == 0 else { throw FixtureError.toolFailed("vips", result.stderr) }
        }
        return file(name)
    }

    /// A CMYK TIFF with 16-bit samples.
    @discardableResult
    public func cmyk16TIFF(_ name: String = "cmyk16.tif") throws -> String {
        try convert(["-size", "120x80", "plasma:fractal", "-colorspace", "CMYK", "-depth", "16"], to: name)
    }
}
