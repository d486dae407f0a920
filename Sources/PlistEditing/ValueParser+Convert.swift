import Foundation
import PlistCore

/// The editor's "change type": converting a value where the result means the same thing, and
/// refusing where the value would be lost.
extension ValueParser {
  /// Converts `value` to `kind`.
  ///
  /// - same kind: unchanged;
  /// - string → integer, real, boolean, date or data: parsed as ``parse(_:as:)`` reads it;
  /// - integer, real, boolean, date or data → string: ``text(for:)``;
  /// - integer → real when the double holds it exactly; real → integer when it is a whole
  ///   number from `Int64.min` to `UInt64.max` (`-0.0` gives 0);
  /// - boolean → integer gives 1 or 0; integer → boolean only from 1 or 0;
  /// - an empty array ↔ an empty dictionary.
  ///
  /// Everything else is refused: a container that holds items, an empty container to or from
  /// a scalar, a UID, and scalar pairs with no common meaning (a date and an integer).
  ///
  /// - Parameters:
  ///   - value: the value to convert.
  ///   - kind: the kind wanted.
  /// - Returns: a value of kind `kind`.
  /// - Throws: ``EditError`` of kind `.typeChangeRefused` saying why; for a string that does
  ///   not parse, the parse message.
  package static func convert(
    _ value: PlistValue, to kind: PlistKind
  ) throws(EditError)
    -> PlistValue
  {
    if value.kind == kind { return value }
    let from = value.kind.displayName
    let to = kind.displayName
    switch (value, kind) {
    case (.array(let items), .dictionary) where items.isEmpty:
      return .dictionary(PlistDictionary())
    case (.dictionary(let dictionary), .array) where dictionary.count == 0:
      return .array([])
    case (.array, _), (.dictionary, _):
      let count = value.childCount ?? 0
      let what =
        count == 0
        ? "an empty \(from)" : "\(from.withArticle) of \(count) item\(count == 1 ? "" : "s")"
      throw refused("\(what) cannot become \(to.withArticle); remove it and add a new one")
    case (_, .array), (_, .dictionary):
      throw refused(
        "\(from.withArticle) cannot become \(to.withArticle) without losing its value; remove it "
          + "and add a new one")
    case (.uid, _), (_, .uid):
      throw refused(
        "a UID refers to an archived object and has no meaning as another type, or another type "
          + "as a UID")
    case (.string(let text), _):
      do {
        return try parse(text, as: kind)
      } catch {
        throw refused(error.message)
      }
    case (_, .string):
      return .string(text(for: value))
    case (.integer(let integer), .real):
      let real = integer.isNegative ? -Double(integer.magnitude) : Double(integer.magnitude)
      guard let back = PlistInteger(exactReal: real), back == integer else {
        throw refused(
          "\(integer) has no exact Real (reals hold whole numbers exactly only up to 2^53); keep it "
            + "an Integer")
      }
      return .real(real)
    case (.real(let real), .integer):
      guard let integer = PlistInteger(exactReal: real) else {
        let reason =
          !real.isFinite || real.rounded(.towardZero) == real
          ? "is outside the integer range \(Int64.min) to \(UInt64.max)"
          : "is not a whole number"
        throw refused("\(text(for: value)) \(reason), so it cannot become an Integer")
      }
      return .integer(integer)
    case (.boolean(let bool), .integer):
      return .integer(PlistInteger(bool ? 1 : 0))
    case (.integer(let integer), .boolean):
      guard integer.magnitude <= 1, !integer.isNegative else {
        throw refused("only the integers 0 and 1 can become a Boolean, and this one is \(integer)")
      }
      return .boolean(integer.magnitude == 1)
    default:
      throw refused(
        "\(from.withArticle) cannot become \(to.withArticle); change it to a String first to "
          + "edit the text, or remove it and add a new one")
    }
  }

  /// A `.typeChangeRefused` error with `message`.
  private static func refused(_ message: String) -> EditError {
    EditError(.typeChangeRefused, message)
  }
}

extension PlistInteger {
  /// The integer equal to `real`, or nil when `real` is not a whole number in
  /// `Int64.min…UInt64.max` (NaN and infinities included).
  fileprivate init?(exactReal real: Double) {
    guard real.isFinite, real.rounded(.towardZero) == real else { return nil }
    if real < 0 {
      guard let magnitude = UInt64(exactly: -real) else { return nil }
      self.init(magnitude: magnitude, isNegative: true)
    } else {
      guard let magnitude = UInt64(exactly: real) else { return nil }
      self.init(magnitude: magnitude, isNegative: false)
    }
  }
}
