import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

/// Every command on documents nested to the depth limit, in XML, binary and ASCII; a million
/// levels refused quickly, in the same sentence for every format.
@Suite struct DeepDocumentCLITests {
  typealias Format = DeepDocument.Format

  static let depth = PlistLimits.maxDepth

  /// The key path of the leaf, as the command line spells it.
  static let leafPath = DeepDocument.leafPath(depth: depth).description

  /// Writes the deep document in `format` into the harness's folder; returns its path.
  static func write(_ format: Format, depth: Int = depth, in harness: CLIHarness) throws -> String {
    let path = harness.path("deep-\(format).plist")
    try Data(DeepDocument.bytes(format, depth: depth)).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The leaf of the document in the file at `path`, read on a large stack.
  static func leaf(at path: String) throws -> String? {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    return try LargeStack.run { () throws in
      try PlistReader.read(bytes: bytes).root.node(at: DeepDocument.leafPath(depth: depth))?
        .value.stringValue
    }
  }

  @Test(arguments: [Format.xml, .binary, .ascii])
  func printsTheWholeTree(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let run = harness.run(["print", try Self.write(format, in: harness)])
    #expect(run.status == 0)
    #expect(run.console.output.count(where: { $0 == 0x0A }) == Self.depth + 1)
    // The deepest line is indented as level 64, the deepest indentation printed.
    let indent = String(repeating: "  ", count: PlistLimits.maxIndentLevels)
    #expect(run.console.outputText.hasSuffix("\n" + indent + "[0]: string \"leaf\"\n"))
  }

  @Test(arguments: [Format.xml, .binary, .ascii])
  func lints(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let run = harness.run(["lint", try Self.write(format, in: harness)])
    #expect(run.status == 0)
    #expect(run.console.outputText.hasSuffix("0 errors, 0 warnings, 0 notes\n"))
  }

  @Test(arguments: [Format.xml, .binary, .ascii], ["xml", "binary", "json"])
  func converts(_ format: Format, to output: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let out = harness.path("out.\(output)")
    let run = harness.run([
      "convert", try Self.write(format, in: harness), "--to", output, "-o", out,
    ])
    #expect(run.status == 0, "\(run.console.errorText)")
    #expect(try Self.leaf(at: out) == "leaf")
  }

  @Test(arguments: [Format.xml, .binary, .ascii])
  func getsTheDeepestValue(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let run = harness.run(["get", try Self.write(format, in: harness), Self.leafPath])
    #expect(run.status == 0)
    #expect(run.console.outputText == "leaf\n")
  }

  @Test(arguments: [Format.xml, .binary])
  func setsTheDeepestValueKeepingTheRest(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try Self.write(format, in: harness)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let run = harness.run(["set", file, Self.leafPath, "changed"])
    #expect(run.status == 0, "\(run.console.errorText.prefix(300))")
    #expect(try Self.leaf(at: file) == "changed")
    let after = try Data(contentsOf: URL(fileURLWithPath: file))
    if format == .xml {
      // Only the leaf's text changed: every other byte is kept.
      let text = String(decoding: before, as: UTF8.self)
      let edited = text.replacingOccurrences(of: ">leaf<", with: ">changed<")
      #expect(String(decoding: after, as: UTF8.self) == edited)
    }
  }

  @Test(arguments: [Format.binary, .ascii])
  func diffsTheDeepestValue(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    // The same values in another format, then with the leaf changed.
    let old = try Self.write(format, in: harness)
    let same = harness.run(["diff", old, try Self.write(.xml, in: harness)])
    #expect(same.status == 0)
    #expect(same.console.outputText.contains("0 files changed (0 changes)"))
    let text = String(decoding: DeepDocument.bytes(.xml, depth: Self.depth), as: UTF8.self)
    let new = harness.path("changed.plist")
    try Data(text.replacingOccurrences(of: ">leaf<", with: ">other<").utf8)
      .write(to: URL(fileURLWithPath: new))
    let changed = harness.run(["diff", old, new])
    #expect(changed.status == 0)
    #expect(changed.console.outputText.contains("1 file changed (2 changes)"))
  }

  @Test(arguments: Format.allCases)
  func refusesAMillionLevelsQuicklyInTheSameSentence(_ format: Format) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try Self.write(format, depth: 1_000_000, in: harness)
    let clock = ContinuousClock()
    let start = clock.now
    let run = harness.run(["print", file])
    // Refused after 100,000 levels, in linear time: a second or two in a debug build, more
    // when the tests share the machine (reading 100,000 levels quadratically takes hours).
    #expect(clock.now - start < .seconds(15))
    #expect(run.status == 66)
    let sentence = "error: containers nest deeper than 100000 levels, the most infoscope reads"
    #expect(run.console.errorText.contains(sentence), "\(run.console.errorText)")
    #expect(run.console.errorText.hasPrefix(file + ":"))
  }
}
