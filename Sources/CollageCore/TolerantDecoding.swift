// Reading one value of a session or project on its own: a value of the wrong
// type is left out and its key named, so the settings, the title and the
// look can fall back to a default and SessionValidation can say what was
// corrected, instead of the whole file failing or the value going silently.

extension KeyedDecodingContainer {
    /// The value at `key`, nil when it is absent or cannot be read as `type`
    /// (then the key is added to `unreadable`).
    func decodeIfReadable<T: Decodable>(_ type: T.Type, forKey key: Key, unreadable: inout [String]) -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch {
            unreadable.append(key.stringValue)
            return nil
        }
    }
}
