// The document: the selected photos in collage order, the collage settings
// and the title.
// Its operations are pure value changes; CollageStore adds undo, observers and
// persistence on top, so the command line and the window share one model.

public struct CollageDocument: Hashable, Codable, Sendable {
    public var photos: [Photo]
    public var settings: CollageSettings
    /// Empty text: no title, nothing drawn.
    public var title: CollageTitle

    public init(photos: [Photo] = [], settings: CollageSettings = CollageSettings(), title: CollageTitle = CollageTitle()) {
        self.photos = photos
        self.settings = settings
        self.title = title
    }

    private enum CodingKeys: String, CodingKey { case photos, settings, title }

    /// Session files from before titles have none: they load with no title;
    /// nor do the photos of a file whose title cannot be read at all.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        photos = try c.decode([Photo].self, forKey: .photos)
        settings = try c.decode(CollageSettings.self, forKey: .settings)
        do {
            title = try c.decodeIfPresent(CollageTitle.self, forKey: .title) ?? CollageTitle()
        } catch {
            // No title rather than no collage; SessionValidation says so.
            title = CollageTitle()
            title.unreadable = ["title"]
        }
    }

    public var isFull: Bool { photos.count >= CollageLayout.maximumPhotos }
    public var freeSlots: Int { max(0, CollageLayout.maximumPhotos - photos.count) }

    /// What an add or insert did: the photos that went in and how many did not fit.
    public struct AddResult: Equatable, Sendable {
        public var added: [Photo]
        public var leftOut: Int
    }

    /// Inserts as many of `newPhotos` as fit at `index` (clamped), in their order.
    @discardableResult
    public mutating func insert(_ newPhotos: [Photo], at index: Int) -> AddResult {
        let fitting = Array(newPhotos.prefix(freeSlots))
        let position = min(max(index, 0), photos.count)
        photos.insert(contentsOf: fitting, at: position)
        return AddResult(added: fitting, leftOut: newPhotos.count - fitting.count)
    }

    /// Appends on the right, as SPEC §2 says new photos go.
    @discardableResult
    public mutating func append(_ newPhotos: [Photo]) -> AddResult {
        insert(newPhotos, at: photos.count)
    }

    /// Moves the photo at `source` so that it ends up at index `destination`.
    /// Returns false (and changes nothing) for out-of-range indices or a no-op.
    @discardableResult
    public mutating func move(from source: Int, to destination: Int) -> Bool {
        guard photos.indices.contains(source), photos.indices.contains(destination), source != destination else {
            return false
        }
        let photo = photos.remove(at: source)
        photos.insert(photo, at: destination)
        return true
    }

    /// Trades the places of the photos at `first` and `second`, crops and all.
    /// Returns false (and changes nothing) for out-of-range indices or a no-op.
    @discardableResult
    public mutating func swap(_ first: Int, _ second: Int) -> Bool {
        guard photos.indices.contains(first), photos.indices.contains(second), first != second else { return false }
        photos.swapAt(first, second)
        return true
    }

    @discardableResult
    public mutating func remove(id: Photo.ID) -> Photo? {
        guard let index = index(of: id) else { return nil }
        return photos.remove(at: index)
    }

    public func index(of id: Photo.ID) -> Int? {
        photos.firstIndex { $0.id == id }
    }

    public func photo(id: Photo.ID) -> Photo? {
        photos.first { $0.id == id }
    }

    /// Which parts differ from `other`: the photos (membership or order),
    /// crops, settings, the title.
    public func differences(from other: CollageDocument) -> CollageStore.Change.Parts {
        var parts: CollageStore.Change.Parts = []
        if photos.map(\.id) != other.photos.map(\.id) || photos.map(\.path) != other.photos.map(\.path) {
            parts.insert(.photos)
        }
        // A photo's fit counts with its crop: both say how it fills its cell.
        let otherCrops = Dictionary(other.photos.map { ($0.id, ($0.crop, $0.fit)) }, uniquingKeysWith: { first, _ in first })
        if photos.contains(where: { photo in otherCrops[photo.id].map { $0 != (photo.crop, photo.fit) } ?? false }) {
            parts.insert(.crops)
        }
        if settings != other.settings { parts.insert(.settings) }
        if title != other.title { parts.insert(.title) }
        return parts
    }

    /// The cells of the current photos at the output size, around the title's band.
    public func cells() throws(CollageLayout.LayoutError) -> [CellRect] {
        try frame().cells
    }
}
