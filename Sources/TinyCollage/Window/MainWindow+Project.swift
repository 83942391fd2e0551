// The window's side of project files: the Save Project, Save Project As… and
// Open Recent actions, the title that names the project and marks it changed
// ("• Holiday — TinyCollage", as GNOME's editors mark an unsaved document),
// and files from outside — Open…, the command line, "Open With", a drop —
// sorted into a project to open and photos to add. Reading and writing the
// file is ProjectController's; the recent list is RecentProjects'.

import CGtk
import CollageCore
import CollageRender
import Foundation

extension MainWindow {
    func installProjectActions() {
        add("save-project") { [weak self] _ in self?.projects.save() }
        add("save-project-as") { [weak self] _ in self?.projects.saveAs() }
        add("open-recent", parameter: "s") { [weak self] parameter in
            guard let self, let parameter, let uri = string(g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            guard let path = RecentProjects.path(ofURI: uri) else { return }
            self.projects.open(path)
        }
        projects.parent = window
        strip.opensProjects = { [weak self] files in self?.open(files) }
        projects.observer = { [weak self] in self?.projectChanged() }
    }

    /// After a save or an open: the title, and the session that keeps the project's path.
    private func projectChanged() {
        updateTitle()
        session?.save(controller.document, projectPath: controller.store.projectPath)
    }

    /// The project's name, marked when changed since it was saved; nil for a
    /// collage never saved as a project (the window is then "TinyCollage").
    var shownProjectName: String? {
        guard let name = projects.name else { return nil }
        // TRANSLATORS: the window title's mark of a project changed since it was saved.
        return projects.isChanged ? tr("• %s", name) : name
    }

    func updateTitle() {
        let shown = shownProjectName
        // TRANSLATORS: the window's title: the project's name, then the app's.
        gtk_window_set_title(window, shown.map { tr("%s — %s", $0, AppInfo.name) } ?? AppInfo.name)
        adw_window_title_set_title(title.opaque, shown ?? AppInfo.name)
        labelTitle()
    }

    /// Files from outside (Open…, the command line, "Open With", a drop). A
    /// project among them opens in the collage's place, and photos given with
    /// it join it; a second project is not opened, and said so. Without a
    /// project, photos are added as before (`newCollage`: in a new collage).
    func open(_ files: OpenedFiles, newCollage: Bool = false) {
        let projectPaths = files.paths.filter { ProjectIO.isProject(path: $0) }
        guard let first = projectPaths.first else {
            controller.add(files, newCollage: newCollage)
            return
        }
        var photos = files
        photos.paths.removeAll { ProjectIO.isProject(path: $0) }
        let opened = projects.open(first)
        if projectPaths.count > 1 {
            let others = projectPaths.dropFirst().map { (FilePathText.displayText($0) as NSString).lastPathComponent }
            if others.count == 1 {
                toaster.show(tr("“%s” was not opened: one project opens at a time", others[0]))
            } else {
                toaster.show(trn("“%s” and %s other project were not opened: one project opens at a time",
                                 "“%s” and %s other projects were not opened: one project opens at a time",
                                 others.count - 1, others[0], String(others.count - 1)))
            }
        }
        // With the project: added to it. Without it (it could not be read): as photos come.
        controller.add(photos, newCollage: !opened && newCollage)
    }
}
