import Foundation
import PlistCore
import PlistEditing
import Testing

@Suite struct ValueConversionTests {
  /// A conversion and its result.
  struct Converted: Sendable, CustomTestStringConvertible {
    let value: PlistValue
    let kind: PlistKind
    let result: PlistValue
    init(_ value: PlistValue, _ kind: PlistKind, _ result: PlistValue) {
      self.value = value
      self.kind = kind
      self.result = result
    }
    var testDescription: String { "\(value.kind.rawValue) → \(kind.rawValue)" }
  }

  /// A conversion and the message of its refusal.
  struct Refused: Sendable, CustomTestStringConvertible {
    let value: PlistValue
    let kind: PlistKind
    let message: String
    init(_ value: PlistValue, _ kind: PlistKind, _ message: String) {
      self.value = value
      self.kind = kind
      self.message = message
    }
    var testDescription: String { "\(value.kind.rawValue) → \(kind.rawValue)" }
  }

  static let march = PlistDate(year: 2024, month: 3, day: 1, hour: 12, minute: 0, second: 0)
  static let three = PlistDictionary([
    PlistEntry(key: "a", node: PlistNode(.integer(PlistInteger(1)))),
    PlistEntry(key: "b", node: PlistNode(.integer(PlistInteger(2)))),
    PlistEntry(key: "c", node: PlistNode(.integer(PlistInteger(3)))),
  ])

  static let converted: [Converted] = [
    Converted(.string("42"), .integer, .integer(PlistInteger(42))),
    Converted(.string("0x10"), .integer, .integer(PlistInteger(16))),
    Converted(.string("1.5"), .real, .real(1.5)),
    Converted(.string("yes"), .boolean, .boolean(true)),
    Converted(.string("2024-03-01T12:00:00Z"), .date, .date(march)),
    Converted(.string("<00ff>"), .data, .data(Data([0, 0xFF]))),
    Converted(.integer(PlistInteger(-7)), .string, .string("-7")),
    Converted(.real(2.5), .string, .string("2.5")),
    Converted(.boolean(true), .string, .string("true")),
    Converted(.date(march), .string, .string("2024-03-01T12:00:00Z")),
    Converted(.data(Data([1, 2, 3, 4, 5])), .string, .string("01020304 05")),
    Converted(.integer(PlistInteger(3)), .real, .real(3)),
    Converted(.integer(PlistInteger(Int64.min)), .real, .real(-9_223_372_036_854_775_808)),
    Converted(.integer(PlistInteger(UInt64.max - 2047)), .real, .real(18_446_744_073_709_549_568)),
    Converted(.real(3), .integer, .integer(PlistInteger(3))),
    Converted(.real(-0.0), .integer, .integer(PlistInteger(0))),
    Converted(.real(-9_223_372_036_854_775_808), .integer, .integer(PlistInteger(Int64.min))),
    Converted(
      .real(18_446_744_073_709_549_568), .integer, .integer(PlistInteger(UInt64.max - 2047))),
    Converted(.boolean(true), .integer, .integer(PlistInteger(1))),
    Converted(.boolean(false), .integer, .integer(PlistInteger(0))),
    Converted(.integer(PlistInteger(1)), .boolean, .boolean(true)),
    Converted(.integer(PlistInteger(0)), .boolean, .boolean(false)),
    Converted(.array([]), .dictionary, .dictionary(PlistDictionary())),
    Converted(.dictionary(PlistDictionary()), .array, .array([])),
    Converted(.string("keep"), .string, .string("keep")),
    Converted(.dictionary(three), .dictionary, .dictionary(three)),
    Converted(.uid(4), .uid, .uid(4)),
    Converted(.real(.nan), .real, .real(.nan)),
  ]

  @Test(arguments: converted)
  func convertsWhereTheMeaningIsKept(_ row: Converted) throws {
    #expect(try ValueParser.convert(row.value, to: row.kind) == row.result)
  }

  static let refused: [Refused] = [
    Refused(
      .dictionary(three), .string,
      "a Dictionary of 3 items cannot become a String; remove it and add a new one"),
    Refused(
      .array([PlistNode(.string("x"))]), .dictionary,
      "an Array of 1 item cannot become a Dictionary; remove it and add a new one"),
    Refused(
      .array([]), .integer, "an empty Array cannot become an Integer; remove it and add a new one"),
    Refused(
      .dictionary(PlistDictionary()), .boolean,
      "an empty Dictionary cannot become a Boolean; remove it and add a new one"),
    Refused(
      .string("a"), .array,
      "a String cannot become an Array without losing its value; remove it and add a new one"),
    Refused(
      .uid(3), .integer,
      "a UID refers to an archived object and has no meaning as another type, or another type "
        + "as a UID"),
    Refused(
      .integer(PlistInteger(3)), .uid,
      "a UID refers to an archived object and has no meaning as another type, or another type "
        + "as a UID"),
    Refused(
      .string("1,234"), .integer,
      "an integer cannot contain thousands separators; type 1234 without them"),
    Refused(
      .string("soon"), .date,
      "\"soon\" is not a date; type YYYY-MM-DDTHH:MM:SSZ in UTC, such as 2024-03-01T12:00:00Z"),
    Refused(.real(1.5), .integer, "1.5 is not a whole number, so it cannot become an Integer"),
    Refused(
      .real(.nan), .integer,
      "nan is outside the integer range -9223372036854775808 to 18446744073709551615, so it "
        + "cannot become an Integer"),
    Refused(
      .real(1e20), .integer,
      "1e+20 is outside the integer range -9223372036854775808 to 18446744073709551615, so it "
        + "cannot become an Integer"),
    Refused(
      .integer(PlistInteger(Int64(9_007_199_254_740_993))), .real,
      "9007199254740993 has no exact Real (reals hold whole numbers exactly only up to 2^53); "
        + "keep it an Integer"),
    Refused(
      .integer(PlistInteger(2)), .boolean,
      "only the integers 0 and 1 can become a Boolean, and this one is 2"),
    Refused(
      .integer(PlistInteger(-1)), .boolean,
      "only the integers 0 and 1 can become a Boolean, and this one is -1"),
    Refused(
      .date(march), .integer,
      "a Date cannot become an Integer; change it to a String first to edit the text, or remove "
        + "it and add a new one"),
    Refused(
      .boolean(true), .real,
      "a Boolean cannot become a Real; change it to a String first to edit the text, or remove "
        + "it and add a new one"),
    Refused(
      .data(Data([1])), .date,
      "a Data value cannot become a Date; change it to a String first to edit the text, or remove it "
        + "and add a new one"),
  ]

  @Test(arguments: refused)
  func refusesWhereTheValueWouldBeLost(_ row: Refused) {
    #expect(throws: EditError(.typeChangeRefused, row.message)) {
      try ValueParser.convert(row.value, to: row.kind)
    }
  }

  @Test(arguments: [
    PlistValue.integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max)), .real(-0.0),
    .real(.nan), .real(1e-300), .boolean(true), .date(march), .data(Data()), .data(Data([9, 8])),
  ])
  func scalarThroughStringComesBack(_ value: PlistValue) throws {
    let text = try ValueParser.convert(value, to: .string)
    #expect(try ValueParser.convert(text, to: value.kind) == value)
  }
}
