import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistCLI

/// `infoscope diff OLD NEW` opens the inspector on a terminal unless `--format` is given, and
/// writes the text report anywhere else (issue 16, item 4).
@Suite struct DiffPlanTests {
  /// Two single Info.plist files whose build numbers differ, in a fresh folder.
  private func pair(in harness: CLIHarness) throws -> (old: String, new: String) {
    func info(_ build: Int) -> PlistNode {
      PlistNode(
        .dictionary(
          PlistDictionary([
            PlistEntry(key: "CFBundleShortVersionString", node: PlistNode(.string("1.0"))),
            PlistEntry(key: "CFBundleVersion", node: PlistNode(.string("\(build)"))),
          ])))
    }
    return (
      try harness.writeXML(info(318), named: "old.plist"),
      try harness.writeXML(info(319), named: "new.plist")
    )
  }

  @Test func onATerminalDiffPlansTheInspectorOnTheComparison() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (old, new) = try pair(in: harness)
    let console = BufferConsole(terminal: true)
    guard
      case .comparison(let comparison, let options) = CLI.plan(
        ["diff", old, new], console: console)
    else {
      Issue.record(
        "expected the inspector on the comparison, got \(CLI.plan(["diff", old, new], console: console))"
      )
      return
    }
    #expect(comparison.changeCount == 1)
    #expect(options.old == old)
    #expect(options.new == new)
    #expect(console.outputText.isEmpty)
  }

  @Test func anExplicitFormatOrNoTerminalWritesTheReport() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (old, new) = try pair(in: harness)
    for (arguments, terminal) in [
      (["diff", "--format", "text", old, new], true), (["diff", old, new], false),
    ] {
      let console = BufferConsole(terminal: terminal)
      guard case .exit(let status) = CLI.plan(arguments, console: console) else {
        Issue.record("expected the report for \(arguments), terminal \(terminal)")
        continue
      }
      #expect(status == 0)
      #expect(console.outputText.contains("changed CFBundleVersion: String \"318\" → \"319\""))
    }
  }

  @Test func runWritesTheReportWherePlanWouldOpenTheInspector() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (old, new) = try pair(in: harness)
    let console = BufferConsole(terminal: true)
    #expect(CLI.run(["diff", old, new], console: console) == 0)
    #expect(console.outputText.contains("changed CFBundleVersion: String \"318\" → \"319\""))
  }

  @Test func anInputThatCannotBeOpenedExits66BeforeAnyInspector() {
    let console = BufferConsole(terminal: true)
    guard
      case .exit(let status) = CLI.plan(
        ["diff", "/nonexistent/a.plist", "/nonexistent/b.plist"], console: console)
    else {
      Issue.record("expected an exit")
      return
    }
    #expect(status == 66)
    #expect(console.errorText.hasPrefix("/nonexistent/a.plist"))
  }

  /// A single file that is no valid property list cannot be compared: 66, naming it as given
  /// and where reading stopped, on a terminal or not (it used to pass as "nothing changed").
  @Test func anOldOrNewThatIsNoPropertyListExits66() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let (old, new) = try pair(in: harness)
    let broken = harness.path("broken.plist")
    try Data("<plist><dict><key>A</key>".utf8).write(to: URL(fileURLWithPath: broken))
    for (arguments, terminal) in [
      (["diff", broken, new], false), (["diff", old, broken], false),
      (["diff", broken, new], true),
    ] {
      let console = BufferConsole(terminal: terminal)
      guard case .exit(let status) = CLI.plan(arguments, console: console) else {
        Issue.record("expected an exit for \(arguments)")
        continue
      }
      #expect(status == 66, "\(arguments)")
      #expect(console.errorText.hasPrefix("\(broken):1:"), "\(console.errorText)")
      #expect(console.outputText.isEmpty)
    }
  }
}
