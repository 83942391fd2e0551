// The crop model: pan and zoom limits, reset, independence from the drawing
// size, surviving a reorder and the session file; and the too-small threshold.

import CollageCore
import Foundation
import Testing

@Suite struct CropTests {
    let wide = PixelSize(width: 3000, height: 1000)   // 3:1 photo
    let square = PixelSize(width: 500, height: 500)   // square cell

    @Test func aWidePhotoInASquareCellPansSidewaysOnly() {
        // Aspect fill: scale 0.5, the cell shows the middle third.
        let start = Crop()
        let right = start.panned(dx: -100, dy: 0, image: wide, cell: square)  // drag left: see more to the right
        #expect(abs(right.centerX - (0.5 + 100 / 0.5 / 3000)) < 1e-9)
        #expect(right.centerY == 0.5)
        let down = start.panned(dx: 0, dy: 300, image: wide, cell: square)   // no room vertically
        #expect(down.centerY == 0.5)
    }

    @Test func panningStopsAtTheEdges() {
        let far = Crop().panned(dx: 100_000, dy: 0, image: wide, cell: square)
        // The cell covers 1/3 of the width: the centre cannot go below 1/6.
        #expect(abs(far.centerX - 1.0 / 6) < 1e-9)
        let back = far.panned(dx: -50, dy: 0, image: wide, cell: square)
        #expect(back.centerX > far.centerX, "a drag back moves at once, not after undoing the overshoot")
    }

    @Test func zoomNeverGoesBelowFillingTheCellOrPastTheMaximum() {
        #expect(Crop().zoomed(by: 0.5, at: 250, 250, image: wide, cell: square).zoom == 1)
        var crop = Crop()
        for _ in 0..<100 { crop = crop.zoomed(by: 1.25, at: 250, 250, image: wide, cell: square) }
        #expect(crop.zoom == Crop.maximumZoom)
    }

    @Test func zoomKeepsThePointUnderThePointer() {
        let crop = Crop().zoomed(by: 2, at: 500, 250, image: square, cell: square)  // right edge, middle
        // The image point at the cell's right edge stays there: x = 1.0 before, still 1.0 after.
        let s = crop.scale(image: square, cell: square)
        let rightEdge = crop.centerX + 250 / s / 500
        #expect(abs(rightEdge - 1.0) < 1e-9)
    }

    @Test func resetIsTheDefault() {
        let moved = Crop(zoom: 3, centerX: 0.2, centerY: 0.8)
        #expect(!moved.isDefault)
        #expect(Crop().isDefault)
    }

    @Test func theCropIsTheSameAtAnyDrawingSize() {
        let crop = Crop(zoom: 2, centerX: 0.3, centerY: 0.5)
        let small = crop.clamped(image: wide, cell: PixelSize(width: 100, height: 100))
        let large = crop.clamped(image: wide, cell: PixelSize(width: 1000, height: 1000))
        #expect(small == large)
    }

    @Test func aPhotoKeepsItsCropWhenReordered() {
        let store = CollageStore()
        store.add([Photo(path: "/a.jpg"), Photo(path: "/b.jpg"), Photo(path: "/c.jpg")])
        let id = store.document.photos[0].id
        store.setCrop(Crop(zoom: 2, centerX: 0.25, centerY: 0.5), for: id)
        store.move(from: 0, to: 2)
        #expect(store.document.photos[2].crop == Crop(zoom: 2, centerX: 0.25, centerY: 0.5))
        store.undo()
        store.undo()
        #expect(store.document.photos[0].crop.isDefault)
    }

    @Test func theCropRoundTripsThroughTheSession() throws {
        let document = CollageDocument(photos: [Photo(path: "/a.jpg", crop: Crop(zoom: 1.5, centerX: 0.1, centerY: 0.9))])
        #expect(try SessionFile.decode(try SessionFile.encode(document)).photos[0].crop == document.photos[0].crop)
    }

    @Test func tooSmallMeansEnlargedBeyondItsPixels() {
        let cell = PixelSize(width: 1080, height: 1080)
        #expect(!Enlargement.isTooSmall(image: PixelSize(width: 1620, height: 1080), cell: cell))
        #expect(!Enlargement.isTooSmall(image: PixelSize(width: 1080, height: 1075), cell: cell), "rounding is not too small")
        #expect(Enlargement.isTooSmall(image: PixelSize(width: 1200, height: 800), cell: cell))
        #expect(abs(Enlargement.factor(image: PixelSize(width: 1200, height: 800), cell: cell) - 1.35) < 1e-9)
        // Zooming in needs more pixels.
        #expect(Enlargement.isTooSmall(image: PixelSize(width: 1620, height: 1080), cell: cell, crop: Crop(zoom: 1.5)))
    }
}
