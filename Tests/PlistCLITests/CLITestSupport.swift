import Foundation
import PlistCore
import TestSupport

@testable import PlistCLI

/// Helpers for running the command in process, on files in a fresh temporary folder.
struct CLIHarness {
  let temporary: TemporaryFolder

  init() throws { temporary = try TemporaryFolder("cli") }

  /// The folder the files are in.
  var folder: URL { temporary.url }

  func remove() { temporary.remove() }

  func path(_ name: String) -> String { temporary.path(name) }

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

  /// Runs the command and returns the status and the console.
  func run(
    _ arguments: [String], input: [UInt8]? = nil, terminal: Bool = false
  ) -> (status: Int32, console: BufferConsole) {
    let console = BufferConsole(input: input, terminal: terminal)
    let status = CLI.run(arguments, console: console)
    return (status, console)
  }
}
