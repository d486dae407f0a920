import Foundation
import PlistCLI
import PlistCurses
import PlistUI

// Headless commands run and exit here; `infoscope PATH` and `--demo` on a terminal open the
// inspector (CLI.plan decides, and prints the lint report instead when stdout is no terminal).
// A command's tree is left for the process's exit to free (see FinishedTrees).
FinishedTrees.isKeeping = true
switch CLI.plan(Array(CommandLine.arguments.dropFirst())) {
case .exit(let status):
  exit(status)
case .interactive(let bundle, let options):
  let title: String
  switch options.source {
  case .demo: title = "demo: " + bundle.inputPath
  case .path(let path): title = path
  }
  inspect(
    requestedTheme: options.theme, report: "lint report", fallback: { CLI.lintReport(bundle) }
  ) {
    var session = Session(title: title, bundle: bundle)
    session.isInMemory = options.source == .demo
    return session
  }
case .comparison(let comparison, let options):
  let names = (old: DiffCommand.name(options.old), new: DiffCommand.name(options.new))
  inspect(
    requestedTheme: nil, report: "comparison",
    fallback: { CLI.run(["diff", "--format", "text", options.old, options.new]) }
  ) {
    Session(
      comparison: comparison, oldName: names.old, newName: names.new,
      linter: DiffCommand.linter(options))
  }
}

/// Runs the inspector on the session `make` builds, to the end of the process.
///
/// The inspector runs on a large stack (documents nest up to 100,000 levels), with the
/// terminal's signals routed to it; this thread waits. When the terminal cannot start the
/// inspector, `fallback` writes the `report` (its name) instead and gives the exit status.
func inspect(
  requestedTheme: String?, report: String, fallback: @escaping @Sendable () -> Int32,
  _ make: @escaping @Sendable () -> Session
) -> Never {
  CursesTerminal.onLargeStack { () throws(Never) -> Void in
    let environment = ProcessInfo.processInfo.environment
    let loader = ThemeLoader()
    func theme(colors: Int) throws(ThemeError) -> ThemeLoader.Resolution {
      try loader.resolution(
        requested: requestedTheme, environment: environment, colorCount: colors,
        executablePath: ThemeLoader.currentExecutablePath())
    }
    do {
      // A wrong --theme is reported before the screen changes.
      _ = try theme(colors: 256)
    } catch {
      // An error about a theme file starts with the file; any other with the program's name.
      let text = "\(error)"
      FileHandle.standardError.write(
        Data(((text.hasPrefix("error:") ? "infoscope: " : "") + text + "\n").utf8))
      exit(ExitStatus.usage.rawValue)
    }
    var session = make()
    session.keepRecoveryFiles(environment: environment)
    do throws(CursesError<ThemeError>) {
      let ending = try CursesTerminal.run { (terminal) throws(ThemeError) -> Inspector.Ending in
        let resolution = try theme(colors: terminal.colorCount)
        var state = AppState(session: session, size: terminal.size)
        if let note = resolution.note { state.show(StatusMessage(note)) }
        return Inspector.run(state, theme: resolution.theme, on: terminal).0
      }
      if ending == .interrupted {
        // Ctrl-C with nothing unsaved: die of SIGINT, the terminal restored, as a shell
        // expects (raised on this thread, where SIGINT is not blocked).
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
      }
    } catch {
      switch error {
      case .cannotStart(let reason):
        FileHandle.standardError.write(
          Data(
            "infoscope: cannot start the inspector (\(reason)); the \(report) follows\n".utf8))
        exit(fallback())
      case .body(let error):
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(ExitStatus.usage.rawValue)
      }
    }
    // The process ends here, on the large stack: returning would release the bundle's trees
    // on the main thread, whose stack a tree 100,000 levels deep overflows.
    exit(ExitStatus.success.rawValue)
  }
  exit(ExitStatus.success.rawValue)
}
