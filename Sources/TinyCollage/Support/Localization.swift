// gettext for TinyCollage: `tr("…")` looks a message up in the "tinycollage"
// domain (`trc` with a context, `trn` with plural forms); `%s` placeholders
// are filled in order, so translators can move words around a name but not
// reorder two names (none of our messages needs that).
// The catalogue is found next to the binary's build tree or under the prefix.

import CGtk
import CollageRender
import Foundation

let gettextDomain = "tinycollage"

func tr(_ message: String, _ arguments: String...) -> String {
    // gettext hands back its argument when untranslated: copy it while it lives.
    let text = message.withCString { String(cString: g_dgettext(gettextDomain, $0)) }
    return filling(text, with: arguments)
}

/// Words the render layer gives (FailureWords), in the user's language.
func tr(_ wording: Wording) -> String {
    wording.filled(wording.template.withCString { String(cString: g_dgettext(gettextDomain, $0)) })
}

/// A message whose English is the same as another's but whose translation
/// may differ (gettext's msgctxt): `trc("date format", "%B %Y")`.
func trc(_ context: String, _ message: String, _ arguments: String...) -> String {
    let text = context.withCString { c in message.withCString { String(cString: g_dpgettext2(gettextDomain, c, $0)) } }
    return filling(text, with: arguments)
}

/// Plural forms: `trn("%s photo", "%s photos", n)`.
func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: String...) -> String {
    let text = singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(gettextDomain, one, many, gulong(max(count, 0)))) }
    }
    return filling(text, with: arguments)
}

/// Puts `arguments` into the `%s` placeholders of `text`, in order.
private func filling(_ text: String, with arguments: [String]) -> String {
    var text = text
    for argument in arguments {
        guard let range = text.range(of: "%s") else { break }
        text.replaceSubrange(range, with: argument)
    }
    return text
}

enum Localization {
    /// Binds the text domain to the first folder that has our catalogues:
    /// $TINYCOLLAGE_LOCALEDIR, the build tree's locale folder, then the
    /// installed prefix (`<prefix>/share/locale`, from the binary's location).
    static func setUp() {
        // In the plain C locale gettext ignores $LANGUAGE and file names are
        // not UTF-8; C.UTF-8 keeps C's behaviour otherwise.
        let chosen = setlocale(LC_ALL, "").map { String(cString: $0) } ?? "C"
        if chosen == "C" || chosen == "POSIX" { setlocale(LC_ALL, "C.UTF-8") }
        // GTK would call setlocale(LC_ALL, "") again at start-up and undo that.
        gtk_disable_setlocale()
        var candidates: [String] = []
        if let dir = ProcessInfo.processInfo.environment["TINYCOLLAGE_LOCALEDIR"] { candidates.append(dir) }
        candidates += BuildTree.ancestors.flatMap { [$0.appendingPathComponent("locale").path,
                                                     $0.appendingPathComponent("share/locale").path] }
        let found = candidates.first { dir in
            FileManager.default.fileExists(atPath: dir + "/ja/LC_MESSAGES/\(gettextDomain).mo")
        }
        bindtextdomain(gettextDomain, found ?? "/usr/share/locale")
        bind_textdomain_codeset(gettextDomain, "UTF-8")
        textdomain(gettextDomain)
    }
}
