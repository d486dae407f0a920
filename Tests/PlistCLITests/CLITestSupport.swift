import Foundation
import PlistCore
import TestSupport

@testable import PlistCLI

/// Helpers for running the command in process, on files in a fresh temporary folder.
struct CLIHarness {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("infoscope-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Writes `node` as canonical XML with our own writer and returns the path.
  @discardableResult
  func writeXML(_ node: PlistNode, named name: String) throws -> String {
    let path = path(name)
    try Data(try XMLPlistWriter.write(node)).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The names in the folder, sorted (to show no temporary file was left behind).
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Runs the command with `reader` and returns the status and the console.
  func run(
    _ arguments: [String], input: [UInt8]? = nil, reader: @escaping CLI.DocumentReader
  ) -> (status: Int32, console: BufferConsole) {
    let console = BufferConsole(input: input)
    let status = CLI.run(arguments, console: console, read: reader)
    return (status, console)
  }
}

/// A reader for tests until every reader has landed: it knows the documents whose canonical
/// XML it is given (as written by `XMLPlistWriter`) and refuses anything else with a located
/// error. When the real XML reader reads the same bytes, tests may use either.
func stubReader(knowing nodes: [PlistNode]) -> CLI.DocumentReader {
  var table: [[UInt8]: PlistNode] = [:]
  for node in nodes {
    if let bytes = try? XMLPlistWriter.write(node) { table[bytes] = node }
  }
  let known = table
  return { (data, file) throws(PlistError) in
    guard let node = known[[UInt8](data)] else {
      throw PlistError(.malformed, "expected '<plist>'", line: 3, column: 5, file: file)
    }
    return PlistDocument(root: node, format: .xml, encoding: .utf8, text: [UInt8](data))
  }
}

/// True when the real XML reader has landed (it reads back what the writer writes).
let xmlReaderAvailable: Bool = {
  let node = TreeBuilder.dict([("a", TreeBuilder.int(1))])
  guard let bytes = try? XMLPlistWriter.write(node),
    let document = try? PlistReader.read(Data(bytes))
  else { return false }
  return document.root == node
}()
