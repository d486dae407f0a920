import Foundation
import PlistCore

/// Dates typed as ISO 8601 text, converted with `PlistDate`'s own calendar arithmetic (no
/// `Calendar`, no `TimeZone`, so the result is the same under every `TZ`).
extension ValueParser {
  /// The example shown in every date message.
  private static let dateExample = "type YYYY-MM-DDTHH:MM:SSZ in UTC, such as 2024-03-01T12:00:00Z"

  /// Reads a date; see ``parse(_:as:)``.
  ///
  /// Accepted: `YYYY-MM-DD`, then optionally `T` and `HH:MM:SS`, an optional `.` and fraction
  /// digits, and `Z` or an offset `+hh:mm`/`-hh:mm` (required after a time). The year has four
  /// digits, or `-` and one to four digits (Apple writes year -1 as `-001`).
  static func parseDate(_ text: String) throws(EditError) -> PlistDate {
    let typed = trimmed(text)
    var scanner = DateScanner(Array(typed.utf8))
    let negative = scanner.take("-")
    guard let year = scanner.number(minDigits: negative ? 1 : 4, maxDigits: 4), scanner.take("-"),
      let month = scanner.number(minDigits: 2, maxDigits: 2), scanner.take("-"),
      let day = scanner.number(minDigits: 2, maxDigits: 2)
    else { throw invalid("\"\(typed)\" is not a date; \(dateExample)") }
    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    var fraction = 0.0
    var offsetSeconds: Int64 = 0
    if !scanner.atEnd {
      guard scanner.take("T") || scanner.take("t"),
        let h = scanner.number(minDigits: 2, maxDigits: 2), scanner.take(":"),
        let mi = scanner.number(minDigits: 2, maxDigits: 2), scanner.take(":"),
        let s = scanner.number(minDigits: 2, maxDigits: 2)
      else { throw invalid("\"\(typed)\" is not a date; \(dateExample)") }
      (hour, minute, second) = (h, mi, s)
      if scanner.take(".") {
        guard let digits = scanner.digits(), let value = Double("0." + digits) else {
          throw invalid("a fractional second needs digits after the point, such as 12:00:00.5Z")
        }
        fraction = value
      }
      if scanner.take("Z") || scanner.take("z") {
        // UTC.
      } else if let sign = scanner.sign() {
        guard let oh = scanner.number(minDigits: 2, maxDigits: 2), scanner.take(":"),
          let om = scanner.number(minDigits: 2, maxDigits: 2)
        else { throw invalid("a time zone offset is written +hh:mm or -hh:mm, such as +02:00") }
        guard oh <= 23, om <= 59 else {
          throw invalid(
            "the offset \(sign < 0 ? "-" : "+")\(pad(oh)):\(pad(om)) is out of range; "
              + "hours go up to 23 and minutes up to 59")
        }
        offsetSeconds = sign * (oh * 3_600 + om * 60)
      } else {
        throw invalid(
          "a time needs Z (UTC) or an offset such as +02:00 after it; \(dateExample)")
      }
      guard scanner.atEnd else { throw invalid("\"\(typed)\" is not a date; \(dateExample)") }
    }
    let y = negative ? -year : year
    try checkFields(year: y, month: month, day: day, hour: hour, minute: minute, second: second)
    var date = PlistDate(
      year: y, month: month, day: day, hour: hour, minute: minute, second: second)
    date.secondsSinceReferenceDate += fraction - Double(offsetSeconds)
    guard date.isInSupportedRange else {
      throw invalid("\(typed) is outside the years -9999 to 9999 that property lists can hold")
    }
    return date
  }

  /// Refuses impossible calendar fields (month 13, February 30, hour 24, second 60).
  private static func checkFields(
    year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
  ) throws(EditError) {
    guard (1...12).contains(month) else {
      throw invalid("there is no month \(pad(month)); months go from 01 to 12")
    }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      throw invalid(
        "there is no day \(pad(day)) in \(monthNames[Int(month) - 1]) \(year), which has "
          + "\(length) days")
    }
    guard hour <= 23 else { throw invalid("hour \(pad(hour)) does not exist; hours go up to 23") }
    guard minute <= 59 else {
      throw invalid("minute \(pad(minute)) does not exist; minutes go up to 59")
    }
    guard second <= 59 else {
      throw invalid("second \(pad(second)) does not exist; seconds go up to 59")
    }
  }

  /// English month names, for messages.
  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// Days in a month of the proleptic Gregorian calendar.
  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Two digits, zero-padded.
  private static func pad(_ value: Int64) -> String {
    value < 10 && value >= 0 ? "0\(value)" : "\(value)"
  }

  /// The date as `YYYY-MM-DDTHH:MM:SSZ`, with the fewest fractional digits that read back to
  /// the same instant.
  static func dateText(_ date: PlistDate) -> String {
    let seconds = date.secondsSinceReferenceDate
    let whole = seconds.rounded(.down)
    let fraction = seconds - whole
    guard fraction > 0, fraction.isFinite, date.components != nil else { return date.xmlString }
    let stem = String(date.xmlString.dropLast())
    for places in 1...17 {
      let digits = String(format: "%.\(places)f", fraction)
      // "0.5" → "5"; a fraction that rounds up to "1.0" cannot be written at this precision.
      guard digits.hasPrefix("0."), let value = Double(digits) else { continue }
      if whole + value == seconds {
        var kept = digits.dropFirst(2)
        while kept.last == "0" { kept = kept.dropLast() }
        return stem + "." + kept + "Z"
      }
    }
    return date.iso8601String
  }
}

/// A cursor over the bytes of typed date text.
private struct DateScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index == bytes.count }

  /// Consumes `character` when it is next.
  mutating func take(_ character: Character) -> Bool {
    guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else {
      return false
    }
    index += 1
    return true
  }

  /// Consumes `+` or `-` and returns 1 or -1.
  mutating func sign() -> Int64? {
    if take("+") { return 1 }
    if take("-") { return -1 }
    return nil
  }

  /// Consumes between `minDigits` and `maxDigits` decimal digits; nil (consuming nothing
  /// useful) when there are fewer, or when more digits follow.
  mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
    var value: Int64 = 0
    var count = 0
    while index < bytes.count, count < maxDigits, (0x30...0x39).contains(bytes[index]) {
      value = value * 10 + Int64(bytes[index] - 0x30)
      index += 1
      count += 1
    }
    if index < bytes.count, (0x30...0x39).contains(bytes[index]) { return nil }
    return count >= minDigits ? value : nil
  }

  /// Consumes one or more decimal digits and returns them as text.
  mutating func digits() -> String? {
    let start = index
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    guard index > start else { return nil }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }
}
