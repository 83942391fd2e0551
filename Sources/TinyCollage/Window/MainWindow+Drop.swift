// Files dropped from a file manager anywhere on the window are added on the
// right (a project among them opens instead, MainWindow+Project) (the strip has its own target that inserts where dropped). GTK turns
// text/uri-list from older senders into the same GdkFileList. Drags that
// start inside TinyCollage (a gallery photo let go over the preview) are not
// taken here, so letting go somewhere else does not add a photo by accident.

import CGtk

extension MainWindow {
    func installDrop(on widget: Widget) {
        let target = gtk_drop_target_new(GType(0), GDK_ACTION_COPY)!
        var types = [tc_type_file_list(), tc_type_file()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        Signals.accept(target.raw) { drop in
            // A drop from this app carries its own GdkDrag; a file manager's does not.
            gdk_drop_get_drag(OpaquePointer(drop)) == nil
        }
        Signals.drop(target.raw) { [weak self] value, _, _ in
            let files = DroppedFiles.files(in: value)
            guard let self, !files.isEmpty else { return false }
            self.open(files)
            return true
        }
        gtk_widget_add_controller(widget, target.opaque)
    }
}

/// Files out of a dropped GValue: a GdkFileList or a single GFile.
enum DroppedFiles {
    static func files(in value: UnsafePointer<GValue>) -> OpenedFiles {
        var files = OpenedFiles()
        if tc_value_holds(value, tc_type_file_list()) != 0 {
            guard let list = g_value_get_boxed(value) else { return files }
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let file = current.pointee.data { files.append(OpaquePointer(file)) }
                node = current.pointee.next
            }
            g_slist_free(head)
        } else if tc_value_holds(value, tc_type_file()) != 0, let file = g_value_get_object(value) {
            files.append(OpaquePointer(file))
        }
        return files
    }
}
