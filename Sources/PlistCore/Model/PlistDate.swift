import Foundation

/// An instant of a property list: seconds since 2001-01-01T00:00:00Z, as Apple's formats store it.
///
/// The value is a `Double`, so binary property lists keep their sub-second precision. Calendar
/// conversion uses the proleptic Gregorian calendar in UTC with plain integer arithmetic (no
/// `TimeZone`, no `Calendar`), so reading and writing give the same result under every `TZ`
/// setting and for any year, 1 and 4001 as well as 1931.
package struct PlistDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Seconds since 2001-01-01T00:00:00Z (Apple's reference date); negative before it.
  package var secondsSinceReferenceDate: Double

  /// Creates a date from seconds since 2001-01-01T00:00:00Z.
  package init(secondsSinceReferenceDate: Double) {
    self.secondsSinceReferenceDate = secondsSinceReferenceDate
  }

  /// The first instant every reader accepts, -9999-01-01T00:00:00Z.
  ///
  /// Apple's XML form has four-digit years with an optional sign, so instants outside years
  /// -9999…9999 could not be converted between formats; the readers report them as
  /// `.outOfRange` (Apple's binary reader takes any double, NaN included).
  package static let earliest = PlistDate(
    year: -9_999, month: 1, day: 1, hour: 0, minute: 0, second: 0)
  /// The instant just after the last that every reader accepts, 10000-01-01T00:00:00Z.
  package static let end = PlistDate(
    year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0)

  /// True when every format can hold the instant (see `earliest`); false for NaN.
  package var isInSupportedRange: Bool {
    secondsSinceReferenceDate >= PlistDate.earliest.secondsSinceReferenceDate
      && secondsSinceReferenceDate < PlistDate.end.secondsSinceReferenceDate
  }

  /// Creates a date from a Foundation `Date`.
  package init(_ date: Date) { secondsSinceReferenceDate = date.timeIntervalSinceReferenceDate }

  /// The Foundation `Date` of the same instant.
  package var date: Date { Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate) }

  /// Days from 0001-01-01 to 2001-01-01 in the proleptic Gregorian calendar, shifted so that
  /// `daysFromCivil` counts from 1970-01-01.
  private static let referenceDaysFrom1970: Int64 = 11_323

  /// Creates a date from calendar fields in UTC; fields out of range are carried over (day 32
  /// of January is February 1), as Apple's XML parser does.
  package init(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
    // Normalise the month into 1...12, carrying into the year.
    let m0 = month - 1
    let yearCarry = m0 >= 0 ? m0 / 12 : (m0 - 11) / 12
    let y = year &+ yearCarry
    let m = m0 - yearCarry * 12 + 1
    let days = PlistDate.daysFromCivil(year: y, month: m, day: 1) &+ (day - 1)
    let seconds =
      (days &- PlistDate.referenceDaysFrom1970) &* 86_400 &+ hour &* 3_600
      &+ minute &* 60 &+ second
    secondsSinceReferenceDate = Double(seconds)
  }

  /// The calendar fields of the instant in UTC (proleptic Gregorian), seconds rounded down.
  ///
  /// - Returns: nil when the value is not finite or is beyond ±2^53 seconds.
  package var components: (year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int)?
  {
    let s = secondsSinceReferenceDate.rounded(.down)
    guard s.isFinite, abs(s) < 9.0e15 else { return nil }
    let total = Int64(s)
    var days = total / 86_400
    var rest = total % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let civil = PlistDate.civilFromDays(days + PlistDate.referenceDaysFrom1970)
    return (
      civil.year, civil.month, civil.day, Int(rest / 3_600), Int(rest % 3_600 / 60),
      Int(rest % 60)
    )
  }

  /// The date in Apple's XML form, `YYYY-MM-DDTHH:MM:SSZ`, in UTC with whole seconds (Apple's
  /// parser refuses fractions).
  ///
  /// Years are four digits at least, zero-padded (`0001`); a year before 1 BC has its sign
  /// before four digits (`-0001`), the ISO 8601 expanded form, where C's `%04d` (and so
  /// Apple's writer) gives `-001`, which is no ISO 8601 date.
  package var xmlString: String {
    guard let c = components else { return "0001-01-01T00:00:00Z" }
    return "\(PlistDate.pad(c.year, c.year < 0 ? 5 : 4))-\(PlistDate.pad(Int64(c.month), 2))-"
      + "\(PlistDate.pad(Int64(c.day), 2))T\(PlistDate.pad(Int64(c.hour), 2)):"
      + "\(PlistDate.pad(Int64(c.minute), 2)):\(PlistDate.pad(Int64(c.second), 2))Z"
  }

  /// The ISO 8601 form with fractional seconds when there are any (for display and JSON).
  ///
  /// The instant is rounded to the microsecond first, so a fraction that rounds to a whole
  /// second gives that second (`…00:00:01Z` for 0.9999999 s), never an empty fraction.
  package var iso8601String: String {
    let seconds = secondsSinceReferenceDate
    guard seconds.isFinite, seconds.rounded(.down) != seconds else { return xmlString }
    let micro = (seconds * 1_000_000).rounded()
    let whole = (micro / 1_000_000).rounded(.down)
    let fraction = Int64(micro - whole * 1_000_000)
    let base = PlistDate(secondsSinceReferenceDate: whole).xmlString
    guard fraction > 0, fraction < 1_000_000 else { return base }
    var digits = String(fraction)
    digits = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    while digits.last == "0" { digits.removeLast() }
    return String(base.dropLast()) + "." + digits + "Z"
  }

  package var description: String { iso8601String }

  package static func < (lhs: PlistDate, rhs: PlistDate) -> Bool {
    lhs.secondsSinceReferenceDate < rhs.secondsSinceReferenceDate
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let sign = value < 0 ? "-" : ""
    let zeros = max(0, width - sign.count - digits.count)
    return sign + String(repeating: "0", count: zeros) + digits
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The proleptic Gregorian date of a count of days since 1970-01-01 (`civil_from_days`).
  static func civilFromDays(_ z0: Int64) -> (year: Int64, month: Int, day: Int) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = Int(doy - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
