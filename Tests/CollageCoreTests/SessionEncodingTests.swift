// A document that cannot become a session file says why instead of passing
// for saved (issue 19 point 8): a value JSON cannot hold is named by where it
// sits, and a file larger than a session may be — which reading would set
// aside as "not a session" — is refused before it is written.

import CollageCore
import Testing

@Suite struct SessionEncodingTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aValueJSONCannotHoldIsNamed(value: Double) {
        var document = CollageDocument(photos: [Photo(path: "/p/a.jpg"), Photo(path: "/p/b.jpg")])
        document.settings = document.settings.moving(split: "root", shape: "2", to: [value, 1])
        #expect {
            try SessionFile.encode(document)
        } throws: { error in
            let text = (error as? SessionFile.WriteError)?.description ?? ""
            return text.contains("document.settings.proportions") && text.contains("\(value)")
        }
    }

    @Test func aDocumentLargerThanASessionMayBeIsRefused() {
        let long = "/" + String(repeating: "a", count: SessionFile.maximumBytes / 8)
        let document = CollageDocument(photos: (0..<9).map { Photo(path: long + "/\($0).jpg") })
        #expect {
            try SessionFile.encode(document)
        } throws: { error in
            (error as? SessionFile.WriteError)?.description.contains("more than the \(SessionFile.maximumBytes)") == true
        }
    }

    @Test func anOrdinaryDocumentIsWrittenAndReadBack() throws {
        let document = CollageDocument(photos: (0..<9).map { Photo(path: "/home/u/Pictures/\($0).jpg") })
        #expect(try SessionFile.decode(try SessionFile.encode(document)) == document)
    }
}
