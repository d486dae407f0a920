import PlistBundle
import PlistCore

/// A `<date>` whose text names a day or time that does not exist (`2024-01-32`, hour 25), which
/// Apple's parser reads as a different instant by carrying the excess over.
struct OutOfRangeDateRule: Rule {
  static let description = RuleDescription(
    identifier: "out_of_range_date",
    name: "Date Outside the Calendar",
    severity: .warning,
    category: .structure,
    appliesTo: FileRole.files,
    summary: "A date's text names a month, day or time that does not exist",
    rationale: """
      A property list writes a date as `YYYY-MM-DDTHH:MM:SSZ` in UTC. Apple's XML parser does
      not check the fields against the calendar: it carries an excess over into the next field,
      so `2024-01-32T20:43:14Z` is read as February 1, and Foundation keeps doing so for
      compatibility (swift-foundation's decoding-compatibility test holds exactly that date).
      Nothing Apple documents rejects such a file, but it says one instant and means another,
      and other readers disagree with Apple's: Python's `plistlib`, which many build scripts
      use, refuses the file. Apple is silent on these dates, so this is a warning rather than
      an error. The fix writes the instant Apple reads in the canonical form, which every
      reader takes the same way.
      """,
    appleSource: AppleSource(
      title: "Information Property List",
      url: "https://developer.apple.com/documentation/bundleresources/information-property-list"
    ),
    nonTriggering: [
      RuleExample(
        xml: "<plist><dict><key>Built</key><date>2024-02-29T23:59:59Z</date></dict></plist>"),
      RuleExample(
        xml: "<plist><dict><key>Zero</key><date>0000-02-29T00:00:00Z</date></dict></plist>"),
      RuleExample(["Built": PlistNode(.date(PlistDate(secondsSinceReferenceDate: 86_400)))]),
    ],
    triggering: [
      RuleExample(
        xml: "<plist><dict><key>Built</key><date>2024-01-32T20:43:14Z</date></dict></plist>",
        expect: ["Built"]),
      RuleExample(
        xml: "<plist><array><date>2023-02-29T00:00:00Z</date></array></plist>", expect: ["[0]"]),
      RuleExample(
        xml: "<plist><dict><key>A</key><date>2004-13-45T25:61:61Z</date></dict></plist>",
        expect: ["A"]),
    ])

  /// True for a date, or a container that may hold one.
  private static func mayHoldDate(_ node: PlistNode) -> Bool {
    switch node.value {
    case .dictionary, .array, .date: return true
    default: return false
    }
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard !subject.text.isEmpty else { return [] }
    var findings: [Finding] = []
    // Only containers and dates are walked into: the other values cannot hold a date.
    subject.root.walk { node, path in
      guard case .date(let date) = node.value else { return Self.mayHoldDate(node) }
      guard let body = Self.body(of: node, in: subject.text),
        PlistDate(xmlBody: body) == date
      else { return false }
      let fields = PlistDate.outOfRangeFields(inXMLBody: body)
      guard !fields.isEmpty else { return false }
      let written = String(decoding: body, as: UTF8.self)
      let named = fields.map { "\($0.field) \($0.value)" }.joined(separator: ", ")
      let message =
        "the date \(written) names a time that does not exist (\(named)); Apple's parser "
        + "carries the excess over and reads \(date.xmlString), and other readers such as "
        + "Python's plistlib refuse the file"
      findings.append(
        subject.finding(
          Self.description, at: path, message,
          fix: Fix("write it as \(date.xmlString)", [.set(path, .date(date))])))
      return false
    }
    return findings
  }

  /// The text between a `<date>` element's tags, when the node has its range in `text`.
  static func body(of node: PlistNode, in text: [UInt8]) -> [UInt8]? {
    let location = node.location
    guard location.hasRange, Int(location.end) <= text.count else { return nil }
    let element = text[location.range]
    guard let open = element.firstIndex(of: UInt8(ascii: ">")),
      let close = element.lastIndex(of: UInt8(ascii: "<")), open < close
    else { return nil }
    return Array(element[(open + 1)..<close])
  }
}
