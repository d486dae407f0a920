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
