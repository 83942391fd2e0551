// The GApplication: one window, files from the command line and "Open With"
// (G_APPLICATION_HANDLES_OPEN), app-wide actions and shortcuts, the style
// sheet and the build tree's icons. The window does the rest.

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class Application {
    let app: UnsafeMutablePointer<AdwApplication>
    let settings = AppSettings()
    /// The window's companion; the GtkWindow owns it (see Lifetimes.swift).
    private(set) weak var window: MainWindow?
    #if DEBUG
    private var testControl: TestControl?
    #endif
    private let session = SessionStore()

    init() {
        var flags = G_APPLICATION_HANDLES_OPEN
        // Tests run several instances one after another on one bus.
        if ProcessInfo.processInfo.environment["TINYCOLLAGE_NON_UNIQUE"] != nil {
            flags = GApplicationFlags(rawValue: flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        }
        app = adw_application_new(AppInfo.id, flags)
        g_set_application_name(AppInfo.name)
        gtk_window_set_default_icon_name(AppInfo.id)
        // The Application lives as long as the process (main keeps it), so
        // these handlers still reach it weakly only to follow the rule.
        addOptions()
        Signals.plain(app.raw, "startup", after: true) { [weak self] in self?.startUp() }
        Signals.plain(app.raw, "activate") { [weak self] in self?.present() }
        Signals.open(app.raw) { [weak self] files in
            self?.present(adding: OpenedFiles(files: files.map { OpaquePointer($0) }))
        }
    }

    func run(_ arguments: [String]) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments[0]] + arguments).map { argument in
            FilePathText.withCString(argument) { strdup($0) }
        }
        defer { argv.forEach { free($0) } }
        argv.append(nil)
        return g_application_run(app.cast(GApplication.self), Int32(argv.count - 1), &argv)
    }

    private func startUp() {
        if let icons = BuildTree.find("data/icons"), let display = gdk_display_get_default() {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        Style.install()
        addAction("quit") { [weak self] in self?.window.map { gtk_window_close($0.window) } }
        addAction("about") { [weak self] in self?.window.map { AboutWindow.present(over: $0.window) } }
        Shortcuts.install(on: app.cast(GtkApplication.self))
    }

    /// Options GApplication parses before the files (HANDLES_OPEN): what is
    /// left on the command line still opens as photos.
    private func addOptions() {
        g_application_add_main_option(app.cast(GApplication.self), "camera-source", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING,
                                      tr("Take photos from this GStreamer source (a gst-launch description)"),
                                      tr("PIPELINE"))
        Signals.localOptions(app.raw) { options in
            let type = g_variant_type_new("s")
            defer { g_variant_type_free(type) }
            if let value = g_variant_dict_lookup_value(options, "camera-source", type) {
                CameraSourceChooser.commandLineSource = string(g_variant_get_string(value, nil))
                g_variant_unref(value)
            }
            return -1  // go on: activate, or open the files
        }
    }

    private func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signals.withPointer(action.raw, "activate") { _ in handler() }
        g_action_map_add_action(OpaquePointer(app), action)
        g_object_unref(action.raw)
    }

    /// Shows the window, made first if need be, with `paths` being added:
    /// they are on their way before its first frame, which then shows the
    /// collage's place rather than an invitation to add photos. Photos
    /// opened from outside (the command line, "Open With") start a new
    /// collage rather than pile onto the one kept from last time (issue 22);
    /// that one stays one Undo away. An empty collage is simply filled. A
    /// project among the files opens as it was saved (MainWindow+Project).
    @discardableResult
    private func present(adding files: OpenedFiles = OpenedFiles()) -> MainWindow {
        if let window {
            window.open(files, newCollage: !window.controller.document.photos.isEmpty)
            gtk_window_present(window.window)
            return window
        }
        let restored = session.restore()
        var document: CollageDocument?
        var projectPath: String?
        if case let .document(kept, project) = restored { (document, projectPath) = (kept, project) }
        let controller = CollageController(settings: settings, document: document, projectPath: projectPath)
        let window = MainWindow(application: app.cast(GtkApplication.self), controller: controller)
        self.window = window
        if let projectPath {
            window.projects.restored(projectPath)
            window.updateTitle()
        }
        controller.store.observe { [weak self, weak controller] document, _ in
            self?.session.save(document, projectPath: controller?.store.projectPath)
        }
        window.session = session
        session.toaster = window.toaster
        if case let .setAside(reason, keptAs) = restored {
            window.toaster.show(tr("Your last collage could not be restored: %s. The file was kept as “%s”.", reason,
                                   FilePathText.displayText(keptAs)))
        }
        #if DEBUG
        if ProcessInfo.processInfo.environment["TINYCOLLAGE_TEST_CONTROL"] != nil {
            testControl = TestControl(window: window)
        }
        #endif
        window.open(files, newCollage: !controller.document.photos.isEmpty)
        gtk_window_present(window.window)
        // The decoder workers a first collage needs start on demand (the
        // check of the files given, the strip's thumbnails); the rest wait.
        FirstFrame.after(window.window) {
            DecoderPool.shared.prestart()
        }
        return window
    }
}
