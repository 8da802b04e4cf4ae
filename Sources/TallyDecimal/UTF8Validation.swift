// Strict UTF-8 decoding for the readers above this module (the JSON reader, the purchase log, the
// command input), on every platform the package supports.

/// `bytes` as a string when they are well-formed UTF-8, else `nil`; nothing is replaced or
/// dropped (a leading byte-order mark is kept).
///
/// `String(validating:as:)` says the same, but needs macOS 15 / iOS 18, above the package's
/// minimums. Contiguous bytes (an array, a slice of one, `Data`) are checked by `isWellFormedUTF8`
/// in one pass; others are copied into an array first.
package func validatedUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
    func decoded(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        isWellFormedUTF8(buffer) ? String(decoding: buffer, as: UTF8.self) : nil
    }
    // `.some(nil)`: contiguous bytes that are not UTF-8.
    if let answer = bytes.withContiguousStorageIfAvailable(decoded) { return answer }
    return Array(bytes).withUnsafeBufferPointer(decoded)
}

/// Whether `bytes` are well-formed UTF-8: the Unicode Standard's table 3-7, so no overlong forms,
/// no surrogates (`ED A0…BF`), nothing above U+10FFFF, no cut sequence.
///
/// This replaced decoding with replacement and comparing the text with the bytes, which, called
/// generically from other modules, took about 200 ns a byte: a review measured 2.45 s for a 10 MB
/// document of white space and 20 s for the 99 MB a command may read. `UTF8ValidationTests`
/// compares the two on every sequence of one and two bytes, on sequences of boundary bytes and on
/// random ones.
package func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        // How many bytes the sequence has, and the range of its second byte (the others are
        // 80…BF).
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return false
        }
        guard count - index >= length else { return false }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return false }
        var next = index + 2
        while next < index + length {
            guard bytes[next] & 0xC0 == 0x80 else { return false }
            next += 1
        }
        index += length
    }
    return true
}
