import Foundation
import PlistCore
import PlistEditing
import Testing

@Suite struct ValueParserTests {
  /// A typed text and the value it must give.
  struct Accepted: Sendable, CustomTestStringConvertible {
    let text: String
    let kind: PlistKind
    let value: PlistValue
    init(_ text: String, _ kind: PlistKind, _ value: PlistValue) {
      self.text = text
      self.kind = kind
      self.value = value
    }
    var testDescription: String { "\(kind.rawValue) \"\(text)\"" }
  }

  /// A typed text and the exact message of its refusal.
  struct Refused: Sendable, CustomTestStringConvertible {
    let text: String
    let kind: PlistKind
    let message: String
    init(_ text: String, _ kind: PlistKind, _ message: String) {
      self.text = text
      self.kind = kind
      self.message = message
    }
    var testDescription: String { "\(kind.rawValue) \"\(text)\"" }
  }

  static func date(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0,
    _ second: Int64 = 0, plus fraction: Double = 0
  ) -> PlistValue {
    var date = PlistDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    date.secondsSinceReferenceDate += fraction
    return .date(date)
  }

  static let accepted: [Accepted] = [
    Accepted("", .string, .string("")),
    Accepted("  spaced \n", .string, .string("  spaced \n")),
    Accepted("Ünïcødé 🎉", .string, .string("Ünïcødé 🎉")),
    Accepted("0", .integer, .integer(PlistInteger(0))),
    Accepted("42", .integer, .integer(PlistInteger(42))),
    Accepted(" -7 ", .integer, .integer(PlistInteger(-7))),
    Accepted("+15", .integer, .integer(PlistInteger(15))),
    Accepted("0123", .integer, .integer(PlistInteger(123))),
    Accepted("0x2A", .integer, .integer(PlistInteger(42))),
    Accepted("0Xff", .integer, .integer(PlistInteger(255))),
    Accepted("-0x10", .integer, .integer(PlistInteger(-16))),
    Accepted("-0", .integer, .integer(PlistInteger(0))),
    Accepted("-9223372036854775808", .integer, .integer(PlistInteger(Int64.min))),
    Accepted("18446744073709551615", .integer, .integer(PlistInteger(UInt64.max))),
    Accepted("0xFFFFFFFFFFFFFFFF", .integer, .integer(PlistInteger(UInt64.max))),
    Accepted("1.5", .real, .real(1.5)),
    Accepted("-2e-3", .real, .real(-0.002)),
    Accepted("1E3", .real, .real(1000)),
    Accepted(".5", .real, .real(0.5)),
    Accepted("5.", .real, .real(5)),
    Accepted("+3.25", .real, .real(3.25)),
    Accepted("-0.0", .real, .real(-0.0)),
    Accepted(" 7 ", .real, .real(7)),
    Accepted("1e-400", .real, .real(0)),
    Accepted("nan", .real, .real(.nan)),
    Accepted("NaN", .real, .real(.nan)),
    Accepted("inf", .real, .real(.infinity)),
    Accepted("+INF", .real, .real(.infinity)),
    Accepted("-inf", .real, .real(-.infinity)),
    Accepted("Infinity", .real, .real(.infinity)),
    Accepted("true", .boolean, .boolean(true)),
    Accepted("YES", .boolean, .boolean(true)),
    Accepted("1", .boolean, .boolean(true)),
    Accepted("False", .boolean, .boolean(false)),
    Accepted("no", .boolean, .boolean(false)),
    Accepted(" 0 ", .boolean, .boolean(false)),
    Accepted("2024-03-01T12:34:56Z", .date, date(2024, 3, 1, 12, 34, 56)),
    Accepted("2024-03-01", .date, date(2024, 3, 1)),
    Accepted("2024-02-29T00:00:00Z", .date, date(2024, 2, 29)),
    Accepted("2000-02-29", .date, date(2000, 2, 29)),
    Accepted("2024-03-01t12:00:00z", .date, date(2024, 3, 1, 12)),
    Accepted("2024-03-01T12:00:00.25Z", .date, date(2024, 3, 1, 12, plus: 0.25)),
    Accepted("2024-03-01T14:30:00+02:00", .date, date(2024, 3, 1, 12, 30)),
    Accepted("2024-03-01T01:00:00-05:30", .date, date(2024, 3, 1, 6, 30)),
    Accepted("2024-01-01T00:30:00+01:00", .date, date(2023, 12, 31, 23, 30)),
    Accepted("0001-01-01T00:00:00Z", .date, date(1, 1, 1)),
    Accepted("9999-12-31T23:59:59Z", .date, date(9999, 12, 31, 23, 59, 59)),
    Accepted("-001-01-01T00:00:00Z", .date, date(-1, 1, 1)),
    Accepted("deadbeef", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))),
    Accepted("de ad be ef", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))),
    Accepted("<DEADBEEF>", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))),
    Accepted("<dead\n\tbeef 00>", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0]))),
    Accepted("", .data, .data(Data())),
    Accepted("<>", .data, .data(Data())),
    Accepted("base64:3q2+7w==", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))),
    Accepted("BASE64: 3q2+\n7w", .data, .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))),
    Accepted("base64:", .data, .data(Data())),
  ]

  @Test(arguments: accepted)
  func acceptsTypedValue(_ row: Accepted) throws {
    let value = try ValueParser.parse(row.text, as: row.kind)
    #expect(value == row.value)
    #expect(value.kind == row.kind)
  }

  static let dateHint = "type YYYY-MM-DDTHH:MM:SSZ in UTC, such as 2024-03-01T12:00:00Z"
  static let notInteger =
    "is not an integer; type decimal digits with an optional sign, or 0x and hex digits"
  static let notReal =
    "is not a real number; type digits with an optional point and exponent (1.5, -2e-3), inf or nan"

  static let refused: [Refused] = [
    Refused("", .integer, "an integer needs digits, such as 42, -7 or 0x2A"),
    Refused("-", .integer, "an integer needs digits, such as 42, -7 or 0x2A"),
    Refused("0x", .integer, "0x must be followed by hex digits, such as 0x2A"),
    Refused(
      "1,234", .integer, "an integer cannot contain thousands separators; type 1234 without them"),
    Refused(
      "-1 000 000", .integer,
      "an integer cannot contain thousands separators; type -1000000 without them"),
    Refused(
      "1.5", .integer,
      "an integer cannot have a fraction; type a whole number, or make the value a Real"),
    Refused("1e3", .integer, "an integer cannot have an exponent; type all of its digits"),
    Refused("abc", .integer, "\"abc\" \(notInteger)"),
    Refused("0x1G", .integer, "\"0x1G\" \(notInteger)"),
    Refused("- 5", .integer, "\"- 5\" \(notInteger)"),
    Refused(
      "18446744073709551616", .integer,
      "18446744073709551616 is outside the integer range -9223372036854775808 to "
        + "18446744073709551615"),
    Refused(
      "-9223372036854775809", .integer,
      "-9223372036854775809 is outside the integer range -9223372036854775808 to "
        + "18446744073709551615"),
    Refused("1,5", .real, "a real uses a point as its decimal separator; type 1.5, not 1,5"),
    Refused(
      "1,234,567.5", .real,
      "a real cannot contain thousands separators; type 1234567.5 without them"
    ),
    Refused("", .real, "\"\" \(notReal)"),
    Refused(".", .real, "\".\" \(notReal)"),
    Refused("1e", .real, "\"1e\" \(notReal)"),
    Refused("0x1p3", .real, "\"0x1p3\" \(notReal)"),
    Refused("one", .real, "\"one\" \(notReal)"),
    Refused(
      "1e400", .real,
      "1e400 is too large for a real, whose largest value is about 1.8e308; type inf for infinity"),
    Refused(
      "maybe", .boolean,
      "\"maybe\" is not a boolean; type true or false (yes, no, 1 and 0 also work)"),
    Refused(
      "2", .boolean, "\"2\" is not a boolean; type true or false (yes, no, 1 and 0 also work)"),
    Refused("2024-02-30", .date, "there is no day 30 in February 2024, which has 29 days"),
    Refused(
      "2023-02-29T00:00:00Z", .date, "there is no day 29 in February 2023, which has 28 days"),
    Refused("2024-04-31", .date, "there is no day 31 in April 2024, which has 30 days"),
    Refused("2024-13-01", .date, "there is no month 13; months go from 01 to 12"),
    Refused("2024-00-10", .date, "there is no month 00; months go from 01 to 12"),
    Refused("2024-01-01T24:00:00Z", .date, "hour 24 does not exist; hours go up to 23"),
    Refused("2024-01-01T12:60:00Z", .date, "minute 60 does not exist; minutes go up to 59"),
    Refused("2024-01-01T12:00:60Z", .date, "second 60 does not exist; seconds go up to 59"),
    Refused(
      "2024-01-01T12:00:00", .date,
      "a time needs Z (UTC) or an offset such as +02:00 after it; \(dateHint)"),
    Refused(
      "2024-01-01T12:00:00+2", .date,
      "a time zone offset is written +hh:mm or -hh:mm, such as +02:00"),
    Refused(
      "2024-01-01T12:00:00+24:00", .date,
      "the offset +24:00 is out of range; hours go up to 23 and minutes up to 59"),
    Refused(
      "2024-01-01T12:00:00.Z", .date,
      "a fractional second needs digits after the point, such as 12:00:00.5Z"),
    Refused("24-01-01", .date, "\"24-01-01\" is not a date; \(dateHint)"),
    Refused("2024/01/01", .date, "\"2024/01/01\" is not a date; \(dateHint)"),
    Refused("2024-1-1", .date, "\"2024-1-1\" is not a date; \(dateHint)"),
    Refused("2024-01-01T12:00Z", .date, "\"2024-01-01T12:00Z\" is not a date; \(dateHint)"),
    Refused(
      "2024-01-01T12:00:00Zjunk", .date, "\"2024-01-01T12:00:00Zjunk\" is not a date; \(dateHint)"),
    Refused("yesterday", .date, "\"yesterday\" is not a date; \(dateHint)"),
    Refused(
      "9999-12-31T23:59:59-01:00", .date,
      "9999-12-31T23:59:59-01:00 is outside the years -9999 to 9999 that property lists can hold"),
    Refused(
      "dea", .data,
      "hex data needs two digits for every byte, but 3 digits were typed; add or remove one"),
    Refused(
      "de ad g0", .data,
      "\"g\" is not a hex digit; type bytes as hex (de ad be ef) or as base64 after base64:"),
    Refused(
      "0xdead", .data,
      "\"x\" is not a hex digit; type bytes as hex (de ad be ef) or as base64 after base64:"),
    Refused(
      "base64:3q2+7", .data,
      "the text after base64: is cut short; base64 comes in groups of 4 characters"),
    Refused(
      "base64:3q2*", .data,
      "the text after base64: is not base64; use only A–Z, a–z, 0–9, + and / with = at the end"),
    Refused(
      "5", .uid,
      "a UID refers to an archived object and cannot be typed; edit it with its archive"),
    Refused("()", .array, "an Array cannot be typed as text; add its items one by one"),
    Refused("{}", .dictionary, "a Dictionary cannot be typed as text; add its items one by one"),
  ]

  @Test(arguments: refused)
  func refusesWithReason(_ row: Refused) {
    #expect(throws: EditError(.invalidValue, row.message)) {
      try ValueParser.parse(row.text, as: row.kind)
    }
  }

  @Test func messagesAreSentencesWithoutFinalPeriod() {
    for row in Self.refused {
      #expect(!row.message.hasSuffix("."), "\(row.testDescription)")
    }
  }

  static let roundTrips: [PlistValue] = [
    .string(""), .string("a\tb\nc"), .string(" leading and trailing "),
    .integer(PlistInteger(0)), .integer(PlistInteger(-1)), .integer(PlistInteger(Int64.min)),
    .integer(PlistInteger(Int64.max)), .integer(PlistInteger(UInt64.max)),
    .real(0), .real(-0.0), .real(1.5), .real(0.1), .real(-1e-300), .real(1e300),
    .real(Double.leastNonzeroMagnitude), .real(Double.greatestFiniteMagnitude),
    .real(123_456_789.123_456_78), .real(.nan), .real(.infinity), .real(-.infinity),
    .boolean(true), .boolean(false),
    date(1, 1, 1), date(9999, 12, 31, 23, 59, 59), date(2001, 1, 1), date(1970, 1, 1),
    date(-1, 6, 15), date(2024, 3, 1, 12, plus: 0.5), date(2024, 3, 1, 12, plus: 0.123_456_789),
    date(1931, 7, 4, 8, plus: 0.001), date(9999, 12, 31, 23, 59, 59, plus: 0.75),
    .data(Data()), .data(Data([0])), .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0x01])),
    .data(Data((0...255).map { UInt8($0) })),
  ]

  @Test(arguments: roundTrips)
  func textParsesBackToTheSameValue(_ value: PlistValue) throws {
    let text = ValueParser.text(for: value)
    #expect(try ValueParser.parse(text, as: value.kind) == value, "\(text)")
  }

  @Test func textHasTheEditorForms() {
    #expect(ValueParser.text(for: .integer(PlistInteger(-42))) == "-42")
    #expect(ValueParser.text(for: .real(5)) == "5.0")
    #expect(ValueParser.text(for: .real(-0.0)) == "-0.0")
    #expect(ValueParser.text(for: .real(.nan)) == "nan")
    #expect(ValueParser.text(for: .real(-.infinity)) == "-inf")
    #expect(ValueParser.text(for: .boolean(false)) == "false")
    #expect(ValueParser.text(for: Self.date(1, 1, 1)) == "0001-01-01T00:00:00Z")
    #expect(
      ValueParser.text(for: Self.date(2024, 3, 1, 12, plus: 0.25)) == "2024-03-01T12:00:00.25Z")
    #expect(
      ValueParser.text(for: .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0, 1, 2, 3, 0xFF])))
        == "deadbeef 00010203 ff")
    #expect(ValueParser.text(for: .data(Data())) == "")
    #expect(ValueParser.text(for: .uid(7)) == "UID 7")
    #expect(ValueParser.text(for: .array([PlistNode(.string("a"))])) == "1 item")
    #expect(ValueParser.text(for: .dictionary(PlistDictionary())) == "0 items")
  }
}
