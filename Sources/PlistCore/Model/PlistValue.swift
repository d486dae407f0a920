import Foundation

/// A property-list value: the nine kinds Apple's formats carry.
///
/// - `string`: any Unicode text.
/// - `integer`: the whole signed and unsigned 64-bit range (see `PlistInteger`).
/// - `real`: an IEEE 754 double, NaN and both infinities included.
/// - `boolean`.
/// - `date`: an instant in UTC (see `PlistDate`).
/// - `data`: raw bytes.
/// - `array`: ordered children.
/// - `dictionary`: ordered entries, duplicates kept (see `PlistDictionary`).
/// - `uid`: a keyed-archiver object reference (binary property lists only).
package enum PlistValue: Sendable, Equatable {
  case string(String)
  case integer(PlistInteger)
  case real(Double)
  case boolean(Bool)
  case date(PlistDate)
  case data(Data)
  case array([PlistNode])
  case dictionary(PlistDictionary)
  case uid(UInt64)

  /// The kind of the value, without its payload.
  package var kind: PlistKind {
    switch self {
    case .string: .string
    case .integer: .integer
    case .real: .real
    case .boolean: .boolean
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    case .uid: .uid
    }
  }

  /// Equality as Apple's formats define it: reals compare by bit pattern so that NaN equals
  /// NaN (a document read twice is equal to itself), and `-0.0` differs from `0.0`.
  package static func == (lhs: PlistValue, rhs: PlistValue) -> Bool {
    switch (lhs, rhs) {
    case let (.string(a), .string(b)): a == b
    case let (.integer(a), .integer(b)): a == b
    case let (.real(a), .real(b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    case let (.boolean(a), .boolean(b)): a == b
    case let (.date(a), .date(b)): a == b
    case let (.data(a), .data(b)): a == b
    case let (.array(a), .array(b)): a == b
    case let (.dictionary(a), .dictionary(b)): a == b
    case let (.uid(a), .uid(b)): a == b
    default: false
    }
  }

  /// The string, when the value is one.
  package var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The boolean, when the value is one.
  package var boolValue: Bool? {
    if case .boolean(let b) = self { return b }
    return nil
  }

  /// The array's children, when the value is an array.
  package var arrayValue: [PlistNode]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The dictionary, when the value is one.
  package var dictionaryValue: PlistDictionary? {
    if case .dictionary(let d) = self { return d }
    return nil
  }

  /// The number of children of a container, or nil for a scalar.
  package var childCount: Int? {
    switch self {
    case .array(let a): a.count
    case .dictionary(let d): d.count
    default: nil
    }
  }
}

/// The kind of a property-list value, as named in XML tags and by `plutil -type`.
package enum PlistKind: String, Sendable, CaseIterable {
  case string, integer, real, boolean, date, data, array, dictionary, uid

  /// True for arrays and dictionaries.
  package var isContainer: Bool { self == .array || self == .dictionary }
}
