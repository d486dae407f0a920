import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

@Suite struct ConvertCommandTests {
  static let value = T.dict([
    ("name", T.string("a & b")), ("when", T.date(2004, 10, 26, 10, 33, 33)),
    ("bytes", T.data([1, 2, 3])),
  ])

  private func contents(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  @Test func writesXMLAndJSONToStandardOutput() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let xml = harness.run(["convert", file, "--to", "xml"])
    #expect(xml.status == 0)
    #expect(xml.console.output == (try XMLPlistWriter.write(Self.value)))
    let json = harness.run(["convert", file, "--to", "json", "-o", "-"])
    #expect(json.status == 0)
    #expect(
      json.console.outputText == """
        {
          "name": "a & b",
          "when": "2004-10-26T10:33:33Z",
          "bytes": "AQID"
        }

        """)
    #expect(try harness.names() == ["in.plist"])
  }

  /// The output buffer is sized from the input: the text's size and a quarter for text in and
  /// text out, the
  /// node count for binary output or binary input; the bytes written do not depend on it.
  @Test func sizesTheOutputFromTheInput() throws {
    let xmlText = try XMLPlistWriter.write(Self.value)
    let fromXML = try PlistReader.read(bytes: xmlText)
    let census = fromXML.root.census
    #expect(census == PlistCensus(nodes: 4, repeatsAKey: false))
    #expect(
      ConvertCommand.estimatedSize(of: fromXML, census: census, as: .xml)
        == xmlText.count + xmlText.count / 4 + 256)
    #expect(ConvertCommand.estimatedSize(of: fromXML, census: census, as: .binary) == 4)
    let fromBinary = try PlistReader.read(bytes: try BinaryPlistWriter.write(Self.value))
    #expect(ConvertCommand.estimatedSize(of: fromBinary, census: census, as: .json) == 416)
    for hint in [nil, 0, 1, 1 << 20] {
      #expect(try ConvertCommand.encode(fromBinary.root, as: .xml, sizeHint: hint) == xmlText)
      #expect(
        try ConvertCommand.encode(fromXML.root, as: .binary, sizeHint: hint)
          == (try BinaryPlistWriter.write(Self.value)))
    }
  }

  @Test func writesANewFileAtomicallyWithDefaultPermissions() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let out = harness.path("out.json")
    let run = harness.run(
      ["convert", file, "--to", "json", "-o", out])
    #expect(run.status == 0)
    #expect(run.console.output.isEmpty)
    #expect(try contents(out) == (try JSONPlistWriter.write(Self.value)))
    let mask = umask(0)
    umask(mask)
    #expect(try mode(out) == 0o666 & ~Int(mask))
    #expect(try harness.names() == ["in.plist", "out.json"])  // no temporary file left
  }

  @Test func replacesTheInputInPlaceKeepingPermissions() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    let run = harness.run(
      ["convert", file, "--to", "json", "--in-place"])
    #expect(run.status == 0)
    #expect(try contents(file) == (try JSONPlistWriter.write(Self.value)))
    #expect(try mode(file) == 0o640)
    #expect(try harness.names() == ["in.plist"])
  }

  @Test func refusesToOverwriteTheInputWithoutInPlace() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let before = try contents(file)
    let same = harness.run(["convert", file, "--to", "json", "-o", file])
    #expect(same.status == 64)
    #expect(
      same.console.errorText.hasPrefix(
        "infoscope: error: -o names the input \(file); use --in-place"))
    // The same file by another spelling, and through a symbolic link.
    let dotted = harness.folder.path + "/./in.plist"
    #expect(
      harness.run(["convert", file, "--to", "json", "-o", dotted]).status == 64)
    let link = harness.path("link.plist")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(
      harness.run(["convert", file, "--to", "json", "-o", link]).status == 64)
    #expect(try contents(file) == before)
  }

  @Test func writesThroughASymbolicLinkAndKeepsTheLink() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let target = harness.path("target.json")
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let link = harness.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let run = harness.run(
      ["convert", file, "--to", "json", "-o", link])
    #expect(run.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try contents(target) == (try JSONPlistWriter.write(Self.value)))
  }

  @Test func anUnwritableDestinationExits73() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let out = harness.path("no/such/folder/out.plist")
    let run = harness.run(
      ["convert", file, "--to", "xml", "-o", out])
    #expect(run.status == 73)
    #expect(
      run.console.errorText.hasPrefix(
        "\(out): error: the file was not saved: No such file or directory while creating a "
          + "temporary file"))
    #expect(try harness.names() == ["in.plist"])
  }

  @Test func writesBinaryThatReadsBackToTheSameTree() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let run = harness.run(
      ["convert", file, "--to", "binary"])
    #expect(run.status == 0)
    #expect(run.console.output.starts(with: Array("bplist00".utf8)))
    let back = try PlistReader.read(bytes: run.console.output)
    #expect(back.format == .binary)
    #expect(back.root == Self.value)
  }

}
