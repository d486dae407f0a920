import Foundation

/// One node of a property-list tree: a value and where it came from.
///
/// The tree is a plain value type: containers hold their children in Swift arrays, so copies
/// are cheap until mutated. Equality (`==`) compares values only, never locations.
package struct PlistNode: Sendable {
  /// The node's value; containers hold their children.
  package var value: PlistValue
  /// Where the node was read from; `.none` for nodes made in memory.
  package var location: SourceLocation

  /// Creates a node.
  package init(_ value: PlistValue, location: SourceLocation = .none) {
    self.value = value
    self.location = location
  }
}

extension PlistNode: Equatable {
  /// Compares the values of two nodes, ignoring their locations.
  package static func == (lhs: PlistNode, rhs: PlistNode) -> Bool { lhs.value == rhs.value }
}

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

/// An integer of a property list: any value from `Int64.min` to `UInt64.max`.
///
/// Apple's XML parser reads both signed and unsigned 64-bit values; binary property lists store
/// values above `Int64.max` as 16-byte integers. Values outside that range are an error where
/// they are read, never wrapped.
package struct PlistInteger: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The absolute value.
  package let magnitude: UInt64
  /// True for values below zero (never true when `magnitude` is 0).
  package let isNegative: Bool

  /// Creates an integer from a sign and magnitude; returns nil below `Int64.min`.
  package init?(magnitude: UInt64, isNegative: Bool) {
    if isNegative && magnitude > UInt64(Int64.max) + 1 { return nil }
    self.magnitude = magnitude
    self.isNegative = isNegative && magnitude != 0
  }

  /// Creates an integer from a signed 64-bit value.
  package init(_ value: Int64) {
    magnitude = value.magnitude
    isNegative = value < 0
  }

  /// Creates an integer from an unsigned 64-bit value.
  package init(_ value: UInt64) {
    magnitude = value
    isNegative = false
  }

  /// Creates an integer from an `Int`.
  package init(_ value: Int) { self.init(Int64(value)) }

  /// The value as `Int64`, or nil above `Int64.max`.
  package var int64: Int64? {
    if isNegative { return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude) }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value as `UInt64`, or nil below zero.
  package var uint64: UInt64? { isNegative ? nil : magnitude }

  /// True when the value needs the unsigned range (above `Int64.max`).
  package var isBeyondInt64: Bool { !isNegative && magnitude > UInt64(Int64.max) }

  /// The decimal form, with a leading `-` for negative values.
  package var description: String { isNegative ? "-\(magnitude)" : "\(magnitude)" }

  package static func < (lhs: PlistInteger, rhs: PlistInteger) -> Bool {
    switch (lhs.isNegative, rhs.isNegative) {
    case (true, false): true
    case (false, true): false
    case (false, false): lhs.magnitude < rhs.magnitude
    case (true, true): lhs.magnitude > rhs.magnitude
    }
  }
}
