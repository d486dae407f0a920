import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

/// `get`: raw values as plutil prints them, subtrees as XML or JSON, a bundle's Info.plist.
@Suite struct GetCommandTests {
  @Test func getPrintsRawValuesAsPlutilDoes() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let tree = T.dict([
      ("s", T.string("two\nlines")), ("i", T.int(-42)), ("r", T.real(3)), ("t", T.bool(true)),
      ("d", T.date(2004, 10, 26, 10, 33, 33)), ("x", T.data([1, 2, 3])),
      ("a", T.array([T.string("1"), T.string("2")])),
      ("k", T.dict([("z", T.int(1)), ("a", T.int(2))])), ("e", T.dict([])),
    ])
    let file = try harness.writeXML(tree, named: "t.plist")
    let expected = [
      ("s", "two\nlines\n"), ("i", "-42\n"), ("r", "3.0\n"), ("t", "true\n"),
      ("d", "2004-10-26T10:33:33Z\n"), ("x", "AQID\n"), ("a", "2\n"), ("k", "z\na\n"), ("e", ""),
    ]
    for (key, text) in expected {
      let run = harness.run(["get", file, key])
      #expect(run.status == 0)
      #expect(run.console.outputText == text, "\(key)")
    }
  }

  @Test func getPrintsASubtreeAsXMLOrJSON() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let sub = T.dict([("z", T.int(1)), ("a", T.bool(false))])
    let file = try harness.writeXML(T.dict([("k", sub)]), named: "t.plist")
    let xml = harness.run(["get", file, "k", "--format", "xml"])
    #expect(xml.status == 0)
    #expect(xml.console.output == (try XMLPlistWriter.write(sub)))
    let json = harness.run(["get", "--format=json", file, "k"])
    #expect(json.console.outputText == "{\n  \"z\": 1,\n  \"a\": false\n}\n")
  }

  @Test func getReadsTheInfoPlistOfABundle() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let bundle = harness.path("App.app")
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    try Data(EditCommandsTests.sample(indent: "\t").utf8).write(
      to: URL(fileURLWithPath: harness.path("App.app/Info.plist")))
    let run = harness.run(["get", bundle, "CFBundleIdentifier"])
    #expect(run.status == 0)
    #expect(run.console.outputText == "com.example.app\n")
  }
}
