/// A JSON value as Tally reads it: numbers keep their exact text, objects keep their key order.
///
/// `JSONDecoder` turns numbers into `Double` or `Decimal` before anyone sees them, which is how
/// `216.46` becomes `216.46000000000001024` and a 60-digit amount loses its tail. `JSONReader`
/// keeps a number as the characters that were written, and `BigDecimal` parses those exactly.
public enum JSONValue: Hashable, Sendable {
    /// An object, with its members in document order (duplicate keys are a reading error).
    case object(JSONObject)
    /// An array.
    case array([JSONValue])
    /// A string, unescaped.
    case string(String)
    /// A number, as its exact text (`"12.75"`, `"-1e3"`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The kind of value, for error messages: `"an object"`, `"a number"`, ….
    public var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// The members of a JSON object, in document order.
public struct JSONObject: Hashable, Sendable {
    /// The members.
    public let members: [(key: String, value: JSONValue)]

    /// Creates an object from its members.
    public init(_ members: [(key: String, value: JSONValue)]) {
        self.members = members
    }

    /// The value of `key`, or `nil`. Keys match code point by code point, as the reader tells
    /// them apart (not by Swift's canonical equivalence).
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// Whether two objects have the same members in the same order (keys compared code point by
    /// code point, as the reader tells them apart).
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value == $1.value }
    }

    /// Hashes the members in order, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
