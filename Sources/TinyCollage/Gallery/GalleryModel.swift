// The gallery's list of photos in one folder: FolderListing (listed in
// batches and followed live as files come, go, are renamed or rewritten),
// keeping what gdk-pixbuf can read, → newest first. It only lists; decoding
// is the thumbnail service's, and what the user sees (grid, empty hint) is
// GalleryView's.

import CGtk

@MainActor
final class GalleryModel {
    /// The photos in order, as GFileInfo items: the GtkSortListModel over the listing.
    let photos: OpaquePointer
    private let listing: FolderListing
    /// Called when loading starts or ends, or the number of photos changes.
    var changed: (@MainActor () -> Void)?
    /// A photo's file was rewritten (its path): its old thumbnail is stale.
    var rewritten: (@MainActor (String) -> Void)? {
        get { listing.fileRewritten }
        set { listing.fileRewritten = newValue }
    }

    /// What GFileInfo needs to carry: the name for the tooltip, the type for the
    /// filter, the date for the order. "standard::file" is added by FolderListing.
    static let attributes = "standard::name,standard::display-name,standard::content-type,standard::is-hidden,time::modified"

    init() {
        listing = FolderListing(attributes: Self.attributes, accepts: { GalleryModel.isPhoto($0) })
        let sorter = gtk_custom_sorter_new({ a, b, _ in
            GalleryModel.newestFirst(OpaquePointer(a!), OpaquePointer(b!))
        }, nil, nil)
        // The sort model takes ownership of what it is given.
        photos = gtk_sort_list_model_new(OpaquePointer(g_object_ref(listing.store.raw)), sorter?.cast(GtkSorter.self))
        listing.stateChanged = { [weak self] in self?.changed?() }
        Signals.withPointer(photos.raw, "notify::n-items") { [weak self] _ in self?.changed?() }
    }

    isolated deinit {
        g_object_unref(photos.raw)
    }

    /// Lists `path`, or nothing for nil.
    func show(folder path: String?) {
        listing.show(folder: path)
    }

    var isLoading: Bool { listing.isLoading }
    /// The listing's edits of its store since the folder was shown (for the test hook).
    var storeEdits: Int { listing.storeEdits }
    var count: Int { Int(g_list_model_get_n_items(photos)) }

    /// Why the folder could not be listed (permission denied…), in GIO's words.
    var error: String? { listing.error }

    /// The file of the photo at `position` (a new reference), or nil.
    func file(at position: Int) -> OpaquePointer? {
        guard position >= 0, let info = g_list_model_get_item(photos, guint(position)) else { return nil }
        defer { g_object_unref(info) }
        return Self.file(of: OpaquePointer(info)).map { OpaquePointer(g_object_ref($0.raw)) }
    }

    /// The GFile GtkDirectoryList stores in each item (owned by the item).
    static func file(of info: OpaquePointer) -> OpaquePointer? {
        g_file_info_get_attribute_object(info, "standard::file").map { OpaquePointer($0) }
    }

    // MARK: Filter and order (called by GTK on the main thread)

    /// The MIME types gdk-pixbuf's loaders read here (HEIC, WebP, AVIF when installed).
    nonisolated static let imageTypes: Set<String> = {
        var types: Set<String> = []
        let formats = gdk_pixbuf_get_formats()
        var node = formats
        while let current = node {
            let format = OpaquePointer(current.pointee.data)
            if gdk_pixbuf_format_is_disabled(format) == 0, let list = gdk_pixbuf_format_get_mime_types(format) {
                var index = 0
                while let type = list[index] {
                    let name = String(cString: type)
                    if name.hasPrefix("image/") { types.insert(name) }
                    index += 1
                }
                g_strfreev(list)
            }
            node = current.pointee.next
        }
        g_slist_free(formats)
        return types
    }()

    nonisolated private static func isPhoto(_ info: OpaquePointer) -> Bool {
        if g_file_info_get_is_hidden(info) != 0 { return false }
        guard let type = g_file_info_get_content_type(info) else { return false }
        return imageTypes.contains(String(cString: type))
    }

    /// Newest first; the same second falls back to the name, so the order is stable.
    nonisolated private static func newestFirst(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
        let first = g_file_info_get_attribute_uint64(a, "time::modified")
        let second = g_file_info_get_attribute_uint64(b, "time::modified")
        if first != second { return first > second ? -1 : 1 }
        guard let nameA = g_file_info_get_name(a), let nameB = g_file_info_get_name(b) else { return 0 }
        return Int32(clamping: strcmp(nameA, nameB).signum())
    }
}
