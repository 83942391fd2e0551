// A GdkTexture that shares a CairoImage's pixels (no copy): the GBytes
// behind the texture holds a reference to the Cairo surface and drops it
// when GTK is done with the texture.

import CGtk
import CollageRender

/// Owns one reference to a GdkTexture.
@MainActor
final class Texture {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    init(_ image: CairoImage) {
        cairo_surface_flush(image.surface)
        cairo_surface_reference(image.surface)
        let bytes = g_bytes_new_with_free_func(
            cairo_image_surface_get_data(image.surface), gsize(image.byteCount),
            { surface in cairo_surface_destroy(OpaquePointer(surface)) },
            UnsafeMutableRawPointer(image.surface))
        // Cairo's ARGB32 is premultiplied native-endian words: B, G, R, A bytes here.
        pointer = gdk_memory_texture_new(Int32(image.width), Int32(image.height),
                                         GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(image.stride))
        g_bytes_unref(bytes)
        width = image.width
        height = image.height
    }

    isolated deinit {
        g_object_unref(pointer.raw)
    }

    /// The texture as a GdkPaintable, for GtkPicture and drag icons.
    var paintable: OpaquePointer { pointer }

    /// Writes the texture as PNG (for tests and the state dump).
    func savePNG(to path: String) -> Bool {
        gdk_texture_save_to_png(pointer, path) != 0
    }
}
