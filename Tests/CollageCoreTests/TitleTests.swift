// The title in the document: its values and their limits, the session file
// (old files without a title still load, hostile values are tamed), undo
// with typing joined into one step, the band's room in the layout, and the
// colour that reads on the background.

import CollageCore
import Foundation
import Testing

@Suite struct TitleTests {
    @Test func textIsCleanedAndBounded() {
        var title = CollageTitle(text: "Paris\nin\tspring\u{0}")
        #expect(title.text == "Paris in spring ")
        #expect(title.shownText == "Paris in spring")
        title.text = String(repeating: "あ", count: 10_000)
        #expect(title.text.count == CollageTitle.maximumLength)
        #expect(CollageTitle(text: "  \n ").isEmpty)
        #expect(CollageTitle().isEmpty)
    }

    @Test func sizeStaysInItsRange() {
        #expect(CollageTitle(size: 5).size == CollageTitle.sizeRange.upperBound)
        #expect(CollageTitle(size: -1).size == CollageTitle.sizeRange.lowerBound)
        #expect(CollageTitle(size: .nan).size == CollageTitle.medium)
        var title = CollageTitle()
        title.size = .infinity
        #expect(title.size == CollageTitle.medium)
    }

    @Test func anOldSessionFileWithoutATitleStillLoads() throws {
        // Written by the version before titles (format 1, no "title" key).
        let old = """
        {"formatVersion": 1, "document": {"photos": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
         "path": "/p/a.jpg", "crop": {"zoom": 1, "centerX": 0.5, "centerY": 0.5}}],
         "settings": {"outputSize": {"width": 1080, "height": 1080}, "gap": 0, "margin": 0,
         "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}}
        """
        let document = try SessionFile.decode(Data(old.utf8))
        #expect(document.photos.count == 1)
        #expect(document.title == CollageTitle())
        #expect(document.title.isEmpty)
    }

    @Test func aTitleSurvivesTheSessionFile() throws {
        let title = CollageTitle(text: "京都、2026年4月", position: .overlay, size: 0.09,
                                 colour: RGBAColor(parsing: "#ff8800"))
        let document = CollageDocument(photos: [Photo(path: "/p/a.jpg")], title: title)
        #expect(try SessionFile.decode(try SessionFile.encode(document)) == document)
    }

    @Test func hostileTitleValuesAreTamedNotTrusted() throws {
        let long = String(repeating: "x", count: 5000)
        let json = """
        {"formatVersion": 1, "document": {"photos": [],
         "settings": {"outputSize": {"width": 100, "height": 100}, "gap": 0, "margin": 0,
         "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}},
         "title": {"text": "\(long)\\u0007", "position": "sideways", "size": 1e308, "colour": "red"}}}
        """
        let title = try SessionFile.decode(Data(json.utf8)).title
        #expect(title.text.count == CollageTitle.maximumLength)
        #expect(title.position == CollageTitle.defaultPosition)
        #expect(title.size == CollageTitle.sizeRange.upperBound)
        #expect(title.colour == nil)
        let wrongTypes = """
        {"formatVersion": 1, "document": {"photos": [],
         "settings": {"outputSize": {"width": 100, "height": 100}, "gap": 0, "margin": 0,
         "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}},
         "title": {"text": 42, "position": null, "size": "big"}}}
        """
        #expect(try SessionFile.decode(Data(wrongTypes.utf8)).title == CollageTitle())
        // A title that is not even an object costs the title, not the photos.
        let notAnObject = """
        {"formatVersion": 1, "document": {"photos": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
         "path": "/p/a.jpg", "crop": {"zoom": 1, "centerX": 0.5, "centerY": 0.5}}],
         "settings": {"outputSize": {"width": 100, "height": 100}, "gap": 0, "margin": 0,
         "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}, "title": "Paris"}}
        """
        let kept = try SessionFile.decode(Data(notAnObject.utf8))
        #expect(kept.photos.count == 1 && kept.title == CollageTitle())
    }

    @Test func typingIsOneUndoStepAndOtherChangesEndIt() {
        let store = CollageStore()
        var told: [CollageStore.Change] = []
        store.observe { _, change in told.append(change) }
        for text in ["P", "Pa", "Par", "Pari", "Paris"] {
            store.setTitle(CollageTitle(text: text), typing: true)
        }
        #expect(store.document.title.text == "Paris")
        #expect(told == Array(repeating: CollageStore.Change(.title), count: 5), "every letter re-renders")
        store.setTitle(CollageTitle(text: "Paris", position: .bottom))  // the position: a step of its own
        for text in ["Paris,", "Paris, 2026"] { store.setTitle(CollageTitle(text: text, position: .bottom), typing: true) }
        #expect(store.undo())
        #expect(store.document.title == CollageTitle(text: "Paris", position: .bottom))
        #expect(store.undo())
        #expect(store.document.title == CollageTitle(text: "Paris"))
        #expect(store.undo())
        #expect(store.document.title.isEmpty)
        #expect(!store.canUndo)
        #expect(store.redo())
        #expect(store.document.title.text == "Paris")
        // A pause ends the burst.
        store.setTitle(CollageTitle(text: "Paris 2"), typing: true)
        store.endTyping()
        store.setTitle(CollageTitle(text: "Paris 20"), typing: true)
        #expect(store.undo())
        #expect(store.document.title.text == "Paris 2")
        #expect(store.undo())
        #expect(store.document.title.text == "Paris")
        // After an undo, typing starts a new step rather than joining the redone one.
        store.setTitle(CollageTitle(text: "Paris!"), typing: true)
        #expect(store.undo())
        #expect(store.document.title.text == "Paris")
    }

    @Test func theSameTitleIsNoChange() {
        let store = CollageStore()
        var told = 0
        store.observe { _, _ in told += 1 }
        store.setTitle(CollageTitle())
        #expect(told == 0 && !store.canUndo)
    }

    // MARK: The band

    @Test func noTitleLeavesTheLayoutAsItWas() throws {
        let settings = CollageSettings(outputSize: PixelSize(width: 1080, height: 1080), gap: 8, margin: 16)
        let frame = try CollageFrame.make(count: 3, settings: settings, title: CollageTitle(text: "  "))
        #expect(frame.band == nil)
        #expect(frame.cells == (try CollageLayout.cells(count: 3, size: settings.outputSize, gap: 8, margin: 16)))
    }

    @Test func aBandAboveOrBelowTakesItsRoomFromThePhotos() throws {
        let settings = CollageSettings(outputSize: PixelSize(width: 1000, height: 1000), margin: 10)
        let top = try CollageFrame.make(count: 1, settings: settings, title: CollageTitle(text: "Hi", position: .top, size: 0.05))
        // 5 % of 1000 = 50 px font, a band of two font sizes.
        #expect(top.band == CellRect(x: 0, y: 0, width: 1000, height: 100))
        #expect(top.cells == [CellRect(x: 10, y: 110, width: 980, height: 880)])
        let bottom = try CollageFrame.make(count: 1, settings: settings, title: CollageTitle(text: "Hi", position: .bottom, size: 0.05))
        #expect(bottom.band == CellRect(x: 0, y: 900, width: 1000, height: 100))
        #expect(bottom.cells == [CellRect(x: 10, y: 10, width: 980, height: 880)])
        // Text box: the band less the margin and half a font size each side.
        #expect(top.textWidth == 1000 - 2 * (10 + 25))
        #expect(abs(top.textHeight - 100 * (1 - 2 * CollageFrame.verticalPadding)) < 1e-9)
    }

    @Test func anOverlayLiesOverThePhotos() throws {
        let settings = CollageSettings(outputSize: PixelSize(width: 1000, height: 500), margin: 20)
        let frame = try CollageFrame.make(count: 2, settings: settings, title: CollageTitle(text: "Hi", position: .overlay, size: 0.1))
        #expect(frame.cells == (try CollageLayout.cells(count: 2, size: settings.outputSize, margin: 20)))
        // 10 % of the shorter side (500) = 50 px font, band 100, inside the margin at the bottom.
        #expect(frame.band == CellRect(x: 20, y: 380, width: 960, height: 100))
    }

    @Test func aPreviewScalesTheBandLikeTheMargin() throws {
        let settings = CollageSettings(outputSize: PixelSize(width: 2000, height: 2000), gap: 40, margin: 60)
        let title = CollageTitle(text: "Hi", position: .bottom, size: 0.05)
        let full = try CollageFrame.make(count: 4, settings: settings, title: title)
        let preview = try CollageFrame.make(count: 4, settings: settings, title: title, size: PixelSize(width: 500, height: 500))
        #expect(full.band == CellRect(x: 0, y: 1800, width: 2000, height: 200))
        #expect(preview.band == CellRect(x: 0, y: 450, width: 500, height: 50))
        #expect(preview.scale == 0.25)
        // The text is laid out at the output size either way.
        #expect(preview.textWidth == full.textWidth && preview.textHeight == full.textHeight)
        for (a, b) in zip(full.cells, preview.cells) {
            #expect(abs(Double(a.x) / 4 - Double(b.x)) <= 1 && abs(Double(a.maxY) / 4 - Double(b.maxY)) <= 1, "\(a) \(b)")
        }
    }

    @Test func aHugeTitleNeverLeavesNoRoomForThePhotos() throws {
        let settings = CollageSettings(outputSize: PixelSize(width: 4000, height: 100), gap: 10, margin: 20)
        #expect(CollageLayout.fits(count: 9, settings: settings))
        let frame = try CollageFrame.make(count: 9, settings: settings, title: CollageTitle(text: "Hi", size: 0.2))
        #expect(frame.cells.allSatisfy { $0.height >= 1 })
        #expect((frame.band?.height ?? 0) <= 40)
    }

    @Test func theTextColourReadsOnItsGround() {
        let title = CollageTitle(text: "Hi", position: .top)
        #expect(title.textColour(background: .white) == .black)
        #expect(title.textColour(background: .black) == .white)
        #expect(title.textColour(background: RGBAColor(parsing: "#ffeb3b")!) == .black)
        #expect(title.textColour(background: RGBAColor(parsing: "#1e1e1e")!) == .white)
        #expect(title.textColour(background: RGBAColor(parsing: "#3050c0")!) == .white)
        // A transparent background is seen on white by most viewers.
        #expect(title.textColour(background: .transparent) == .black)
        // Over the photos, the band is the background's colour (black when transparent).
        let overlay = CollageTitle(text: "Hi", position: .overlay)
        #expect(overlay.textColour(background: .transparent) == .white)
        #expect(overlay.overlayBand(background: .white).alpha == CollageTitle.overlayAlpha)
        // A colour the user chose is kept, readable or not.
        let chosen = RGBAColor(parsing: "#ff0000")!
        #expect(CollageTitle(text: "Hi", colour: chosen).textColour(background: chosen) == chosen)
        #expect(RGBAColor.white.contrast(with: .black) > 20.9)
    }
}

/// The title's caps hold however the text is built (issue 19 point 4): one
/// letter with 60,000 combining marks was one "character" and 23 s of Pango.
@Suite struct TitleCapTests {
    @Test func combiningMarksCannotHideBehindOneCharacter() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 60_000)
        let title = CollageTitle(text: zalgo)
        #expect(title.text.unicodeScalars.count == 1 + CollageTitle.maximumCombiningRun)
        #expect(title.text.count == 1)
    }

    @Test func codePointsAndBytesAreCappedAsWellAsCharacters() {
        // 300 characters of 6 code points each: within the character cap, not the code points'.
        let heavy = String(repeating: "e\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", count: 300)
        let title = CollageTitle(text: heavy)
        #expect(title.text.unicodeScalars.count <= CollageTitle.maximumCodePoints)
        #expect(title.text.utf8.count <= 4 * CollageTitle.maximumCodePoints)
        // A 300 KB title in a session file comes back within the caps.
        let json = """
        {"formatVersion": 1, "document": {"photos": [],
         "settings": {"outputSize": {"width": 100, "height": 100}, "gap": 0, "margin": 0,
         "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}},
         "title": {"text": "\(String(repeating: "x\u{0308}", count: 100_000))"}}}
        """
        let loaded = try? SessionFile.decode(Data(json.utf8)).title
        #expect(loaded.map { $0.text.unicodeScalars.count <= CollageTitle.maximumCodePoints } == true)
        #expect(loaded.map { $0.text.count <= CollageTitle.maximumLength } == true)
        // Flags (two code points each) still fit 300 to a title.
        let flags = String(repeating: "🇯🇵", count: 300)
        #expect(CollageTitle(text: flags).text == flags)
    }
}
