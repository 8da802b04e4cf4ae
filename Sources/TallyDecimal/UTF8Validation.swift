// Strict UTF-8 decoding for the readers above this module (the JSON reader, the purchase log, the
// command input), on every platform the package supports.

/// `bytes` as a string when they are well-formed UTF-8, else `nil`; nothing is replaced or
/// dropped (a leading byte-order mark is kept).
///
/// `String(validating:as:)` says the same, but needs macOS 15 / iOS 18, above the package's
/// minimums. Decoding replaces ill-formed bytes with U+FFFD, so the bytes are well-formed exactly
/// when the decoded text encodes back to them (a count would not do: the three bytes of a cut
/// four-byte sequence become one three-byte U+FFFD).
package func validatedUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
