// A failure's words are written once (FailureWords.swift): the logs' English
// is the template filled in, and each template is a message of the
// translation template (xgettext finds the N_ marks) that ja.po translates.

import CollageCore
import CollageRender
import Foundation
import Testing

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private let loadReasons: [LoadError.Reason] = [
    .missing, .danglingLink, .isDirectory, .notRegularFile, .permissionDenied, .empty, .notAnImage, .corrupt("bad huffman"),
    .tooLarge(PixelSize(width: 30000, height: 20000), limit: 268_000_000), .ioError("EIO"), .unsupported("TIFF", "float"),
    .timedOut, .outOfMemory, .crashed,
]
private let exportReasons: [ExportError.Reason] = [
    .folderMissing, .notAFolder, .permissionDenied, .readOnly, .diskFull, .exists, .encodeFailed("no encoder"),
]

/// The msgids of a .po or .pot file, with their msgstr.
private func messages(_ path: String) throws -> [String: String] {
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    var result: [String: String] = [:]
    var id: String?
    for line in text.split(separator: "\n") {
        if line.hasPrefix("msgid \"") { id = String(line.dropFirst(7).dropLast()) }
        if line.hasPrefix("msgstr \""), let current = id { result[current] = String(line.dropFirst(8).dropLast()) }
    }
    return result
}

@Suite struct FailureWordsTests {
    @Test func theLogsEnglishIsTheTemplateFilledIn() {
        let tooLarge = LoadError(path: "/p/big.png", reason: .tooLarge(PixelSize(width: 30000, height: 20000),
                                                                       limit: 268_000_000))
        #expect(tooLarge.reasonText == "the image is too large (30000×20000, over the limit of 268 megapixels)")
        #expect(LoadError(path: "/p/a.tif", reason: .unsupported("TIFF", "float")).reasonText
            == "this kind of TIFF file cannot be read here (float)")
        #expect(ExportError(path: "/p/a.png", reason: .ioError("Input/output error")).reasonText == "Input/output error")
        // A filled-in value holding "%s" is not filled again.
        #expect(LoadError.Reason.unsupported("%s", "x").wording.english == "this kind of %s file cannot be read here (x)")
    }

    @Test func everyReasonIsInTheTranslationTemplateAndTranslated() throws {
        let template = try messages("po/tinycollage.pot")
        let japanese = try messages("po/ja.po")
        let wordings = loadReasons.map(\.wording) + exportReasons.map(\.wording)
        for wording in wordings {
            #expect(template[wording.template] != nil, "xgettext did not find “\(wording.template)”")
            #expect(!(japanese[wording.template] ?? "").isEmpty, "ja.po lacks “\(wording.template)”")
        }
    }
}
