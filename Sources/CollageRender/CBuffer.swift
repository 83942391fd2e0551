// Text a C function wrote into a buffer we gave it (libtiff's and the
// metadata guard's reasons): up to the first NUL, as UTF-8, bad bytes shown
// as U+FFFD. What the text says is the caller's.

extension String {
    init(cChars buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
