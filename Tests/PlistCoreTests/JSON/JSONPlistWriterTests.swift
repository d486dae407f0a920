import Foundation
import PlistCore
import TestSupport
import Testing

private typealias T = TreeBuilder

@Suite struct JSONPlistWriterTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var node: PlistNode
    var json: String
    var testDescription: String { name }
  }

  static let scalarCases: [Case] = [
    Case(name: "string", node: T.string("com.example.app"), json: #""com.example.app""#),
    Case(name: "empty string", node: T.string(""), json: #""""#),
    Case(
      name: "escapes", node: T.string("q\"b\\s/\u{8}\u{C}\n\r\t\u{1}\u{1F}"),
      json: #""q\"b\\s/\b\f\n\r\t\u0001\u001f""#),
    Case(name: "unicode stays UTF-8", node: T.string("Åbenraa 🚘"), json: "\"Åbenraa 🚘\""),
    Case(name: "zero", node: T.int(0), json: "0"),
    Case(name: "negative", node: T.int(-65), json: "-65"),
    Case(name: "Int64.min", node: T.int(.min), json: "-9223372036854775808"),
    Case(name: "UInt64.max", node: T.uint(.max), json: "18446744073709551615"),
    Case(name: "0.1", node: T.real(0.1), json: "0.1"),
    Case(name: "3.0", node: T.real(3), json: "3.0"),
    Case(name: "1e300", node: T.real(1e300), json: "1e+300"),
    Case(name: "-0.0", node: T.real(-0.0), json: "-0.0"),
    Case(name: "nan", node: T.real(.nan), json: #""nan""#),
    Case(name: "+inf", node: T.real(.infinity), json: #""+infinity""#),
    Case(name: "-inf", node: T.real(-.infinity), json: #""-infinity""#),
    Case(name: "true", node: T.bool(true), json: "true"),
    Case(name: "false", node: T.bool(false), json: "false"),
    Case(name: "date", node: T.date(2004, 10, 26, 10, 33, 33), json: #""2004-10-26T10:33:33Z""#),
    Case(
      name: "date with fraction",
      node: PlistNode(.date(PlistDate(secondsSinceReferenceDate: 120_479_613.25))),
      json: #""2004-10-26T10:33:33.25Z""#),
    Case(name: "data", node: T.data(Array("<binary gunk>".utf8)), json: #""PGJpbmFyeSBndW5rPg==""#),
    Case(name: "empty data", node: T.data([]), json: #""""#),
    Case(name: "uid", node: T.uid(7), json: #"{"CF$UID":7}"#),
    Case(name: "empty dict", node: T.dict([]), json: "{}"),
    Case(name: "empty array", node: T.array([]), json: "[]"),
  ]

  @Test(arguments: scalarCases)
  func writesCompactJSON(_ c: Case) throws {
    let bytes = try JSONPlistWriter.write(c.node, pretty: false)
    #expect(String(decoding: bytes, as: UTF8.self) == c.json)
    // Everything we write is JSON that Foundation reads.
    _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  @Test func writesPrettyJSONInSourceOrderWithDuplicates() throws {
    let root = T.dict([
      ("CFBundleIdentifier", T.string("com.example.app")),
      ("list", T.array([T.int(1), T.array([]), T.dict([]), T.uid(3)])),
      ("nested", T.dict([("b", T.bool(false))])),
      ("CFBundleIdentifier", T.string("com.example.other")),
    ])
    let expected = """
      {
        "CFBundleIdentifier": "com.example.app",
        "list": [
          1,
          [],
          {},
          {"CF$UID": 3}
        ],
        "nested": {
          "b": false
        },
        "CFBundleIdentifier": "com.example.other"
      }

      """
    #expect(String(decoding: try JSONPlistWriter.write(root), as: UTF8.self) == expected)
    let compact = try JSONPlistWriter.write(root, pretty: false)
    #expect(
      String(decoding: compact, as: UTF8.self)
        == #"{"CFBundleIdentifier":"com.example.app","list":[1,[],{},{"CF$UID":3}],"#
        + #""nested":{"b":false},"CFBundleIdentifier":"com.example.other"}"#)
  }

  @Test func refusesNestingBeyondTheDepthLimit() throws {
    try LargeStack.run { () throws in
      _ = try JSONPlistWriter.write(T.nested(T.int(1), levels: PlistLimits.maxDepth))
      let error = #expect(throws: PlistError.self) {
        try JSONPlistWriter.write(T.nested(T.int(1), levels: PlistLimits.maxDepth + 1))
      }
      #expect(error?.kind == .limitExceeded)
      #expect(error?.message == PlistLimits.tooDeepToWrite)
    }
  }

  @Test func shortestRealsReadBackExactly() throws {
    for value in [
      0.1, 1.0 / 3, 123_456.789, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 2.5e-300,
    ] {
      let text = String(
        decoding: try JSONPlistWriter.write(T.real(value), pretty: false), as: UTF8.self)
      #expect(Double(text) == value, "\(text)")
    }
  }
}
