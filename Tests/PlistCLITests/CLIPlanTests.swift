import Foundation
import PlistBundle
import Testing

@testable import PlistCLI

/// `infoscope PATH` and `infoscope --demo`: the inspector on a terminal, the lint report (and
/// lint's exit status) anywhere else.
@Suite struct CLIPlanTests {
  /// The lint report of `infoscope lint ARGS` in a fresh console.
  private func lint(_ arguments: [String]) -> (status: Int32, output: String) {
    let console = BufferConsole()
    let status = CLI.run(["lint"] + arguments, console: console)
    return (status, console.outputText)
  }

  /// A built bundle on disk (a `.bundle`, so no app rules apply) whose Info.plist writes
  /// CFBundleName twice: one warning.
  private func writeApp(in harness: CLIHarness) throws -> String {
    let app = harness.folder.appendingPathComponent("Demo.bundle")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(LintCommandTests.duplicate.utf8).write(to: app.appendingPathComponent("Info.plist"))
    return app.path
  }

  @Test func demoWithoutATerminalPrintsTheLintReport() {
    let console = BufferConsole(terminal: false)
    let plan = CLI.plan(["--demo"], console: console)
    guard case .exit(let status) = plan else {
      Issue.record("expected the report, not the inspector")
      return
    }
    let expected = lint(["--demo"])
    #expect(status == 1)
    #expect(status == expected.status)
    #expect(console.outputText == expected.output)
    #expect(console.outputText.hasSuffix("\n5 errors, 4 warnings, 1 note\n"))
    #expect(console.errorText.isEmpty)
  }

  /// `TERM=dumb` says why the inspector did not start (it used to print the report silently).
  @Test func aDumbTerminalSaysWhyTheInspectorDidNotStart() {
    let console = BufferConsole(terminal: false)
    console.variables["TERM"] = "dumb"
    guard case .exit(let status) = CLI.plan(["--demo"], console: console) else {
      Issue.record("expected the report, not the inspector")
      return
    }
    #expect(status == 1)
    #expect(console.outputText == lint(["--demo"]).output)
    #expect(
      console.errorText.hasPrefix(
        "infoscope: TERM is dumb, a terminal that cannot move the cursor, so the inspector did "
          + "not start; the lint report follows"))
  }

  @Test func demoOnATerminalPlansTheInspectorWithItsTheme() throws {
    let console = BufferConsole(terminal: true)
    let plan = CLI.plan(["--demo", "--theme", "high-contrast"], console: console)
    guard case .interactive(let bundle, let options) = plan else {
      Issue.record("expected the inspector")
      return
    }
    #expect(bundle.inputPath == "Trailhead.app")
    #expect(bundle.allBundles.map(\.path) == ["", "PlugIns/TrailheadWidgets.appex"])
    #expect(options == OpenOptions(source: .demo, theme: "high-contrast"))
    #expect(console.output.isEmpty)
    #expect(console.errorText.isEmpty)
  }

  @Test func pathWithoutATerminalPrintsTheLintReport() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = try writeApp(in: harness)
    let console = BufferConsole(terminal: false)
    guard case .exit(let status) = CLI.plan([app + "/"], console: console) else {
      Issue.record("expected the report, not the inspector")
      return
    }
    let expected = lint([app])
    #expect(status == 0)
    #expect(console.outputText == expected.output)
    #expect(console.outputText.hasPrefix(app + "/Info.plist:"))
    #expect(console.outputText.contains("[duplicate_key]"))
    // --strict is lint's; the plain report keeps lint's default threshold (errors).
    #expect(console.outputText.hasSuffix("0 errors, 1 warning, 0 notes\n"))
  }

  @Test func pathOnATerminalPlansTheInspectorOnTheLoadedBundle() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = try writeApp(in: harness)
    let console = BufferConsole(terminal: true)
    guard case .interactive(let bundle, let options) = CLI.plan([app], console: console) else {
      Issue.record("expected the inspector")
      return
    }
    #expect(bundle.inputPath == app)
    #expect(bundle.bundles.first?.infoPlistFile?.path == "Info.plist")
    #expect(options == OpenOptions(source: .path(app)))
  }

  @Test func aPathThatCannotBeOpenedExits66OnATerminal() {
    let console = BufferConsole(terminal: true)
    guard case .exit(let status) = CLI.plan(["/nonexistent/App.app"], console: console) else {
      Issue.record("expected an exit")
      return
    }
    #expect(status == 66)
    #expect(console.errorText.hasPrefix("/nonexistent/App.app: error: "))
  }

  @Test(arguments: [true, false])
  func aLoneWordThatNamesNoFileIsAnUnknownCommand(terminal: Bool) {
    let console = BufferConsole(terminal: terminal)
    guard case .exit(let status) = CLI.plan(["lnt"], console: console) else {
      Issue.record("expected an exit")
      return
    }
    #expect(status == 64)
    #expect(
      console.errorText.hasPrefix(
        "infoscope: error: unknown command 'lnt', and no file of that name\n\nUSAGE:"))
    #expect(console.output.isEmpty)
  }

  /// From a tester: `infoscope -` said "unknown command '-'"; it says what reads a pipe.
  @Test func theInspectorOnStandardInputSaysWhatReadsIt() {
    let console = BufferConsole(terminal: true)
    guard case .exit(let status) = CLI.plan(["-"], console: console) else {
      Issue.record("expected an exit")
      return
    }
    #expect(status == 64)
    #expect(
      console.errorText.hasPrefix(
        "infoscope: error: the inspector opens a file, not standard input; infoscope lint - or "
          + "print - read one from it\n"))
  }

  /// `run` is what the executable does until the inspector is wired in: on a terminal too, the
  /// report stands in for it.
  @Test func runFallsBackToTheReportOnATerminal() {
    let console = BufferConsole(terminal: true)
    console.variables["NO_COLOR"] = "1"
    let status = CLI.run(["--demo"], console: console)
    #expect(status == 1)
    #expect(console.outputText == lint(["--demo"]).output)
  }

  @Test func lintReportOfALoadedBundleMatchesLint() {
    let console = BufferConsole()
    let status = CLI.lintReport(DemoBundle.load(), console: console)
    #expect(status == 1)
    #expect(console.outputText == lint(["--demo"]).output)
  }

  @Test(arguments: [
    (true, "xterm-256color", true), (true, nil, true), (true, "dumb", false),
    (false, "xterm-256color", false), (false, nil, false),
  ])
  func aTerminalIsATTYWhoseTERMIsNotDumb(isatty: Bool, term: String?, expected: Bool) {
    #expect(StandardConsole.isTerminal(isatty: isatty, term: term) == expected)
  }
}
