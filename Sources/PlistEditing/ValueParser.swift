import Foundation
import PlistCore

/// Turns text typed by a person into a typed property-list value, and a value back into the
/// text an editor starts from.
///
/// For every scalar value `v` (string, integer, real, boolean, date, data),
/// `parse(text(for: v), as: v.kind) == v`. White space around integers, reals, booleans and
/// dates is ignored; strings are taken as typed. Refusals are ``EditError`` values of kind
/// ``EditError/Kind/invalidValue`` whose message says what was expected.
package enum ValueParser {
  /// Parses `text` as a value of `kind`.
  ///
  /// - string: the text as is, empty included.
  /// - integer: an optional sign, then decimal digits or `0x` and hex digits, from
  ///   `Int64.min` to `UInt64.max`; thousands separators, fractions and exponents are refused.
  /// - real: a decimal number with optional fraction and exponent (`1.5`, `-2e-3`, `.5`), or
  ///   `nan`, `inf`, `infinity` with an optional sign, in any case; a decimal comma is refused.
  /// - boolean: `true`/`false`, `yes`/`no`, `1`/`0`, in any case.
  /// - date: `YYYY-MM-DDTHH:MM:SSZ` (UTC), optionally with a fractional second and with a
  ///   `+hh:mm`/`-hh:mm` offset instead of `Z` (converted to UTC), or a bare `YYYY-MM-DD`
  ///   (midnight UTC); years 0000–9999 (and negative years as Apple writes them); impossible
  ///   days such as February 30 are refused.
  /// - data: hex digits, two per byte, with white space anywhere and optionally inside `<…>`;
  ///   or `base64:` followed by base64 text.
  /// - uid, array, dictionary: refused, since they are not typed as text.
  ///
  /// - Parameters:
  ///   - text: what the person typed.
  ///   - kind: the kind of value wanted.
  /// - Returns: the value, of kind `kind`.
  /// - Throws: ``EditError`` of kind `.invalidValue`, its message naming what was expected.
  package static func parse(_ text: String, as kind: PlistKind) throws(EditError) -> PlistValue {
    switch kind {
    case .string: return .string(text)
    case .integer: return .integer(try parseInteger(text))
    case .real: return .real(try parseReal(text))
    case .boolean: return .boolean(try parseBoolean(text))
    case .date: return .date(try parseDate(text))
    case .data: return .data(try parseData(text))
    case .uid:
      throw invalid(
        "a UID refers to an archived object and cannot be typed; edit it with its archive")
    case .array, .dictionary:
      throw invalid(
        "\(kind.displayName.withArticle) cannot be typed as text; add its items one by one")
    }
  }

  /// The text an editor starts from for `value`; parsing it back as `value.kind` gives `value`.
  ///
  /// - string: the string itself.
  /// - integer: decimal, with `-` for negative values.
  /// - real: the shortest decimal that reads back to the same double (`1.5`, `1e+300`, `-0.0`),
  ///   or `nan`, `inf`, `-inf`.
  /// - boolean: `true` or `false`.
  /// - date: `YYYY-MM-DDTHH:MM:SSZ` in UTC, with as many fractional digits as the instant needs
  ///   (none for whole seconds). A date no format can hold (NaN, beyond ±2^53 seconds) gives
  ///   Apple's fallback `0001-01-01T00:00:00Z` and does not round-trip.
  /// - data: lower-case hex in groups of 4 bytes separated by spaces (`deadbeef 0001`); empty
  ///   for no bytes.
  /// - uid: `UID n`; array, dictionary: `n items` (a summary that ``parse(_:as:)`` refuses).
  package static func text(for value: PlistValue) -> String {
    switch value {
    case .string(let string): return string
    case .integer(let integer): return integer.description
    case .real(let real): return realText(real)
    case .boolean(let bool): return bool ? "true" : "false"
    case .date(let date): return dateText(date)
    case .data(let data): return hexText(data)
    case .uid(let uid): return "UID \(uid)"
    case .array(let items): return itemCount(items.count)
    case .dictionary(let dictionary): return itemCount(dictionary.count)
    }
  }

  // MARK: - Scalars

  /// Reads an integer; see ``parse(_:as:)``.
  static func parseInteger(_ text: String) throws(EditError) -> PlistInteger {
    let typed = trimmed(text)
    var rest = Substring(typed)
    var negative = false
    if let sign = rest.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      rest = rest.dropFirst()
    }
    var radix: UInt64 = 10
    if rest.count >= 2, rest.hasPrefix("0x") || rest.hasPrefix("0X") {
      radix = 16
      rest = rest.dropFirst(2)
      guard !rest.isEmpty else {
        throw invalid("0x must be followed by hex digits, such as 0x2A")
      }
    }
    guard !rest.isEmpty else {
      throw invalid("an integer needs digits, such as 42, -7 or 0x2A")
    }
    var magnitude: UInt64 = 0
    var overflow = false
    for character in rest {
      guard let digit = character.asciiHexValue, UInt64(digit) < radix else {
        throw invalid(integerMistake(typed, radix: radix))
      }
      let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
      overflow = overflow || o1 || o2
      magnitude = sum
    }
    guard !overflow, let integer = PlistInteger(magnitude: magnitude, isNegative: negative) else {
      throw invalid(
        "\(typed) is outside the integer range \(Int64.min) to \(UInt64.max)")
    }
    return integer
  }

  /// The message for a malformed integer: names the usual mistakes (separators, fractions,
  /// exponents) and otherwise says what an integer looks like.
  private static func integerMistake(_ typed: String, radix: UInt64) -> String {
    let separators: Set<Character> = [",", "_", "'", " ", "\u{00A0}"]
    if radix == 10 {
      let body = typed.drop { $0 == "-" || $0 == "+" }
      if body.first?.isASCIIDigit == true, body.contains(where: separators.contains),
        body.allSatisfy({ $0.isASCIIDigit || separators.contains($0) })
      {
        let digits = String(typed.filter { !separators.contains($0) })
        return "an integer cannot contain thousands separators; type \(digits) without them"
      }
      if body.contains("."), body.allSatisfy({ $0.isASCIIDigit || $0 == "." }) {
        return "an integer cannot have a fraction; type a whole number, or make the value a Real"
      }
      if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }),
        body[..<e].allSatisfy({ $0.isASCIIDigit || $0 == "." }),
        body[body.index(after: e)...].allSatisfy({ $0.isASCIIDigit || $0 == "-" || $0 == "+" })
      {
        return "an integer cannot have an exponent; type all of its digits"
      }
    }
    return "\"\(typed)\" is not an integer; type decimal digits with an optional sign, "
      + "or 0x and hex digits"
  }

  /// Reads a real; see ``parse(_:as:)``.
  static func parseReal(_ text: String) throws(EditError) -> Double {
    let typed = trimmed(text)
    var rest = Substring(typed)
    var negative = false
    if let sign = rest.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      rest = rest.dropFirst()
    }
    switch rest.lowercased() {
    case "inf", "infinity": return negative ? -.infinity : .infinity
    case "nan": return .nan
    default: break
    }
    guard isDecimalReal(rest) else {
      throw invalid(realMistake(typed))
    }
    guard let value = Double(typed) else {
      throw invalid(realMistake(typed))
    }
    guard value.isFinite else {
      throw invalid(
        "\(typed) is too large for a real, whose largest value is about 1.8e308; type inf for "
          + "infinity")
    }
    return value
  }

  /// True for digits with an optional point and exponent, at least one mantissa digit.
  private static func isDecimalReal(_ text: Substring) -> Bool {
    var i = text.startIndex
    var digits = 0
    while i < text.endIndex, text[i].isASCIIDigit {
      digits += 1
      i = text.index(after: i)
    }
    if i < text.endIndex, text[i] == "." {
      i = text.index(after: i)
      while i < text.endIndex, text[i].isASCIIDigit {
        digits += 1
        i = text.index(after: i)
      }
    }
    guard digits > 0 else { return false }
    if i < text.endIndex, text[i] == "e" || text[i] == "E" {
      i = text.index(after: i)
      if i < text.endIndex, text[i] == "-" || text[i] == "+" { i = text.index(after: i) }
      var exponentDigits = 0
      while i < text.endIndex, text[i].isASCIIDigit {
        exponentDigits += 1
        i = text.index(after: i)
      }
      guard exponentDigits > 0 else { return false }
    }
    return i == text.endIndex
  }

  /// The message for a malformed real: names a decimal comma or thousands separators, and
  /// otherwise says what a real looks like.
  private static func realMistake(_ typed: String) -> String {
    let body = typed.drop { $0 == "-" || $0 == "+" }
    let commas = body.filter { $0 == "," }.count
    if commas > 0, body.allSatisfy({ $0.isASCIIDigit || $0 == "," || $0 == "." }),
      body.first?.isASCIIDigit == true
    {
      if commas == 1, !body.contains(".") {
        let point = typed.replacingOccurrences(of: ",", with: ".")
        return "a real uses a point as its decimal separator; type \(point), not \(typed)"
      }
      let plain = typed.replacingOccurrences(of: ",", with: "")
      return "a real cannot contain thousands separators; type \(plain) without them"
    }
    return "\"\(typed)\" is not a real number; type digits with an optional point and exponent "
      + "(1.5, -2e-3), inf or nan"
  }

  /// Reads a boolean; see ``parse(_:as:)``.
  static func parseBoolean(_ text: String) throws(EditError) -> Bool {
    let typed = trimmed(text)
    switch typed.lowercased() {
    case "true", "yes", "1": return true
    case "false", "no", "0": return false
    default:
      throw invalid(
        "\"\(typed)\" is not a boolean; type true or false (yes, no, 1 and 0 also work)")
    }
  }

  /// The shortest decimal that reads back to `real`, or `nan`, `inf`, `-inf`.
  private static func realText(_ real: Double) -> String {
    if real.isNaN { return "nan" }
    if real.isInfinite { return real < 0 ? "-inf" : "inf" }
    return real.description
  }

  /// `n items`, or `1 item`.
  private static func itemCount(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
  }

  /// `text` without white space and newlines at either end.
  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// An `.invalidValue` error with `message`.
  static func invalid(_ message: String) -> EditError {
    EditError(.invalidValue, message)
  }
}

extension Character {
  /// True for `0`…`9` only (not other scripts' digits).
  var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }

  /// The value of an ASCII hex digit (`0`…`9`, `a`…`f`, `A`…`F`), or nil.
  var asciiHexValue: Int? {
    guard let ascii = asciiValue else { return nil }
    switch ascii {
    case 0x30...0x39: return Int(ascii - 0x30)
    case 0x41...0x46: return Int(ascii - 0x41 + 10)
    case 0x61...0x66: return Int(ascii - 0x61 + 10)
    default: return nil
    }
  }
}

extension PlistKind {
  /// The kind's name as Xcode's property-list editor shows it: `String`, `Integer`, `Real`,
  /// `Boolean`, `Date`, `Data`, `Array`, `Dictionary`, `UID`.
  package var displayName: String {
    switch self {
    case .uid: "UID"
    default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }
}

extension String {
  /// The name with `a` or `an` in front: "an Integer", "a String".
  var withArticle: String {
    if self == "Data" { return "a Data value" }
    guard let first = first?.lowercased() else { return self }
    return ("aeiou".contains(first) && !hasPrefix("UID") ? "an " : "a ") + self
  }
}
