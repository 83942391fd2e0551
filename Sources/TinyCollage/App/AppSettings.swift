// The remembered settings (GSettings, schema in data/). Installed, the schema
// is found the usual way; from the build tree, in .build/schemas, compiled by
// `make`. GSettings aborts on a missing schema, so without one the app keeps
// working on defaults in memory rather than crash.

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class AppSettings {
    private let settings: UnsafeMutablePointer<GSettings>?
    private var memory: [String: Any] = [:]

    init() {
        settings = Self.open()
        if settings == nil { Log.warning("settings schema \(AppInfo.id) not found; settings will not be kept") }
    }

    private static func open() -> UnsafeMutablePointer<GSettings>? {
        let system = g_settings_schema_source_get_default()
        // The schema beside the binary (the build tree's, or <prefix>/share's
        // when installed where XDG_DATA_DIRS does not look) wins over another.
        let compiled = BuildTree.find("schemas/gschemas.compiled") ?? BuildTree.find("share/glib-2.0/schemas/gschemas.compiled")
        if let folder = compiled.map({ String($0.dropLast("/gschemas.compiled".count)) }),
           let source = g_settings_schema_source_new_from_directory(folder, system, 0, nil) {
            defer { g_settings_schema_source_unref(source) }
            if let schema = g_settings_schema_source_lookup(source, AppInfo.id, 0) {
                defer { g_settings_schema_unref(schema) }
                return g_settings_new_full(schema, nil, nil)
            }
        }
        if let system, let schema = g_settings_schema_source_lookup(system, AppInfo.id, 1) {
            defer { g_settings_schema_unref(schema) }
            return g_settings_new_full(schema, nil, nil)
        }
        return nil
    }

    func int(_ key: String, default fallback: Int) -> Int {
        guard let settings else { return memory[key] as? Int ?? fallback }
        return Int(g_settings_get_int(settings, key))
    }

    /// The schema's default for `key`, whatever the user has set.
    func defaultInt(_ key: String, default fallback: Int) -> Int {
        guard let settings, let value = g_settings_get_default_value(settings, key) else { return fallback }
        defer { g_variant_unref(value) }
        return Int(g_variant_get_int32(value))
    }

    /// Whether the user (or the app for them) has set `key`, rather than
    /// the schema's default standing.
    func isSet(_ key: String) -> Bool {
        guard let settings else { return memory[key] != nil }
        guard let value = g_settings_get_user_value(settings, key) else { return false }
        g_variant_unref(value)
        return true
    }

    func setInt(_ key: String, _ value: Int) {
        guard let settings else { memory[key] = value; return }
        g_settings_set_int(settings, key, Int32(clamping: value))
    }

    func bool(_ key: String, default fallback: Bool) -> Bool {
        guard let settings else { return memory[key] as? Bool ?? fallback }
        return g_settings_get_boolean(settings, key) != 0
    }

    func setBool(_ key: String, _ value: Bool) {
        guard let settings else { memory[key] = value; return }
        g_settings_set_boolean(settings, key, value ? 1 : 0)
    }

    func string(_ key: String, default fallback: String) -> String {
        guard let settings else { return memory[key] as? String ?? fallback }
        return takeString(g_settings_get_string(settings, key)) ?? fallback
    }

    func setString(_ key: String, _ value: String) {
        guard let settings else { memory[key] = value; return }
        g_settings_set_string(settings, key, value)
    }

    /// The collage settings new collages start with.
    var collageDefaults: CollageSettings {
        get {
            CollageSettings(
                outputSize: PixelSize(width: max(1, int("output-width", default: 1080)),
                                      height: max(1, int("output-height", default: 1080))),
                gap: int("gap", default: 0), margin: int("margin", default: 0),
                background: RGBAColor(parsing: string("background", default: "#ffffff")) ?? .white,
                layout: LayoutKind(rawValue: string("layout", default: LayoutKind.default.rawValue)) ?? .default,
                style: Self.style(from: string("style", default: "")),
                dpi: Self.dpi(from: int("dpi", default: 0)))
        }
        set {
            setInt("output-width", newValue.outputSize.width)
            setInt("output-height", newValue.outputSize.height)
            setInt("gap", newValue.gap)
            setInt("margin", newValue.margin)
            setString("background", newValue.background.hexString)
            setString("layout", newValue.layout.rawValue)
            setString("style", Self.text(of: newValue.style))
            setInt("dpi", newValue.dpi ?? 0)
        }
    }

    /// The dpi key: 0 (a screen image) is none; a value out of range is brought into it.
    static func dpi(from value: Int) -> Int? {
        value > 0 ? min(max(value, PaperSize.dpiRange.lowerBound), PaperSize.dpiRange.upperBound) : nil
    }

    /// The style key's JSON (a session's "style"), brought into range as a
    /// session's is; text that is no style gives the seed's look.
    static func style(from text: String) -> CollageStyle {
        guard !text.isEmpty, let style = try? JSONDecoder().decode(CollageStyle.self, from: Data(text.utf8)) else {
            return CollageStyle()
        }
        return SessionValidation.checkedStyle(style, in: CollageSettings())
    }

    static func text(of style: CollageStyle) -> String {
        (try? JSONEncoder().encode(style)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }
}
