import Foundation
import Testing

@testable import PlistCore

/// Reads XML text (UTF-8) through the sniffing entry point, as users' files are read.
func readXML(_ text: String, file: String? = nil) throws(PlistError) -> PlistDocument {
  try PlistReader.read(Data(text.utf8), file: file)
}

func plist(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>

  """
}

@Suite struct XMLPlistReaderTests {
  @Test func readsIntegersAcrossTheWhole64BitRange() throws {
    let doc = try readXML(
      plist(
        """
        <array>
        \t<integer>18446744073709551615</integer>
        \t<integer>-65</integer>
        \t<integer>-9223372036854775808</integer>
        \t<integer>9223372036854775807</integer>
        \t<integer>0x7fffffffffffffff</integer>
        \t<integer>0123</integer>
        \t<integer>-0</integer>
        </array>
        """))
    let items = try #require(doc.root.value.arrayValue).map(\.value)
    #expect(items[0] == .integer(PlistInteger(UInt64.max)))
    #expect(items[1] == .integer(PlistInteger(Int64(-65))))
    #expect(items[2] == .integer(PlistInteger(Int64.min)))
    #expect(items[3] == .integer(PlistInteger(Int64.max)))
    #expect(items[4] == .integer(PlistInteger(Int64.max)))
    #expect(items[5] == .integer(PlistInteger(123)))
    #expect(items[6] == .integer(PlistInteger(0)))
    #expect(PlistInteger(UInt64.max).description == "18446744073709551615")
  }

  @Test(arguments: [
    ("18446744073709551616", "does not fit in 64 bits"),
    ("-9223372036854775809", "does not fit in 64 bits"),
    ("12a", "malformed <integer>"),
    ("", "malformed <integer>"),
    ("1 2", "malformed <integer>"),
  ])
  func rejectsIntegersAtTheirLocation(body: String, message: String) {
    let error = #expect(throws: PlistError.self) {
      try readXML("<array>\n  <integer>\(body)</integer>\n</array>", file: "x.plist")
    }
    #expect(error?.line == 2)
    #expect(error?.column == 12)
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    #expect(error?.description.hasPrefix("x.plist:2:12: error: ") == true)
  }

  /// The exact fast path for reals gives strtod's double, bit for bit, on the bodies it takes
  /// (short decimals, small exponents, signed zeros) and leaves the rest to strtod: a table of
  /// edge cases and 20,000 generated bodies.
  @Test func realsReadExactlyAsStrtodReadsThem() {
    var bodies = [
      "0", "-0", "+0", "-0.0", "0.000", "5.", ".5", "-.5", "1e22", "1e23", "1e-22", "1e-23",
      "9007199254740992", "9007199254740993", "9007199254740991.5", "123456789012345678",
      "0.1", "0.2", "0.3", "2.2250738585072014e-308", "1.7976931348623157e308", "4.9e-324",
      "1e400", "-1e400", "1e-400", "0e99999", "-0e-99999", "3.14159265358979323846",
      "00000000000000000000001.5", "1.00000000000000000000000", "32.5", "-17.25E+2",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = String(
        (0..<Int.random(in: 1...18, using: &generator)).map { _ in
          Character(String(Int.random(in: 0...9, using: &generator)))
        })
      let point = Int.random(in: 0...digits.count, using: &generator)
      var body = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      if Bool.random(using: &generator) { body = "-" + body }
      if Int.random(in: 0..<3, using: &generator) == 0 {
        body += "e\(Int.random(in: -30...30, using: &generator))"
      }
      bodies.append(body)
    }
    for body in bodies {
      let expected = Double(body)
      let read = Array(body.utf8).withUnsafeBufferPointer { XMLScanner.parseReal($0) }
      #expect(read?.bitPattern == expected?.bitPattern, "\(body)")
    }
    // The fast path itself answered most of them.
    let fast = bodies.filter { body in
      Array(body.utf8).withUnsafeBufferPointer { XMLScanner.exactReal($0, from: 0) } != nil
    }
    #expect(fast.count > 10_000)
  }

  @Test func keepsNaNAndInfinities() throws {
    let doc = try readXML(
      "<array><real>nan</real><real>+infinity</real><real>-INF</real><real>-0.0</real></array>")
    let items = try #require(doc.root.value.arrayValue)
    guard case .real(let nan) = items[0].value, case .real(let inf) = items[1].value,
      case .real(let minusInf) = items[2].value, case .real(let minusZero) = items[3].value
    else {
      Issue.record("expected four reals")
      return
    }
    #expect(nan.isNaN)
    #expect(inf == .infinity)
    #expect(minusInf == -.infinity)
    #expect(minusZero.sign == .minus && minusZero == 0)
  }

  @Test func readsOldAndFarDatesTheSameUnderEveryTimeZone() throws {
    let text =
      "<array><date>1931-05-06T01:02:03Z</date><date>0001-01-01T00:00:00Z</date>"
      + "<date>4001-12-31T23:59:59Z</date><date>1900-02-28T12:00:00Z</date></array>"
    var results: [[Double]] = []
    let saved = ProcessInfo.processInfo.environment["TZ"]
    for zone in ["America/Los_Angeles", "Asia/Kathmandu", "UTC"] {
      setenv("TZ", zone, 1)
      tzset()
      let doc = try readXML(text)
      results.append(
        try #require(doc.root.value.arrayValue).compactMap {
          if case .date(let d) = $0.value { return d.secondsSinceReferenceDate }
          return nil
        })
    }
    if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
    tzset()
    #expect(results[0] == results[1])
    #expect(results[0] == results[2])
    // Values checked against Python: (datetime(1931,5,6,1,2,3) - datetime(2001,1,1)).total_seconds()
    #expect(results[0] == [-2_198_271_477, -63_113_904_000, 63_145_439_999, -3_182_241_600])
    let written = results[0].map { PlistDate(secondsSinceReferenceDate: $0).xmlString }
    #expect(
      written == [
        "1931-05-06T01:02:03Z", "0001-01-01T00:00:00Z", "4001-12-31T23:59:59Z",
        "1900-02-28T12:00:00Z",
      ])
  }

  @Test func carriesOverOutOfRangeDateFieldsAsApple() throws {
    let doc = try readXML("<date>2024-01-32T00:00:00Z</date>")
    guard case .date(let d) = doc.root.value else {
      Issue.record("expected a date")
      return
    }
    #expect(d.xmlString == "2024-02-01T00:00:00Z")
  }

  /// The fields lint reports for a date outside the calendar: each by name, leap years
  /// proleptic Gregorian (0 and 2000 leap, 1900 not), nothing for a malformed body.
  @Test func namesTheDateFieldsOutsideTheCalendar() {
    func fields(_ text: String) -> [String] {
      PlistDate.outOfRangeFields(inXMLBody: Array(text.utf8)).map { "\($0.field) \($0.value)" }
    }
    #expect(fields("2024-01-32T00:00:00Z") == ["day 32"])
    #expect(
      fields("2004-13-45T25:61:61Z") == ["month 13", "day 45", "hour 25", "minute 61", "second 61"])
    #expect(fields("2000-02-29T00:00:00Z") == [])
    #expect(fields("0000-02-29T00:00:00Z") == [])
    #expect(fields("1900-02-29T00:00:00Z") == ["day 29"])
    #expect(fields("2024-04-31T00:00:00Z") == ["day 31"])
    #expect(fields("2024-00-00T24:00:60Z") == ["month 0", "day 0", "hour 24", "second 60"])
    #expect(fields("2024-12-31T23:59:59Z") == [])
    #expect(fields("2024-12-31") == [])
    #expect(
      PlistDate(xmlBody: Array("2024-01-32T00:00:00Z".utf8))?.xmlString == "2024-02-01T00:00:00Z")
  }

  /// An unknown element name of 100,000 characters is quoted in the error cut to 80 and an
  /// ellipsis, not echoed whole.
  @Test func errorsQuoteLongInputCut() {
    let name = String(repeating: "x", count: 100_000)
    let error = #expect(throws: PlistError.self) { try readXML("<plist><\(name)/></plist>") }
    #expect(
      error?.message.hasPrefix("unknown element <" + String(repeating: "x", count: 80) + "…>")
        == true)
    #expect((error?.message.count ?? .max) < 200)
    let long = String(repeating: "9", count: 5_000)
    let real = #expect(throws: PlistError.self) { try readXML("<real>\(long)z</real>") }
    #expect((real?.message.count ?? .max) < 200)
  }

  @Test func readsSignedFourDigitYearsAndRefusesWiderOnes() throws {
    let doc = try readXML(
      "<array><date>-001-01-01T00:00:00Z</date><date>0000-01-02T00:00:00Z</date></array>")
    let dates = try #require(doc.root.value.arrayValue).compactMap { node -> PlistDate? in
      if case .date(let d) = node.value { return d }
      return nil
    }
    #expect(dates.map(\.xmlString) == ["-0001-01-01T00:00:00Z", "0000-01-02T00:00:00Z"])
    #expect(dates.allSatisfy { $0.isInSupportedRange })
    #expect(throws: PlistError.self) { try readXML("<date>10000-01-01T00:00:00Z</date>") }
    #expect(!PlistDate(secondsSinceReferenceDate: .nan).isInSupportedRange)
    #expect(
      !PlistDate(year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0).isInSupportedRange)
  }

  @Test func refusesFractionalSecondsAsApple() {
    let error = #expect(throws: PlistError.self) {
      try readXML("<date>2001-01-01T00:00:00.5Z</date>")
    }
    #expect(error?.column == 7)
  }

  @Test func decodesEntitiesCharacterReferencesAndCDATA() throws {
    let doc = try readXML(
      """
      <array><string>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&#128664;&#x1F698;</string>\
      <string><![CDATA[<raw> & ]]]]><![CDATA[>]]>tail</string><string/><string></string></array>
      """)
    let items = try #require(doc.root.value.arrayValue).map(\.value)
    #expect(items[0] == .string("&<>\"'AB\u{1F698}\u{1F698}"))
    #expect(items[1] == .string("<raw> & ]]>tail"))
    #expect(items[2] == .string(""))
    #expect(items[3] == .string(""))
  }

  @Test func acceptsCommentsAndProcessingInstructionsBetweenKeyAndValue() throws {
    let doc = try readXML(
      plist(
        """
        <dict>
        \t<key>A</key> <!-- why A --> <?editor note?>
        \t<string>a<!-- inside -->b</string>
        \t<!-- between entries -->
        \t<key>B</key>
        \t<true></true>
        \t<key>C</key>
        \t<false/>
        </dict>
        """))
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict.keys == ["A", "B", "C"])
    #expect(dict["A"]?.value == .string("ab"))
    #expect(dict["B"]?.value == .boolean(true))
    #expect(dict["C"]?.value == .boolean(false))
  }

  @Test func keepsDuplicateKeysAndLooksUpTheLast() throws {
    let doc = try readXML(
      "<dict><key>k</key><string>1</string><key>k</key><string>2</string></dict>")
    let dict = try #require(doc.root.value.dictionaryValue)
    #expect(dict.count == 2)
    #expect(dict["k"]?.value == .string("2"))
    #expect(dict.duplicateKeys.map(\.indices) == [[0, 1]])
  }

  @Test func readsDataWithLineBreaksAndEmptyContainers() throws {
    let doc = try readXML(
      "<array><data>\n\tPGJp\n\tbmFy\r\n eT4=\n</data><data/><dict/><array/></array>")
    let items = try #require(doc.root.value.arrayValue).map(\.value)
    #expect(items[0] == .data(Data("<binary>".utf8)))
    #expect(items[1] == .data(Data()))
    #expect(items[2] == .dictionary(PlistDictionary()))
    #expect(items[3] == .array([]))
  }

  @Test func readsUTF8WithByteOrderMarkAndUTF16() throws {
    let body = "<plist version=\"1.0\"><string>Åbenraa 🚘</string></plist>"
    let bom = try PlistReader.read(Data([0xEF, 0xBB, 0xBF] + Array(body.utf8)))
    #expect(bom.root.value == .string("Åbenraa 🚘"))
    #expect(bom.encoding == .utf8WithBOM)
    let decl = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + body
    var le: [UInt8] = [0xFF, 0xFE]
    for u in decl.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
    let utf16 = try PlistReader.read(Data(le))
    #expect(utf16.root.value == .string("Åbenraa 🚘"))
    #expect(utf16.encoding == .utf16LittleEndian)
  }

  @Test func recordsLinesColumnsAndByteRanges() throws {
    let text =
      "<plist>\n<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n</dict>\n</plist>\n"
    let doc = try readXML(text)
    let root = doc.root.location
    #expect((root.line, root.column, root.start, root.contentStart) == (2, 1, 8, 14))
    #expect(Int(root.end) == text.utf8.count - 10)
    let entry = try #require(doc.root.value.dictionaryValue?.entries.first)
    #expect((entry.keyLocation.line, entry.keyLocation.column) == (3, 2))
    #expect(
      Array(Array(text.utf8)[entry.keyLocation.range]) == Array("<key>CFBundleName</key>".utf8))
    #expect((entry.node.location.line, entry.node.location.column) == (4, 2))
    #expect(
      Array(Array(text.utf8)[entry.node.location.range]) == Array("<string>App</string>".utf8))
  }

  @Test func countsLoneCarriageReturnsAsLineBreaks() {
    let error = #expect(throws: PlistError.self) {
      try readXML("<plist>\r<dict>\r<key>a</key>\r<integer>x</integer></dict></plist>")
    }
    #expect(error?.line == 4)
  }

  @Test func neverExpandsDoctypeOrExternalEntities() throws {
    let doc = try readXML(
      """
      <?xml version="1.0"?>
      <!DOCTYPE plist SYSTEM "file:///etc/passwd">
      <plist><string>safe</string></plist>
      """)
    #expect(doc.root.value == .string("safe"))
    let error = #expect(throws: PlistError.self) {
      try readXML(
        "<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><plist><string>&x;</string></plist>"
      )
    }
    #expect(error?.message.contains("internal subset") == true)
    #expect(throws: PlistError.self) { try readXML("<plist><string>&x;</string></plist>") }
  }

  @Test func limitsNestingDepthWithoutOverflowingTheStack() {
    let count = 1_000_000
    let deep =
      String(repeating: "<array>", count: count) + String(repeating: "</array>", count: count)
    let error = #expect(throws: PlistError.self) { try readXML(deep) }
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message == PlistLimits.tooDeepToRead)
    #expect((error?.line, error?.column) == (1, 7 * PlistLimits.maxDepth + 1))
    let levels = PlistLimits.maxDepth
    let fine =
      String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels)
    // The tree is released on a large stack.
    LargeStack.run { #expect(throws: Never.self) { try readXML(fine) } }
  }

  @Test(arguments: [
    ("<plist><dict><key>a</key></dict></plist>", 1, 26, "missing value for key \"a\""),
    ("<plist><array><key>a</key></array></plist>", 1, 15, "<key> inside <array>"),
    ("<plist><dict><string>a</string></dict></plist>", 1, 14, "expected a <key>"),
    ("<plist><string>a</strin></plist>", 1, 17, "mismatched close tag"),
    ("<plist><strong>a</strong></plist>", 1, 8, "unknown element <strong>"),
    ("<plist><string>a</string></plist>junk", 1, 34, "after the property list"),
    ("<plist><string>a &b</string></plist>", 1, 18, "unterminated entity"),
    ("<plist>\n  <string>\u{1}", 2, 3, "unterminated <string>"),
    ("<?xml version=\"1.0\"?>\n", 2, 1, "found the end of the text"),
  ])
  func reportsWhatWasExpectedWhere(text: String, line: Int, column: Int, message: String) {
    let error = #expect(throws: PlistError.self) { try readXML(text) }
    #expect(error?.line == line, "\(String(describing: error))")
    #expect(error?.column == column, "\(String(describing: error))")
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
  }

  @Test func reportsInvalidUTF8AtTheByte() {
    let bytes = Array("<plist>\n<string>ok \u{E9}".utf8) + [0xFF] + Array("</string></plist>".utf8)
    let error = #expect(throws: PlistError.self) { try PlistReader.read(Data(bytes)) }
    #expect(error?.kind == .encoding)
    #expect(error?.line == 2)
    #expect(error?.column == 14)
  }
}
