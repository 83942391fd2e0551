// Small casts between GTK's typed pointers. GtkWidget, GtkWindow and friends
// import as UnsafeMutablePointer<T>; types with private structs (GdkTexture,
// AdwToast, GdkPixbuf…) as OpaquePointer. GObject inheritance is invisible to
// Swift, so going from a GtkButton* to a GtkWidget* is a cast like these.

import CGtk

typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer {
    /// The same object seen as another GObject type.
    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    @inline(__always) var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
    @inline(__always) var widget: Widget { cast(GtkWidget.self) }
    @inline(__always) var opaque: OpaquePointer { OpaquePointer(self) }
}

extension OpaquePointer {
    /// Uniform spelling at call sites that take either kind of pointer.
    @inline(__always) var opaque: OpaquePointer { self }
    @inline(__always) var widget: Widget { cast(GtkWidget.self) }

    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    @inline(__always) var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer {
    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        assumingMemoryBound(to: T.self)
    }
}
