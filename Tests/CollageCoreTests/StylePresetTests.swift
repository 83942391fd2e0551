// The named looks (issue 23 point 6): each sets its style, background, gap
// and margin in one settings change (one undo step), keeps the size, layout
// and the photos' fit, is recognised again from the settings it makes, and
// stays after Clear All.

import CollageCore
import Testing

@Suite struct StylePresetTests {
    @Test(arguments: StylePreset.all)
    func applyingSetsTheLookAndKeepsTheRest(preset: StylePreset) {
        var settings = CollageSettings(outputSize: PixelSize(width: 1440, height: 1080), layout: .mosaic)
        settings.style.fit = .contain
        let next = preset.applied(to: settings)
        #expect(next.outputSize == settings.outputSize)
        #expect(next.layout == .mosaic)
        #expect(next.style.fit == .contain)
        #expect(next.style.borderWidth == preset.style.borderWidth)
        #expect(next.style.shadow == preset.style.shadow)
        #expect(next.style.cornerRadius == preset.style.cornerRadius)
        #expect(StylePreset.matching(next) == preset)
    }

    @Test func printHasAWhiteBorderAndAShadow() {
        let print = StylePreset.print.applied(to: CollageSettings())
        #expect(print.style.borderWidth > 0 && print.style.borderColour == .white && print.style.shadow)
    }

    @Test func theSeedsSettingsAreClassicAndAChangedOneIsNoPreset() {
        #expect(StylePreset.matching(CollageSettings()) == .classic)
        var settings = StylePreset.print.applied(to: CollageSettings())
        settings.style.cornerRadius = 3
        #expect(StylePreset.matching(settings) == nil)
    }

    @Test func oneUndoTakesAPresetBackAndClearAllKeepsIt() {
        let store = CollageStore(document: CollageDocument(photos: [Photo(path: "/p/a.jpg")]))
        store.setSettings(StylePreset.rounded.applied(to: store.document.settings))
        #expect(StylePreset.matching(store.document.settings) == .rounded)
        store.clear()
        #expect(StylePreset.matching(store.document.settings) == .rounded)
        _ = store.undo()
        _ = store.undo()
        #expect(StylePreset.matching(store.document.settings) == .classic)
    }
}
